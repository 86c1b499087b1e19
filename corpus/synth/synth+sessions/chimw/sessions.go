// Package chimw provides session handling for the MCP routes of a chi router.
package chimw

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
)

const headerSession = "Mcp-Session-Id"

type ctxKey int

const (
	subjectKey ctxKey = iota
	sessionKey
)

// Session is a negotiated MCP session.
type Session struct {
	ID       string
	Subject  string
	LastUsed time.Time
}

// Sessions is the registry and its middleware.
type Sessions struct {
	mu    sync.RWMutex
	items map[string]*Session
	newID func() string
}

func NewSessions(newID func() string) *Sessions {
	return &Sessions{items: make(map[string]*Session), newID: newID}
}

func (m *Sessions) get(id string) *Session {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.items[id]
}

func (m *Sessions) add(s *Session) {
	m.mu.Lock()
	m.items[s.ID] = s
	m.mu.Unlock()
}

func (m *Sessions) remove(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.items[id]
	delete(m.items, id)
	return ok
}

func subjectFrom(ctx context.Context) string {
	s, _ := ctx.Value(subjectKey).(string)
	return s
}

// Require loads the caller's session for GET and DELETE.
func (m *Sessions) Require(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(headerSession)
		sess := m.get(id)
		if sess == nil {
			writeRPCError(w, nil, codeSessionNotFound, "Session not found")
			return
		}
		if sess.Subject != subjectFrom(r.Context()) {
			writeRPCError(w, nil, codeForbidden, "Forbidden: session user mismatch")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey, sess)))
	})
}

// Routes mounts the MCP endpoint.
func (m *Sessions) Routes(r chi.Router, serve func(w http.ResponseWriter, r *http.Request, s *Session, req json.RawMessage)) {
	r.Post("/mcp", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		raw := json.RawMessage{}
		if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
			writeRPCError(w, nil, -32700, "Parse error")
			return
		}
		_ = json.Unmarshal(raw, &req)

		if req.Method == "initialize" {
			s := &Session{ID: m.newID(), Subject: subjectFrom(r.Context()), LastUsed: time.Now()}
			w.Header().Set(headerSession, s.ID)
			serve(w, r, s, raw)
			m.add(s)
			return
		}
		id := r.Header.Get(headerSession)
		if id == "" {
			writeRPCError(w, req.ID, codeInvalidRequest, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		sess := m.get(id)
		if sess == nil {
			writeRPCError(w, req.ID, codeInvalidRequest, "Invalid Request: no such session")
			return
		}
		if sess.Subject != subjectFrom(r.Context()) {
			writeRPCError(w, req.ID, codeForbidden, "Forbidden: session user mismatch")
			return
		}
		sess.LastUsed = time.Now()
		serve(w, r, sess, raw)
	})
	r.With(m.Require).Get("/mcp", func(w http.ResponseWriter, r *http.Request) {
		sess := r.Context().Value(sessionKey).(*Session)
		serve(w, r, sess, nil)
	})
	r.With(m.Require).Delete("/mcp", func(w http.ResponseWriter, r *http.Request) {
		sess := r.Context().Value(sessionKey).(*Session)
		m.remove(sess.ID)
		w.WriteHeader(http.StatusNoContent)
	})
}
