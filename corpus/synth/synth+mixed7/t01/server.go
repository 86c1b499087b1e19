package t01

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"

	"github.com/go-chi/chi/v5"

	"example.com/synth/mixed7/t01/store"
)

type ctxKey struct{}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type Server struct {
	sessions *store.Store
}

func NewRouter(st *store.Store) http.Handler {
	s := &Server{sessions: st}
	r := chi.NewRouter()
	r.Post("/mcp/initialize", s.handleInitialize)
	r.Group(func(r chi.Router) {
		r.Use(s.sessionMiddleware)
		r.Post("/mcp", s.handlePost)
		r.Delete("/mcp", s.handleDelete)
	})
	return r
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": msg},
		"id":      nil,
	})
}

func (s *Server) sessionMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			writeError(w, http.StatusUnauthorized, -32000, "Mcp-Session-Id header is required")
			return
		}
		sess, err := s.sessions.Get(id)
		if errors.Is(err, store.ErrNotFound) {
			writeError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		if err != nil {
			log.Printf("session lookup: %v", err)
			writeError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, sess)))
	})
}

func (s *Server) handleInitialize(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sess, err := s.sessions.Create("2025-06-18")
	if err != nil {
		log.Printf("create session: %v", err)
		writeError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": req.ID,
		"result": map[string]any{"protocolVersion": sess.ProtocolVersion, "capabilities": map[string]any{}},
	})
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(ctxKey{}).(*store.Session)
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if req.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	log.Printf("session %s: %s", sess.ID, req.Method)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(ctxKey{}).(*store.Session)
	s.sessions.Delete(sess.ID)
	w.WriteHeader(http.StatusNoContent)
}
