package t13

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"example.com/synth/mixed7/t13/store"
)

type contextKey string

const sessionContextKey contextKey = "session"

type Handler struct {
	Sessions store.Store
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func (h *Handler) Routes() http.Handler {
	r := chi.NewRouter()
	r.Post("/mcp/init", h.initialize)
	r.With(h.session).Post("/mcp", h.message)
	r.With(h.session).Delete("/mcp", h.terminate)
	return r
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (h *Handler) session(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sess, ok := h.Sessions.Load(r.Header.Get("Mcp-Session-Id"))
		if !ok {
			fail(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionContextKey, sess)))
	})
}

func (h *Handler) initialize(w http.ResponseWriter, r *http.Request) {
	var m rpcMsg
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sess := &store.Session{ID: store.NewID(), Version: "2025-06-18"}
	h.Sessions.Save(sess)
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"protocolVersion": sess.Version}})
}

func (h *Handler) message(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(sessionContextKey).(*store.Session)
	var m rpcMsg
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"version": sess.Version}})
}

func (h *Handler) terminate(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(sessionContextKey).(*store.Session)
	h.Sessions.Drop(sess.ID)
	w.WriteHeader(http.StatusNoContent)
}
