package srv17

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

const serverRevision = "2025-06-18"

var (
	errNoSession      = errors.New("mcp: missing session header")
	errSessionUnknown = errors.New("mcp: session does not exist")
)

// appHandler lets handlers return a status and an error instead of writing them.
type appHandler func(http.ResponseWriter, *http.Request) (int, error)

func (fn appHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	status, err := fn(w, r)
	if err == nil {
		return
	}
	code := -32000
	switch {
	case errors.Is(err, errSessionUnknown):
		code = -32001
	case status >= 500:
		code = -32603
	}
	log.Printf("%s %s: %d %v", r.Method, r.URL.Path, status, err)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": err.Error()}})
}

type Server struct {
	mu    sync.Mutex
	state map[string]struct{}
}

func NewServer() *Server { return &Server{state: map[string]struct{}{}} }

// echoSession mirrors the session header on every response so browser
// clients behind our CDN can read it back.
func echoSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
			w.Header().Set("Mcp-Session-Id", sid)
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	r.Use(echoSession)
	r.Handle("/mcp", appHandler(s.stateless)).Methods(http.MethodPost).Headers("MCP-Protocol-Version", "2026-07-28")
	r.Handle("/mcp", appHandler(s.post)).Methods(http.MethodPost)
	r.Handle("/mcp", appHandler(s.delete)).Methods(http.MethodDelete)
	return r
}

func (s *Server) check(r *http.Request) error {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return errNoSession
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.state[sid]; !ok {
		return errSessionUnknown
	}
	return nil
}

func (s *Server) stateless(w http.ResponseWriter, r *http.Request) (int, error) {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		return http.StatusBadRequest, err
	}
	w.Header().Set("Content-Type", "application/json")
	return http.StatusOK, json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) (int, error) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		return http.StatusBadRequest, err
	}
	if m.Method == "initialize" {
		sid := uuid.NewString()
		s.mu.Lock()
		s.state[sid] = struct{}{}
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		w.Header().Set("Content-Type", "application/json")
		return http.StatusOK, json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": serverRevision,
			"capabilities":    map[string]any{},
		}})
	}
	if err := s.check(r); err != nil {
		if errors.Is(err, errNoSession) {
			return http.StatusNotFound, err
		}
		return http.StatusForbidden, err
	}
	if m.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return http.StatusAccepted, nil
	}
	w.Header().Set("Content-Type", "application/json")
	return http.StatusOK, json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) (int, error) {
	switch err := s.check(r); {
	case errors.Is(err, errNoSession):
		return http.StatusBadRequest, err
	case errors.Is(err, errSessionUnknown):
		return http.StatusNotFound, err
	}
	s.mu.Lock()
	delete(s.state, r.Header.Get("Mcp-Session-Id"))
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
	return http.StatusNoContent, nil
}
