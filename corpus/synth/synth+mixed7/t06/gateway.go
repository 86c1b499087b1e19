// Package t06 is a small MCP gateway: clients talk to it, it talks to one
// upstream MCP server over a single upstream session it owns.
package t06

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type Gateway struct {
	upstreamURL string
	client      *http.Client

	mu         sync.Mutex
	upstreamID string
	clients    map[string]bool
}

func NewGateway(upstream string) *Gateway {
	return &Gateway{upstreamURL: upstream, client: http.DefaultClient, clients: map[string]bool{}}
}

func (g *Gateway) Router() chi.Router {
	r := chi.NewRouter()
	r.Post("/mcp", g.post)
	return r
}

func jsonError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","error":{"code":%d,"message":%q},"id":null}`, code, msg)
}

func (g *Gateway) ensureUpstream(ctx context.Context) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.upstreamID != "" {
		return nil
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gw","version":"1"}}}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, g.upstreamURL, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := g.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("upstream initialize: %s", resp.Status)
	}
	g.upstreamID = resp.Header.Get("Mcp-Session-Id")
	return nil
}

func (g *Gateway) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		jsonError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var env struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		jsonError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	if env.Method == "initialize" {
		id := uuid.NewString()
		g.mu.Lock()
		g.clients[id] = true
		g.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}}}}`)
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		jsonError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	g.mu.Lock()
	known := g.clients[sid]
	g.mu.Unlock()
	if !known {
		jsonError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}

	if err := g.ensureUpstream(r.Context()); err != nil {
		log.Printf("gateway: %v", err)
		jsonError(w, http.StatusBadGateway, -32603, "upstream unavailable")
		return
	}

	up, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstreamURL, bytes.NewReader(body))
	up.Header.Set("Content-Type", "application/json")
	up.Header.Set("Accept", "application/json, text/event-stream")
	up.Header.Set("Mcp-Session-Id", r.Header.Get("Mcp-Session-Id"))
	resp, err := g.client.Do(up)
	if err != nil {
		log.Printf("gateway: forward: %v", err)
		jsonError(w, http.StatusBadGateway, -32603, "upstream unavailable")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
