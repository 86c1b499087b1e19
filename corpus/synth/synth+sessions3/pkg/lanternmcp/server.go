// Package lanternmcp is a tiny Streamable HTTP endpoint for the lantern tool set.
package lanternmcp

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"
)

type session struct {
	id       string
	created  time.Time
	lastSeen time.Time
	events   chan []byte
}

// Server keeps sessions in memory; a restart forgets all of them.
type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
	tools    map[string]ToolFunc
}

type ToolFunc func(args json.RawMessage) (any, error)

func New() *Server {
	return &Server{sessions: make(map[string]*session), tools: make(map[string]ToolFunc)}
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		s.handlePost(w, r)
	case http.MethodGet:
		s.handleGet(w, r)
	case http.MethodDelete:
		s.handleDelete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32000, "could not read body")
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeErr(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}

	if req.Method == "initialize" {
		sess := &session{id: newID(), created: time.Now(), lastSeen: time.Now(), events: make(chan []byte, 16)}
		s.mu.Lock()
		s.sessions[sess.id] = sess
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sess.id)
		writeResult(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"serverInfo":      map[string]string{"name": "lantern", "version": "0.3.1"},
			"capabilities":    map[string]any{"tools": map[string]any{}},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeErr(w, http.StatusNotFound, req.ID, -32000, "session id required")
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[sid]
	if ok {
		sess.lastSeen = time.Now()
	}
	s.mu.Unlock()
	if !ok {
		writeErr(w, http.StatusNotFound, req.ID, -32001, "Session not found")
		return
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s.dispatch(w, &req)
}

func (s *Server) dispatch(w http.ResponseWriter, req *rpcRequest) {
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, map[string]any{})
	case "tools/list":
		names := make([]map[string]string, 0, len(s.tools))
		for n := range s.tools {
			names = append(names, map[string]string{"name": n})
		}
		writeResult(w, req.ID, map[string]any{"tools": names})
	default:
		writeErr(w, http.StatusOK, req.ID, -32601, "Method not found")
	}
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unknown session", http.StatusNotFound)
		return
	}
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-sess.events:
			_, _ = w.Write([]byte("event: message\ndata: "))
			_, _ = w.Write(ev)
			_, _ = w.Write([]byte("\n\n"))
			if flusher != nil {
				flusher.Flush()
			}
		}
	}
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	delete(s.sessions, sid)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Result: result})
}

func writeErr(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}
