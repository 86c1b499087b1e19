package srv16

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

// Revisions this server speaks, newest first.
var Revisions = []string{"2026-07-28", "2025-11-25", "2025-06-18"}

func supports(v string) bool {
	for _, r := range Revisions {
		if r == v {
			return true
		}
	}
	return false
}

// negotiate implements the initialize version rule.
func negotiate(requested string) string {
	if supports(requested) {
		return requested
	}
	return Revisions[1]
}

type Server struct {
	mu       sync.Mutex
	sessions map[string]string
}

func NewServer() *Server { return &Server{sessions: map[string]string{}} }

func problem(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func versionGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("Mcp-Protocol-Version"); v != "" && !supports(v) && v != "2025-03-26" {
			problem(w, http.StatusBadRequest, -32000, "Bad Request: unsupported protocol version "+v+" (supported: "+strings.Join(Revisions, ", ")+")")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	api := r.PathPrefix("/mcp").Subrouter()
	api.Use(versionGuard)
	api.HandleFunc("", s.post).Methods(http.MethodPost)
	r.HandleFunc("/events", s.events).Methods(http.MethodGet)
	return r
}

// events is the legacy notification stream used by the dashboard.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" && !supports(v) {
		problem(w, http.StatusHTTPVersionNotSupported, -32000, "protocol version not supported")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		problem(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		problem(w, http.StatusForbidden, -32000, "Forbidden: session closed")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		problem(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if r.Header.Get("Mcp-Protocol-Version") == "2026-07-28" {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
		return
	}
	if msg.Method == "initialize" {
		v := negotiate(msg.Params.ProtocolVersion)
		if v != "2026-07-28" {
			id := uuid.NewString()
			s.mu.Lock()
			s.sessions[id] = v
			s.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", id)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": v}})
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		problem(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	s.mu.Unlock()
	if !ok {
		problem(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
}
