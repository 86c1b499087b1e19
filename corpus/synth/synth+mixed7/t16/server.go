package t16

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"example.com/synth/mixed7/t16/rpc"
)

type Server struct {
	mu       sync.Mutex
	sessions map[string]string
}

func New() *Server { return &Server{sessions: map[string]string{}} }

func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	r.Handle("/mcp", rpc.HandlerFunc(s.post)).Methods("POST")
	r.Handle("/mcp", rpc.HandlerFunc(s.del)).Methods("DELETE")
	return r
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *Server) sessionFor(r *http.Request) (string, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return "", rpc.NewError(http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[id]; !ok {
		return "", rpc.NewError(http.StatusForbidden, -32001, "unknown session")
	}
	return id, nil
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) error {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		return rpc.NewError(http.StatusBadRequest, -32700, "Parse error")
	}
	if c.Method == "initialize" {
		id := uuid.NewString()
		s.mu.Lock()
		s.sessions[id] = "2025-06-18"
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
	}
	if _, err := s.sessionFor(r); err != nil {
		return err
	}
	if len(c.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return nil
	}
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": map[string]any{}})
}

func (s *Server) del(w http.ResponseWriter, r *http.Request) error {
	id, err := s.sessionFor(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	delete(s.sessions, id)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
	return nil
}
