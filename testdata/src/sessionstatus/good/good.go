// Package good is a correct session router: a missing Mcp-Session-Id on a
// non-initialize request is 400, an unknown one 404, a store outage 500.
// sessionstatus reports nothing here.
package good

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

var errNotFound = errors.New("session not found")

type session struct{ http.Handler }

type store interface {
	Load(ctx context.Context, id string) (*session, error)
}

type router struct {
	mu       sync.Mutex
	sessions map[string]*session
	store    store
	initial  http.Handler
}

func (rt *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		if r.Method != http.MethodPost {
			protocol.WriteError(w, nil, protocol.BadRequest("Bad Request: %s header is required", protocol.HeaderSessionID))
			return
		}
		rt.initial.ServeHTTP(w, r)
		return
	}
	rt.mu.Lock()
	s, ok := rt.sessions[id]
	rt.mu.Unlock()
	if !ok {
		loaded, err := rt.store.Load(r.Context(), id)
		if errors.Is(err, errNotFound) {
			protocol.WriteError(w, nil, protocol.SessionNotFound())
			return
		}
		if err != nil {
			http.Error(w, "session store unavailable", http.StatusInternalServerError)
			return
		}
		if loaded == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		s = loaded
	}
	if r.Method == http.MethodDelete {
		rt.mu.Lock()
		delete(rt.sessions, id)
		rt.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	s.ServeHTTP(w, r)
}
