// Package transport is the tenant gateway's Streamable HTTP endpoint.
package transport

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"example.com/synth/sessions5/tenantgw/internal/store"
	"example.com/synth/sessions5/tenantgw/internal/wire"
)

type tenantKey struct{}

// TenantFrom returns the tenant the auth middleware resolved, if any.
func TenantFrom(r *http.Request) string {
	t, _ := r.Context().Value(tenantKey{}).(string)
	return t
}

type Endpoint struct {
	Sessions store.Store
	Log      *slog.Logger
	TTL      time.Duration
}

func (e *Endpoint) Mount(r chi.Router) {
	r.Post("/tenants/{tenant}/mcp", e.post)
	r.Get("/tenants/{tenant}/mcp", e.stream)
	r.Delete("/tenants/{tenant}/mcp", e.end)
}

// session resolves the Mcp-Session-Id header for the calling tenant. It
// writes the error response itself and returns nil when the request
// cannot go on.
func (e *Endpoint) session(w http.ResponseWriter, r *http.Request, id json.RawMessage) *store.Session {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		wire.Fail(w, id, wire.CodeBadRequest, "Bad Request: Mcp-Session-Id header is required")
		return nil
	}
	s, err := e.Sessions.Get(r.Context(), sid)
	switch {
	case errors.Is(err, store.ErrNotFound):
		wire.Fail(w, id, wire.CodeSessionNotFound, "Session not found")
		return nil
	case errors.Is(err, store.ErrExpired):
		wire.Fail(w, id, wire.CodeSessionExpired, "Session expired")
		return nil
	case err != nil:
		e.Log.Error("session store", "err", err, "session", sid)
		wire.Fail(w, id, wire.CodeInternal, "Internal error")
		return nil
	}
	if s.Tenant != chi.URLParam(r, "tenant") {
		// Do not reveal that the id exists under another tenant.
		wire.Fail(w, id, wire.CodeSessionNotFound, "Session not found")
		return nil
	}
	return s
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (e *Endpoint) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		wire.Fail(w, nil, wire.CodeParse, "Parse error")
		return
	}
	if m.Method == "initialize" {
		s := &store.Session{
			ID:        uuid.NewString(),
			Tenant:    chi.URLParam(r, "tenant"),
			Protocol:  "2025-06-18",
			ExpiresAt: time.Now().Add(e.TTL),
		}
		if err := e.Sessions.Put(r.Context(), s); err != nil {
			wire.Fail(w, m.ID, wire.CodeInternal, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", s.ID)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": s.Protocol,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]any{"name": "tenantgw", "version": "3.2.0"},
		}})
		return
	}
	s := e.session(w, r, m.ID)
	if s == nil {
		return
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

func (e *Endpoint) stream(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		wire.Fail(w, nil, wire.CodeSessionNotFound, "no session")
		return
	}
	if e.session(w, r, nil) == nil {
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	<-r.Context().Done()
}

func (e *Endpoint) end(w http.ResponseWriter, r *http.Request) {
	s := e.session(w, r, nil)
	if s == nil {
		return
	}
	if err := e.Sessions.Delete(r.Context(), s.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
		wire.Fail(w, nil, wire.CodeInternal, "Internal error")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
