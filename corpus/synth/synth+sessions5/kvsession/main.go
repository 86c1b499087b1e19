// Command kvsession is a Redis-backed MCP server on echo.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"example.com/synth/sessions5/kvsession/api"
	"example.com/synth/sessions5/kvsession/kv"
)

type engine struct{}

func (engine) Initialize(_ context.Context, params json.RawMessage) (any, error) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.ProtocolVersion == "" {
		return nil, &api.ParamsError{Reason: "protocolVersion missing"}
	}
	return map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "kvsession", "version": "0.1.0"},
	}, nil
}

func (engine) Call(_ context.Context, sess kv.Session, method string, _ json.RawMessage) (any, error) {
	switch method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{}}, nil
	}
	return nil, fmt.Errorf("unknown method %q", method)
}

func main() {
	e := echo.New()
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	a := &api.API{Store: kv.NewStore(rdb, 24*time.Hour), Engine: engine{}}
	a.Register(e)
	e.Logger.Fatal(e.Start(":8070"))
}
