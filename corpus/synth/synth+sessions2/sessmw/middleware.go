// Package sessmw is net/http middleware that adds MCP session handling in
// front of a JSON-RPC handler that knows nothing about sessions.
package sessmw

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"example.com/synth/sessions2/internal/httpx"
)

const headerName = "Mcp-Session-Id"

type sessionKey struct{}

// SessionID returns the id the middleware resolved for this request.
func SessionID(ctx context.Context) string {
	s, _ := ctx.Value(sessionKey{}).(string)
	return s
}

func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return len(s) > 0
}

// Sessions wraps next with session tracking.
func Sessions(m Manager, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := r.Context()
			id := r.Header.Get(headerName)

			if r.Method == http.MethodPost && isInitialize(r) {
				if !visibleASCII(id) {
					id = rand.Text()
				}
				if err := m.Begin(ctx, id); err != nil {
					log.Error("begin session", "err", err)
					httpx.WriteJSONRPCError(w, http.StatusInternalServerError, nil, -32603, "Internal error")
					return
				}
				w.Header().Set(headerName, id)
				next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, sessionKey{}, id)))
				return
			}

			if r.Method == http.MethodDelete {
				if err := m.End(ctx, id); err != nil {
					httpx.WriteJSONRPCError(w, http.StatusNotFound, nil, -32001, "Session not found")
					return
				}
				w.WriteHeader(http.StatusNoContent)
				return
			}

			err := m.Touch(ctx, id)
			switch {
			case id == "" || errors.Is(err, ErrSessionNotFound):
				httpx.WriteJSONRPCError(w, http.StatusNotFound, nil, -32001, "Session not found")
				return
			case errors.Is(err, ErrTerminated):
				httpx.WriteJSONRPCError(w, http.StatusBadRequest, nil, -32000, "session has been terminated")
				return
			case err != nil:
				log.Error("touch session", "session", id, "err", err)
				httpx.WriteJSONRPCError(w, http.StatusInternalServerError, nil, -32603, "Internal error")
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, sessionKey{}, id)))
		})
	}
}

func isInitialize(r *http.Request) bool {
	body, err := httpx.Peek(r, 1<<20)
	if err != nil {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &m) == nil && m.Method == "initialize"
}
