// Package unknown: an unknown or expired Mcp-Session-Id answered with
// something other than 404.
package unknown

import (
	"context"
	"net/http"
	"strings"
	"sync"

	"github.com/mcpwire/mcpwire/runtime/protocol"

	"fixtures/sessionstatus/respond"
)

type session struct{ id string }

type store interface {
	Get(ctx context.Context, id string) (*session, error)
}

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
	byID     sync.Map
	store    store
}

func (s *server) commaOK(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	sess, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.sessions\[id\]\): answer 404`
		return
	}
	_ = sess
}

func (s *server) nilCheck(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions[r.Header.Get("mcp-session-id")]
	if sess == nil {
		respond.Unauthorized(w) // want `answers 401 to an unknown or expired Mcp-Session-Id`
		return
	}
}

func (s *server) syncMap(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSpace(r.Header.Get(protocol.HeaderSessionID))
	v, ok := s.byID.Load(id)
	if !ok {
		protocol.WriteError(w, nil, protocol.BadRequest("unknown session")) // want `answers 400 to an unknown or expired Mcp-Session-Id \(s.byID.Load\(...\)\)`
		return
	}
	_ = v
}

func (s *server) storeErr(w http.ResponseWriter, r *http.Request) {
	sess, err := s.store.Get(r.Context(), r.Header.Get("MCP-SESSION-ID"))
	if err != nil {
		respond.Status(w, http.StatusGone, "expired") // want `answers 410 when the session lookup s.store.Get\(...\) fails`
		return
	}
	_ = sess
}

// helperLookup: the id travels into a helper of the same package.
func (s *server) helperLookup(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	s.lookup(w, id)
}

func (s *server) lookup(w http.ResponseWriter, id string) *session {
	sess, ok := s.sessions[id]
	if !ok {
		w.WriteHeader(http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return nil
	}
	return sess
}

// Right answers are not reported: 404 for unknown, 500 for a store outage,
// 403 for a session that exists but belongs to someone else.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	sess, ok := s.sessions[id]
	if !ok {
		protocol.WriteError(w, nil, protocol.SessionNotFound())
		return
	}
	if sess.id != "me" {
		http.Error(w, "session user mismatch", http.StatusForbidden)
		return
	}
	stored, err := s.store.Get(r.Context(), id)
	if err != nil {
		http.Error(w, "store unavailable", http.StatusInternalServerError)
		return
	}
	if stored == nil {
		respond.NotFound(w)
		return
	}
}

func (s *server) values(w http.ResponseWriter, r *http.Request) {
	vals := r.Header.Values(protocol.HeaderSessionID)
	if len(vals) == 0 {
		http.Error(w, "missing", http.StatusBadRequest)
		return
	}
	if _, ok := s.sessions[vals[0]]; !ok {
		http.Error(w, "unknown", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(s.sessions\[vals\[0\]\]\)`
	}
}
