// Package muxguard puts a session check in front of an MCP backend routed with gorilla/mux.
package muxguard

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/gorilla/mux"
)

const hdrSession = "Mcp-Session-Id"

var (
	errMalformed = errors.New("malformed session id")
	errUnknown   = errors.New("unknown session")
)

type Registry struct {
	mu   sync.RWMutex
	live map[string]string // id -> client name
}

func NewRegistry() *Registry { return &Registry{live: map[string]string{}} }

func (g *Registry) Add(id, client string) {
	g.mu.Lock()
	g.live[id] = client
	g.mu.Unlock()
}

func (g *Registry) validate(id string) error {
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return errMalformed
		}
	}
	g.mu.RLock()
	_, ok := g.live[id]
	g.mu.RUnlock()
	if !ok {
		return errUnknown
	}
	return nil
}

type sessKey struct{}

// Guard wraps next with the session check. initialize requests go to initRoute.
func (g *Registry) Guard(next http.Handler) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		vals := r.Header.Values(hdrSession)
		if len(vals) == 0 || vals[0] == "" {
			return badRequest("Bad Request: Mcp-Session-Id header is required")
		}
		id := vals[0]
		switch err := g.validate(id); err {
		case nil:
		case errMalformed:
			return badRequest("Bad Request: malformed Mcp-Session-Id")
		case errUnknown:
			return &StatusError{Status: http.StatusForbidden, Code: -32001, Msg: "session not recognised"}
		default:
			return err
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessKey{}, id)))
		return nil
	}
}

func (g *Registry) terminate(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get(hdrSession)
	if id == "" {
		return badRequest("Bad Request: Mcp-Session-Id header is required")
	}
	g.mu.Lock()
	delete(g.live, id)
	g.mu.Unlock()
	w.WriteHeader(http.StatusOK)
	return nil
}

func (g *Registry) Routes(r *mux.Router, initRoute, backend http.Handler) {
	r.Handle("/mcp", initRoute).Methods(http.MethodPost).MatcherFunc(func(req *http.Request, _ *mux.RouteMatch) bool {
		return req.Header.Get(hdrSession) == ""
	})
	r.Handle("/mcp", g.Guard(backend)).Methods(http.MethodPost, http.MethodGet)
	r.Handle("/mcp", HandlerFunc(g.terminate)).Methods(http.MethodDelete)
}
