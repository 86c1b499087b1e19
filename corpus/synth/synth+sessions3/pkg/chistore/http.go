package chistore

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
)

type ctxKey struct{}

// statusFor maps lifecycle errors to HTTP statuses. Anything not listed is a 500.
var statusFor = []struct {
	err    error
	status int
	code   int
}{
	{ErrSessionNotFound, http.StatusNotFound, -32001},
	{ErrSessionExpired, http.StatusGone, -32001},
	{ErrSessionClosed, http.StatusConflict, -32001},
	{ErrWrongTenant, http.StatusForbidden, -32001},
}

func writeError(w http.ResponseWriter, err error) {
	status, code := http.StatusInternalServerError, -32603
	for _, e := range statusFor {
		if errors.Is(err, e.err) {
			status, code = e.status, e.code
			break
		}
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		msg = "Internal error"
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

type API struct {
	svc     *Service
	tenant  func(*http.Request) string
	forward http.Handler
}

func NewAPI(svc *Service, tenant func(*http.Request) string, forward http.Handler) *API {
	return &API{svc: svc, tenant: tenant, forward: forward}
}

func (a *API) Router() chi.Router {
	r := chi.NewRouter()
	r.Group(func(r chi.Router) {
		r.Use(a.withSession)
		r.Get("/mcp", a.forward.ServeHTTP)
		r.Delete("/mcp", a.deleteSession)
	})
	return r
}

func (a *API) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(http.CanonicalHeaderKey("mcp-session-id"))
		if len(id) == 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: missing Mcp-Session-Id"}}`))
			return
		}
		sess, err := a.svc.Resume(r.Context(), id, a.tenant(r))
		if err != nil {
			writeError(w, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, sess)))
	})
}

func (a *API) deleteSession(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(ctxKey{}).(*Session)
	if err := a.svc.Close(r.Context(), sess.ID); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
