// Package srv1 is a minimal Streamable HTTP MCP endpoint built on net/http.
package srv1

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"
)

const (
	latestVersion = "2025-11-25"
	sessionHeader = "Mcp-Session-Id"
)

var supportedVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

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

type session struct {
	id        string
	version   string
	createdAt time.Time
}

// Server keeps sessions in memory.
type Server struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func New() *Server {
	return &Server{sessions: make(map[string]*session)}
}

func (s *Server) Routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.handlePost)
	mux.HandleFunc("DELETE /mcp", s.handleDelete)
	return mux
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if id == nil {
		id = json.RawMessage("null")
	}
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

func negotiate(requested string) string {
	for _, v := range supportedVersions {
		if v == requested {
			return requested
		}
	}
	return latestVersion
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}

	if req.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		sess := &session{id: newID(), version: negotiate(p.ProtocolVersion), createdAt: time.Now()}
		s.mu.Lock()
		s.sessions[sess.id] = sess
		s.mu.Unlock()
		w.Header().Set(sessionHeader, sess.id)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{
			"protocolVersion": sess.version,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "srv1", "version": "0.1.0"},
		}})
		return
	}

	id := r.Header.Get(sessionHeader)
	if id == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, -32001, "Session not found", req.ID)
		return
	}

	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	log.Printf("session %s (%s): %s", sess.id, sess.version, req.Method)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}})
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	if id == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	delete(s.sessions, id)
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
