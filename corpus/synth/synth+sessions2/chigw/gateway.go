// Package chigw is the session-aware MCP gateway used by the internal
// tooling platform. Auth happens upstream (oauth2-proxy) and arrives as
// X-Forwarded-User.
package chigw

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httputil"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/synth/sessions2/chigw/apperr"
)

const SessionHeader = "Mcp-Session-Id"

type ctxKey int

const sessionCtx ctxKey = iota

type Gateway struct {
	store    Store
	upstream *httputil.ReverseProxy
	log      *slog.Logger
}

func NewGateway(store Store, upstream *httputil.ReverseProxy, log *slog.Logger) *Gateway {
	return &Gateway{store: store, upstream: upstream, log: log}
}

func (g *Gateway) Router() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Post("/mcp/initialize", apperr.Handle(g.log, g.initialize))
	r.Group(func(r chi.Router) {
		r.Use(g.withSession)
		r.Post("/mcp", g.forward)
		r.Get("/mcp", g.forward)
	})
	r.Delete("/mcp", apperr.Handle(g.log, g.terminate))
	return r
}

func (g *Gateway) withSession(next http.Handler) http.Handler {
	return apperr.Handle(g.log, func(w http.ResponseWriter, r *http.Request) error {
		id := r.Header.Get(SessionHeader)
		if id == "" {
			return apperr.MissingSession()
		}
		sess, err := g.store.Load(r.Context(), id)
		if errors.Is(err, ErrNotFound) {
			return apperr.Unauthorized("unknown or expired session")
		}
		if err != nil {
			return apperr.Internal(err)
		}
		if user := r.Header.Get("X-Forwarded-User"); sess.Owner != user {
			return apperr.Forbidden("session belongs to another user")
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionCtx, sess)))
		return nil
	})
}

func (g *Gateway) forward(w http.ResponseWriter, r *http.Request) {
	g.upstream.ServeHTTP(w, r)
}

func (g *Gateway) initialize(w http.ResponseWriter, r *http.Request) error {
	rec := &captureWriter{ResponseWriter: w}
	g.upstream.ServeHTTP(rec, r)
	if id := rec.Header().Get(SessionHeader); id != "" && rec.status < 300 {
		return g.store.Save(r.Context(), &Session{ID: id, Owner: r.Header.Get("X-Forwarded-User")})
	}
	return nil
}

func (g *Gateway) terminate(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get(SessionHeader)
	if id == "" {
		return apperr.MissingSession()
	}
	err := g.store.Delete(r.Context(), id)
	switch {
	case err == nil:
		g.upstream.ServeHTTP(w, r)
	case errors.Is(err, ErrNotFound):
		// Already gone; DELETE is idempotent.
		w.WriteHeader(http.StatusNoContent)
	default:
		return apperr.Internal(err)
	}
	return nil
}

type captureWriter struct {
	http.ResponseWriter
	status int
}

func (c *captureWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *captureWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	return c.ResponseWriter.Write(b)
}
