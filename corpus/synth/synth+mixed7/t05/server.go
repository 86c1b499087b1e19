package t05

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"log"
	"net/http"
	"sync"
	"time"
)

type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method"`
	Params  json.RawMessage  `json:"params,omitempty"`
}

type clientSession struct {
	id      string
	created time.Time
}

type Server struct {
	mu       sync.Mutex
	sessions map[string]*clientSession
}

func NewServer() *Server { return &Server{sessions: map[string]*clientSession{}} }

func (s *Server) Mux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.handlePost)
	mux.HandleFunc("DELETE /mcp", s.handleDelete)
	return mux
}

func newSessionID() (string, error) {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

func writeJSONError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeJSONError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")

	if msg.Method == "initialize" {
		if sid == "" {
			var err error
			if sid, err = newSessionID(); err != nil {
				log.Printf("mcp: session id: %v", err)
				writeJSONError(w, http.StatusInternalServerError, -32603, "Internal error")
				return
			}
		}
		s.mu.Lock()
		s.sessions[sid] = &clientSession{id: sid, created: time.Now()}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
			"protocolVersion": "2025-03-26", "capabilities": map[string]any{"resources": map[string]any{}},
		}})
		return
	}

	if sid == "" {
		writeJSONError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		writeJSONError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeJSONError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[sid]; !ok {
		writeJSONError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	delete(s.sessions, sid)
	w.WriteHeader(http.StatusNoContent)
}
