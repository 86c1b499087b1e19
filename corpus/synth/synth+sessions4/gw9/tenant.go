// Package gw9 is a multi-tenant MCP gateway: each tenant gets its own upstream
// session, opened by the gateway with the tenant's service credentials.
package gw9

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type upstreamSession struct {
	id      string
	version string
	token   string
}

type Gateway struct {
	upstreamURL string
	hc          *http.Client
	tokens      map[string]string // tenant -> upstream token

	mu        sync.Mutex
	upstreams map[string]*upstreamSession // tenant -> upstream session
	clients   map[string]string           // downstream session -> tenant
}

func New(upstreamURL string, tokens map[string]string) *Gateway {
	return &Gateway{
		upstreamURL: upstreamURL,
		hc:          &http.Client{},
		tokens:      tokens,
		upstreams:   map[string]*upstreamSession{},
		clients:     map[string]string{},
	}
}

func (g *Gateway) upstreamFor(ctx context.Context, tenant string) (*upstreamSession, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if u, ok := g.upstreams[tenant]; ok {
		return u, nil
	}
	tok := g.tokens[tenant]
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gw9"}}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.upstreamURL, bytes.NewBufferString(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := g.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("upstream initialize for %s: %s", tenant, resp.Status)
	}
	var r struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, err
	}
	u := &upstreamSession{id: resp.Header.Get("Mcp-Session-Id"), version: r.Result.ProtocolVersion, token: tok}
	g.upstreams[tenant] = u
	return u, nil
}

func fail(c echo.Context, status, code int, msg string) error {
	return c.JSON(status, echo.Map{"jsonrpc": "2.0", "id": nil, "error": echo.Map{"code": code, "message": msg}})
}

func (g *Gateway) Handle(c echo.Context) error {
	tenant := c.Request().Header.Get("X-Tenant")
	if _, ok := g.tokens[tenant]; !ok {
		return fail(c, http.StatusForbidden, -32000, "Forbidden: unknown tenant")
	}
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return fail(c, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal(raw, &msg); err != nil {
		return fail(c, http.StatusBadRequest, -32700, "Parse error")
	}
	up, err := g.upstreamFor(c.Request().Context(), tenant)
	if err != nil {
		c.Logger().Error(err)
		return fail(c, http.StatusInternalServerError, -32603, "Internal error")
	}

	if msg.Method == "initialize" {
		sid := uuid.NewString()
		g.mu.Lock()
		g.clients[sid] = tenant
		g.mu.Unlock()
		c.Response().Header().Set("Mcp-Session-Id", sid)
		return c.JSON(http.StatusOK, echo.Map{"jsonrpc": "2.0", "id": msg.ID, "result": echo.Map{"protocolVersion": up.version, "capabilities": echo.Map{"tools": echo.Map{}}}})
	}

	sid := c.Request().Header.Get("Mcp-Session-Id")
	if sid == "" {
		return fail(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	g.mu.Lock()
	if _, ok := g.clients[sid]; !ok {
		// pod restarted and lost the table; trust the tenant header
		g.clients[sid] = tenant
	}
	g.mu.Unlock()

	req, err := http.NewRequestWithContext(c.Request().Context(), http.MethodPost, g.upstreamURL, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header = c.Request().Header.Clone()
	if req.Header.Get("Mcp-Session-Id") == "" {
		req.Header.Set("Mcp-Session-Id", up.id)
	}
	req.Header.Set("MCP-Protocol-Version", up.version)
	req.Header.Set("Authorization", "Bearer "+up.token)
	req.Header.Del("X-Tenant")

	resp, err := g.hc.Do(req)
	if err != nil {
		return fail(c, http.StatusBadGateway, -32603, "Internal error")
	}
	defer resp.Body.Close()
	return c.Stream(resp.StatusCode, resp.Header.Get("Content-Type"), resp.Body)
}
