// Package quotagate meters tool calls per MCP session before handing the
// request to the real server.
package quotagate

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"
)

const headerSessionID = "Mcp-Session-Id"

var ErrNotFound = errors.New("quotagate: no such session")

type Usage struct {
	SessionID string
	Calls     int
	Limit     int
	Expires   time.Time
}

func (u *Usage) Expired() bool { return time.Now().After(u.Expires) }

type UsageStore interface {
	Get(ctx context.Context, id string) (*Usage, error)
	Incr(ctx context.Context, id string) error
}

type memUsage struct {
	mu sync.Mutex
	m  map[string]*Usage
}

func NewMemUsage() UsageStore { return &memUsage{m: map[string]*Usage{}} }

func (s *memUsage) Get(_ context.Context, id string) (*Usage, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.m[id]
	if !ok {
		return nil, ErrNotFound
	}
	cp := *u
	return &cp, nil
}

func (s *memUsage) Incr(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.m[id]
	if !ok {
		return ErrNotFound
	}
	u.Calls++
	return nil
}

// Meter is middleware; initialize requests are recognised upstream by the
// router and never reach it.
func Meter(store UsageStore, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(headerSessionID)
		if id == "" {
			writeJSONRPCError(w, nil, errSessionRequired, "an MCP session is required")
			return
		}
		u, err := store.Get(r.Context(), id)
		switch {
		case errors.Is(err, ErrNotFound):
			writeJSONRPCError(w, nil, errSessionUnknown, "Session not found")
			return
		case err != nil:
			writeJSONRPCError(w, nil, errInternal, "Internal error")
			return
		case u.Expired():
			writeJSONRPCError(w, nil, errSessionExpired, "session expired")
			return
		case u.Limit > 0 && u.Calls >= u.Limit:
			writeJSONRPCError(w, nil, errQuotaExceeded, "quota exceeded")
			return
		}
		_ = store.Incr(r.Context(), id)
		next.ServeHTTP(w, r)
	})
}
