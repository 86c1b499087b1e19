// Package s09 is an MCP gateway: clients hold a gateway session, the gateway
// holds its own session with the upstream MCP server.
package s09

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
)

type Gateway struct {
	Upstream string
	Client   *http.Client

	mu       sync.Mutex
	sessions map[string]string // gateway session id -> upstream session id
}

func NewGateway(upstream string) *Gateway {
	return &Gateway{Upstream: upstream, Client: http.DefaultClient, sessions: map[string]string{}}
}

func (g *Gateway) Mux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", g.handlePost)
	mux.HandleFunc("DELETE /mcp", g.handleDelete)
	return mux
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (g *Gateway) forward(r *http.Request, body []byte, upstreamSID string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.Upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" {
		req.Header.Set("Mcp-Protocol-Version", v)
	}
	if upstreamSID != "" {
		req.Header.Set("Mcp-Session-Id", upstreamSID)
	}
	return g.Client.Do(req)
}

func (g *Gateway) handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var msg envelope
	if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	var upstreamSID, localSID string
	if msg.Method != "initialize" {
		localSID = r.Header.Get("Mcp-Session-Id")
		if localSID == "" {
			writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
			return
		}
		g.mu.Lock()
		sid, ok := g.sessions[localSID]
		g.mu.Unlock()
		if !ok {
			writeError(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
			return
		}
		upstreamSID = sid
	}

	resp, err := g.forward(r, body, upstreamSID)
	if err != nil {
		log.Printf("gateway: upstream %s: %v", g.Upstream, err)
		writeError(w, http.StatusBadRequest, -32000, "upstream request failed", msg.ID)
		return
	}
	defer resp.Body.Close()

	if resp.StatusCode == http.StatusNotFound && upstreamSID != "" {
		g.mu.Lock()
		delete(g.sessions, localSID)
		g.mu.Unlock()
		writeError(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}

	if msg.Method == "initialize" {
		payload, err := io.ReadAll(resp.Body)
		if err != nil {
			writeError(w, http.StatusBadGateway, -32603, "Internal error", msg.ID)
			return
		}
		var answer envelope
		ok := resp.StatusCode == http.StatusOK && json.Unmarshal(payload, &answer) == nil && len(answer.Error) == 0
		up := resp.Header.Get("Mcp-Session-Id")
		if ok && up != "" {
			localSID = rand.Text()
			g.mu.Lock()
			g.sessions[localSID] = up
			g.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", localSID)
		}
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.WriteHeader(resp.StatusCode)
		w.Write(payload)
		return
	}

	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

func (g *Gateway) handleDelete(w http.ResponseWriter, r *http.Request) {
	localSID := r.Header.Get("Mcp-Session-Id")
	if localSID == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	g.mu.Lock()
	up, ok := g.sessions[localSID]
	delete(g.sessions, localSID)
	g.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodDelete, g.Upstream, nil)
	req.Header.Set("Mcp-Session-Id", up)
	if resp, err := g.Client.Do(req); err == nil {
		resp.Body.Close()
	}
	w.WriteHeader(http.StatusNoContent)
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
