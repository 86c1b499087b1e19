package t20

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"example.com/synth/mixed7/t20/store"
)

type Server struct {
	reg *store.Registry
	log *slog.Logger
}

func New(log *slog.Logger) *Server { return &Server{reg: store.NewRegistry(), log: log} }

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	r.Post("/mcp", s.post)
	r.Delete("/mcp", s.delete)
	return r
}

func (s *Server) sessionError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, store.ErrMissing):
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
	case errors.Is(err, store.ErrUnknown):
		writeError(w, http.StatusNotFound, -32001, "Session not found")
	default:
		s.log.Error("session check", "err", err)
		writeError(w, http.StatusInternalServerError, -32603, "Internal error")
	}
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	var in inbound
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if in.Method == "initialize" {
		id, err := s.reg.Issue()
		if err != nil {
			s.log.Error("issue session id", "err", err)
			writeError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if err := s.reg.Validate(sid); err != nil {
		s.sessionError(w, err)
		return
	}
	if len(in.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{}})
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if err := s.reg.Validate(sid); err != nil {
		s.sessionError(w, err)
		return
	}
	s.reg.Revoke(sid)
	w.WriteHeader(http.StatusNoContent)
}
