// Package gw1 fronts a single upstream MCP server and adds API-key auth.
package gw1

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/google/uuid"
)

type Gateway struct {
	upstreamURL string
	client      *http.Client

	// upstream session, established once at startup
	upSession string
	upVersion string

	mu         sync.RWMutex
	downstream map[string]struct{}
}

func New(ctx context.Context, upstreamURL string) (*Gateway, error) {
	g := &Gateway{upstreamURL: upstreamURL, client: &http.Client{}, downstream: map[string]struct{}{}}
	if err := g.initUpstream(ctx); err != nil {
		return nil, fmt.Errorf("init upstream: %w", err)
	}
	return g, nil
}

func (g *Gateway) initUpstream(ctx context.Context) error {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"gw1","version":"1.0"}}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.upstreamURL, bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := g.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return err
	}
	g.upSession = resp.Header.Get("Mcp-Session-Id")
	g.upVersion = out.Result.ProtocolVersion
	return nil
}

func rpcErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`, code, msg)
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var probe struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		rpcErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if probe.Method == "initialize" {
		id := uuid.NewString()
		g.mu.Lock()
		g.downstream[id] = struct{}{}
		g.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{"tools":{}},"serverInfo":{"name":"gw1","version":"1.0"}}}`, probe.ID, g.upVersion)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcErr(w, http.StatusUnauthorized, -32000, "Unauthorized: Mcp-Session-Id header is required")
		return
	}
	g.mu.RLock()
	_, ok := g.downstream[sid]
	g.mu.RUnlock()
	if !ok {
		rpcErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if probe.Method == "notifications/initialized" {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	up, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstreamURL, bytes.NewReader(body))
	if err != nil {
		rpcErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	up.Header.Set("Content-Type", "application/json")
	up.Header.Set("Accept", "application/json, text/event-stream")
	up.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	up.Header.Set("MCP-Protocol-Version", g.upVersion)

	resp, err := g.client.Do(up)
	if err != nil {
		rpcErr(w, http.StatusBadGateway, -32603, "Internal error: upstream unavailable")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
