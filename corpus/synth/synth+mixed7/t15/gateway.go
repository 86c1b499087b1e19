// Package t15 fronts an upstream MCP server. Each downstream client gets its
// own gateway session; the gateway holds one upstream session of its own.
package t15

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"sync"
)

type Gateway struct {
	UpstreamURL string
	Client      *http.Client

	upMu      sync.Mutex
	upSession string

	mu      sync.RWMutex
	clients map[string]struct{}
}

func (g *Gateway) replyError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (g *Gateway) upstreamSession() (string, error) {
	g.upMu.Lock()
	defer g.upMu.Unlock()
	if g.upSession != "" {
		return g.upSession, nil
	}
	init := []byte(`{"jsonrpc":"2.0","id":"gw-init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gateway","version":"2"}}}`)
	req, _ := http.NewRequest(http.MethodPost, g.UpstreamURL, bytes.NewReader(init))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := g.Client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	id := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || id == "" {
		return "", errors.New("upstream refused initialize: " + resp.Status)
	}
	g.upSession = id
	return id, nil
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		g.replyError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		g.replyError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	var env struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  string          `json:"method"`
	}
	if !json.Valid(body) {
		g.replyError(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON")
		return
	}
	if err := json.Unmarshal(body, &env); err != nil || env.JSONRPC != "2.0" {
		g.replyError(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}

	if env.Method == "initialize" {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			g.replyError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		id := hex.EncodeToString(b[:])
		g.mu.Lock()
		if g.clients == nil {
			g.clients = map[string]struct{}{}
		}
		g.clients[id] = struct{}{}
		g.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
		}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		g.replyError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	g.mu.RLock()
	_, ok := g.clients[sid]
	g.mu.RUnlock()
	if !ok {
		g.replyError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}

	upID, err := g.upstreamSession()
	if err != nil {
		log.Printf("gateway: %v", err)
		g.replyError(w, http.StatusBadGateway, -32603, "Internal error")
		return
	}
	up, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, g.UpstreamURL, bytes.NewReader(body))
	up.Header.Set("Content-Type", "application/json")
	up.Header.Set("Accept", "application/json, text/event-stream")
	up.Header.Set("Mcp-Session-Id", upID)
	resp, err := g.Client.Do(up)
	if err != nil {
		log.Printf("gateway: forward: %v", err)
		g.replyError(w, http.StatusBadGateway, -32603, "Internal error")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
