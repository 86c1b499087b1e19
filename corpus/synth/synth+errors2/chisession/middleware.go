// Package chisession keeps MCP session state in redis and guards the
// session-bound routes of a chi router.
package chisession

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/redis/go-redis/v9"
)

const HeaderSessionID = "Mcp-Session-Id"

type ctxKey struct{}

type State struct {
	ID       string `json:"id"`
	Protocol string `json:"protocol"`
	Subject  string `json:"sub,omitempty"`
}

func FromContext(ctx context.Context) (*State, bool) {
	s, ok := ctx.Value(ctxKey{}).(*State)
	return s, ok
}

type Guard struct {
	rdb *redis.Client
	ttl time.Duration
	log *slog.Logger
}

func NewGuard(rdb *redis.Client, log *slog.Logger) *Guard {
	return &Guard{rdb: rdb, ttl: time.Hour, log: log}
}

// Require rejects requests that do not carry a live session.
func (g *Guard) Require(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(HeaderSessionID)
		if id == "" {
			writeJSONError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
			return
		}
		raw, err := g.rdb.Get(r.Context(), "session:"+id).Result()
		switch {
		case errors.Is(err, redis.Nil):
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			_ = json.NewEncoder(w).Encode(map[string]any{
				"jsonrpc": "2.0",
				"id":      nil,
				"error":   map[string]any{"code": -32001, "message": "Session not found"},
			})
			return
		case err != nil:
			g.log.Error("session lookup", "id", id, "err", err, "req", middleware.GetReqID(r.Context()))
			writeJSONError(w, http.StatusBadRequest, -32000, "invalid session")
			return
		}
		var st State
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			g.log.Error("session record", "id", id, "err", err)
			writeJSONError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		g.rdb.Expire(r.Context(), "session:"+id, g.ttl)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, &st)))
	})
}

// Routes wires the endpoint: initialize is open, everything else needs a session.
func Routes(g *Guard, mcp http.Handler, initialize http.HandlerFunc) chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Post("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(HeaderSessionID) == "" {
			initialize(w, r)
			return
		}
		g.Require(mcp).ServeHTTP(w, r)
	})
	r.With(g.Require).Get("/mcp", mcp.ServeHTTP)
	r.With(g.Require).Delete("/mcp", mcp.ServeHTTP)
	return r
}
