// Package s27 is a per-client MCP gateway: every client session maps to its
// own upstream session.
package s27

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

type link struct {
	upstreamID string
}

type Gateway struct {
	upstream string
	client   *http.Client

	mu    sync.RWMutex
	links map[string]*link
}

func New(upstream string) *Gateway {
	return &Gateway{upstream: upstream, client: &http.Client{}, links: map[string]*link{}}
}

func (g *Gateway) Router() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/mcp", g.post).Methods(http.MethodPost)
	r.HandleFunc("/mcp", g.del).Methods(http.MethodDelete)
	return r
}

type rpcEnvelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Error   *struct {
		Code int `json:"code"`
	} `json:"error,omitempty"`
}

func writeErr(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (g *Gateway) upstreamPost(r *http.Request, body []byte, sid string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	return g.client.Do(req)
}

func (g *Gateway) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var env rpcEnvelope
	if err := json.Unmarshal(body, &env); err != nil || env.JSONRPC != "2.0" {
		writeErr(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if env.Method == "initialize" {
		local := uuid.NewString()
		l := &link{}
		g.mu.Lock()
		g.links[local] = l
		g.mu.Unlock()

		resp, err := g.upstreamPost(r, body, "")
		if err != nil {
			g.mu.Lock()
			delete(g.links, local)
			g.mu.Unlock()
			log.Printf("gateway: upstream initialize: %v", err)
			writeErr(w, http.StatusBadGateway, -32603, "Internal error", env.ID)
			return
		}
		defer resp.Body.Close()
		payload, _ := io.ReadAll(resp.Body)
		var answer rpcEnvelope
		json.Unmarshal(payload, &answer)
		if resp.StatusCode != http.StatusOK || answer.Error != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(resp.StatusCode)
			w.Write(payload)
			return
		}
		l.upstreamID = resp.Header.Get("Mcp-Session-Id")
		w.Header().Set("Mcp-Session-Id", local)
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.Write(payload)
		return
	}

	local := r.Header.Get("Mcp-Session-Id")
	if local == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", env.ID)
		return
	}
	g.mu.RLock()
	l, ok := g.links[local]
	g.mu.RUnlock()
	if !ok {
		writeErr(w, http.StatusNotFound, -32001, "Session not found", env.ID)
		return
	}
	resp, err := g.upstreamPost(r, body, l.upstreamID)
	if err != nil {
		log.Printf("gateway: forward %s: %v", env.Method, err)
		writeErr(w, http.StatusBadGateway, -32603, "Internal error", env.ID)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		g.mu.Lock()
		delete(g.links, local)
		g.mu.Unlock()
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

func (g *Gateway) del(w http.ResponseWriter, r *http.Request) {
	local := r.Header.Get("Mcp-Session-Id")
	if local == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	g.mu.Lock()
	l, ok := g.links[local]
	delete(g.links, local)
	g.mu.Unlock()
	if !ok {
		writeErr(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodDelete, g.upstream, nil)
	if err == nil {
		req.Header.Set("Mcp-Session-Id", l.upstreamID)
		if resp, err := g.client.Do(req); err == nil {
			resp.Body.Close()
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
