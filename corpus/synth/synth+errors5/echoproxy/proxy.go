// Package echoproxy spreads MCP sessions over a set of backend servers.
// The backend that answered a session's initialize keeps the session; the
// mapping lives in Redis so that any proxy replica can route follow-ups.
package echoproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"example.com/synth/errors5/echoproxy/internal/httperr"
)

const affinityTTL = 12 * time.Hour

type Proxy struct {
	backends []string
	next     atomic.Uint64
	rdb      *redis.Client
	hc       *http.Client
}

func New(backends []string, rdb *redis.Client) *Proxy {
	return &Proxy{backends: backends, rdb: rdb, hc: &http.Client{Timeout: 60 * time.Second}}
}

func (p *Proxy) Register(e *echo.Echo) {
	e.POST("/mcp", p.handle)
	e.DELETE("/mcp", p.handle)
}

func affinityKey(sid string) string { return "mcp:affinity:" + sid }

type peek struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	ID      json.RawMessage `json:"id"`
}

func (p *Proxy) handle(c echo.Context) error {
	ctx := c.Request().Context()
	sid := c.Request().Header.Get("Mcp-Session-Id")

	var body []byte
	var msg peek
	if c.Request().Method == http.MethodPost {
		var err error
		if body, err = io.ReadAll(c.Request().Body); err != nil {
			return httperr.Unreadable()
		}
		if err := json.Unmarshal(body, &msg); err != nil {
			var syn *json.SyntaxError
			if errors.As(err, &syn) {
				return httperr.ParseError("body is not valid JSON")
			}
			return httperr.InvalidRequest("expected a single JSON-RPC message")
		}
	}

	var backend string
	if sid == "" {
		if msg.Method != "initialize" {
			return httperr.SessionRequired()
		}
		backend = p.backends[p.next.Add(1)%uint64(len(p.backends))]
	} else {
		var err error
		backend, err = p.rdb.Get(ctx, affinityKey(sid)).Result()
		if errors.Is(err, redis.Nil) {
			return httperr.SessionNotFound()
		}
		if err != nil {
			c.Logger().Errorf("affinity lookup for %s: %v", sid, err)
			return httperr.InvalidRequest("unknown session")
		}
	}

	out, err := http.NewRequestWithContext(ctx, c.Request().Method, backend, bytes.NewReader(body))
	if err != nil {
		return httperr.Internal()
	}
	for _, h := range []string{"Content-Type", "Accept", "Mcp-Session-Id", "Mcp-Protocol-Version", "Authorization"} {
		if v := c.Request().Header.Get(h); v != "" {
			out.Header.Set(h, v)
		}
	}
	resp, err := p.hc.Do(out)
	if err != nil {
		c.Logger().Warnf("backend %s: %v", backend, err)
		return httperr.ParseError("backend did not answer")
	}
	defer resp.Body.Close()

	if newID := resp.Header.Get("Mcp-Session-Id"); newID != "" && sid == "" {
		if err := p.rdb.Set(ctx, affinityKey(newID), backend, affinityTTL).Err(); err != nil {
			c.Logger().Errorf("storing affinity for %s: %v", newID, err)
			p.abandon(backend, newID)
			return httperr.Internal()
		}
		c.Response().Header().Set("Mcp-Session-Id", newID)
	}
	if c.Request().Method == http.MethodDelete && resp.StatusCode < 300 {
		p.rdb.Del(ctx, affinityKey(sid))
	}
	return c.Stream(resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body)
}

// abandon terminates a backend session the proxy could not record, so it
// does not linger until the backend's idle timeout.
func (p *Proxy) abandon(backend, sid string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, backend, nil)
	if err != nil {
		return
	}
	req.Header.Set("Mcp-Session-Id", sid)
	if resp, err := p.hc.Do(req); err == nil {
		resp.Body.Close()
	}
}
