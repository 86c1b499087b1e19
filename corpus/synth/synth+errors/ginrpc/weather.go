package ginrpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

const forecastTTL = 10 * time.Minute

type weatherTools struct {
	rdb    *redis.Client
	apiKey string
	http   *http.Client
}

func newWeatherTools(rdb *redis.Client, apiKey string) *weatherTools {
	return &weatherTools{rdb: rdb, apiKey: apiKey, http: &http.Client{Timeout: 8 * time.Second}}
}

type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

func (t *weatherTools) list(context.Context, json.RawMessage) (any, *RPCError) {
	return gin.H{"tools": []gin.H{{
		"name":        "forecast",
		"description": "Daily forecast for a city",
		"inputSchema": gin.H{
			"type":       "object",
			"properties": gin.H{"city": gin.H{"type": "string"}, "days": gin.H{"type": "integer"}},
			"required":   []string{"city"},
		},
	}}}, nil
}

func (t *weatherTools) call(ctx context.Context, params json.RawMessage) (any, *RPCError) {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, &RPCError{Code: CodeInvalidParams, Message: "params must be an object"}
	}
	if p.Name != "forecast" {
		return nil, &RPCError{Code: CodeInvalidParams, Message: "unknown tool: " + p.Name}
	}
	var args forecastArgs
	if err := json.Unmarshal(p.Arguments, &args); err != nil {
		return nil, &RPCError{Code: CodeParseError, Message: "could not parse arguments: " + err.Error()}
	}
	if args.Days <= 0 {
		args.Days = 3
	}

	key := fmt.Sprintf("forecast:%s:%d", args.City, args.Days)
	cached, err := t.rdb.Get(ctx, key).Result()
	switch {
	case err == nil:
		return textResult(cached), nil
	case errors.Is(err, redis.Nil):
	default:
		return nil, &RPCError{Code: CodeInvalidParams, Message: "forecast cache: " + err.Error()}
	}

	text, err := t.fetch(ctx, args)
	if err != nil {
		return gin.H{"content": []gin.H{{"type": "text", "text": err.Error()}}, "isError": true}, nil
	}
	t.rdb.Set(ctx, key, text, forecastTTL)
	return textResult(text), nil
}

func (t *weatherTools) fetch(ctx context.Context, args forecastArgs) (string, error) {
	q := url.Values{"q": {args.City}, "days": {fmt.Sprint(args.Days)}, "key": {t.apiKey}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.weatherapi.com/v1/forecast.json?"+q.Encode(), nil)
	if err != nil {
		return "", err
	}
	resp, err := t.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("weather service: %s", resp.Status)
	}
	return string(b), nil
}

func textResult(s string) gin.H {
	return gin.H{"content": []gin.H{{"type": "text", "text": s}}}
}
