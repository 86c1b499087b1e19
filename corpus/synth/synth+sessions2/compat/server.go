// Package compat serves one MCP endpoint to both Streamable HTTP clients and
// older SSE clients that post to /message?sessionId=....
package compat

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

type Session struct {
	ID     string
	Events chan []byte
}

// Registry is the in-process session table.
type Registry struct {
	mu sync.Mutex
	m  map[string]*Session
}

func NewRegistry() *Registry { return &Registry{m: make(map[string]*Session)} }

func (g *Registry) Lookup(id string) (*Session, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	s, ok := g.m[id]
	return s, ok
}

func (g *Registry) Add(s *Session) {
	g.mu.Lock()
	g.m[s.ID] = s
	g.mu.Unlock()
}

var errNoSession = errors.New("no such session")

func (g *Registry) Attach(id string) (*Session, error) {
	s, ok := g.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("attach %s: %w", id, errNoSession)
	}
	return s, nil
}

type Handler struct {
	reg    *Registry
	invoke func(s *Session, method string, params json.RawMessage) (any, error)
	newID  func() string
}

func NewHandler(reg *Registry, newID func() string, invoke func(*Session, string, json.RawMessage) (any, error)) *Handler {
	return &Handler{reg: reg, newID: newID, invoke: invoke}
}

func (h *Handler) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", h.handlePost)
	mux.HandleFunc("POST /message", h.handlePost)
	mux.HandleFunc("GET /mcp", h.handleStream)
	mux.HandleFunc("GET /sse", h.handleStream)
}

type request struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
}

func (h *Handler) handlePost(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSONRPCError(w, nil, codeParseError, "Parse error")
		return
	}
	if req.Method == "initialize" {
		s := &Session{ID: h.newID(), Events: make(chan []byte, 16)}
		h.reg.Add(s)
		w.Header().Set("Mcp-Session-Id", s.ID)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"protocolVersion": "2025-03-26",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "compat-mcp", "version": "0.9.1"},
		}})
		return
	}

	sid := sessionIDFrom(r)
	if sid == "" {
		writeJSONRPCError(w, req.ID, codeServerError, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if !wellFormed(sid) {
		writeJSONRPCError(w, req.ID, codeServerError, "Bad Request: malformed session id")
		return
	}
	sess, ok := h.reg.Lookup(sid)
	if !ok {
		writeJSONRPCError(w, req.ID, codeInvalidRequest, "Invalid Request: unknown session")
		return
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	res, err := h.invoke(sess, req.Method, req.Params)
	if err != nil {
		writeJSONRPCError(w, req.ID, codeInternalError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": res})
}

func (h *Handler) handleStream(w http.ResponseWriter, r *http.Request) {
	sid := sessionIDFrom(r)
	if sid == "" {
		writeJSONRPCError(w, nil, codeServerError, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, err := h.reg.Attach(sid)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-sess.Events:
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", ev)
			flusher.Flush()
		}
	}
}
