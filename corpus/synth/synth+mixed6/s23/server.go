// Package s23 is the weather MCP server.
package s23

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
)

type Session struct {
	ID      string
	Version string
}

type Sessions interface {
	Load(id string) (*Session, bool)
	Store(s *Session)
	Drop(id string) bool
}

type memSessions struct {
	mu sync.Mutex
	m  map[string]*Session
}

func (s *memSessions) Load(id string) (*Session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[id]
	return v, ok
}

func (s *memSessions) Store(v *Session) {
	s.mu.Lock()
	s.m[v.ID] = v
	s.mu.Unlock()
}

func (s *memSessions) Drop(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[id]
	delete(s.m, id)
	return ok
}

type Server struct {
	sessions Sessions
}

func New() *Server { return &Server{sessions: &memSessions{m: map[string]*Session{}}} }

func (s *Server) Routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.post)
	mux.HandleFunc("GET /mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "POST, DELETE")
		errorJSON(w, http.StatusMethodNotAllowed, -32000, "Method not allowed: no standalone stream", nil)
	})
	mux.HandleFunc("DELETE /mcp", s.delete)
	return mux
}

func errorJSON(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func resultJSON(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		errorJSON(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id,omitempty"`
		Method  string          `json:"method"`
	}
	switch {
	case !json.Valid(body):
		errorJSON(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	case json.Unmarshal(body, &msg) != nil, msg.JSONRPC != "2.0":
		errorJSON(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if msg.Method == "initialize" {
		if len(msg.ID) == 0 {
			errorJSON(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		b := make([]byte, 20)
		if _, err := rand.Read(b); err != nil {
			log.Printf("weather-mcp: session id: %v", err)
			errorJSON(w, http.StatusInternalServerError, -32603, "Internal error", msg.ID)
			return
		}
		sess := &Session{ID: idEncoding.EncodeToString(b), Version: "2025-06-18"}
		s.sessions.Store(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		resultJSON(w, msg.ID, map[string]any{
			"protocolVersion": sess.Version,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "weather", "version": "0.2.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	sess, ok := s.sessions.Load(sid)
	switch {
	case sid == "":
		errorJSON(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", msg.ID)
		return
	case !ok:
		errorJSON(w, http.StatusNotFound, -32001, "Session not found", msg.ID)
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "ping":
		resultJSON(w, msg.ID, map[string]any{})
	case "tools/list":
		resultJSON(w, msg.ID, map[string]any{"tools": []any{}, "_meta": map[string]any{"protocol": sess.Version}})
	default:
		errorJSON(w, http.StatusOK, -32601, "Method not found", msg.ID)
	}
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		errorJSON(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	if !s.sessions.Drop(sid) {
		errorJSON(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
