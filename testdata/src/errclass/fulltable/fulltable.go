// Package fulltable: a helper that finds the request's session, or makes
// one, refuses to make one when the server's session table is full. One
// 404 then answers an unknown id and the server's own state alike; a full
// table is the unavailable row, 503. A cap on something the request
// brings, or on a table that holds no sessions, stays silent.
package fulltable

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
)

type conn struct{ id string }

type limits struct{ maxSessions, maxTools int }

type handler struct {
	mu       sync.Mutex
	sessions map[string]*conn
	tools    map[string]bool
	opts     limits
}

var errUnknown = errors.New("unknown session")

// open returns the session id names, or makes one under a fresh id.
func (h *handler) open(id string, fresh bool) (*conn, error) {
	h.mu.Lock()
	if !fresh {
		c, ok := h.sessions[id]
		h.mu.Unlock()
		if !ok {
			return nil, errUnknown
		}
		return c, nil
	}
	if len(h.sessions) >= h.opts.maxSessions {
		h.mu.Unlock()
		return nil, fmt.Errorf("too many sessions (%d)", h.opts.maxSessions)
	}
	c := &conn{id: id}
	h.sessions[id] = c
	h.mu.Unlock()
	return c, nil
}

func (h *handler) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	c, err := h.open(id, id == "")
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound) // want `answers 404 when the session lookup fails, also when the session table sessions is full: answer that one 503`
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusAccepted)
}

// register caps a table that holds no sessions: the tools a client asked
// for, whose cap is the client's to respect.
func (h *handler) register(name string) error {
	if len(h.tools) >= h.opts.maxTools {
		return fmt.Errorf("too many tools")
	}
	h.tools[name] = true
	return nil
}

// names caps what the request brings.
func (h *handler) names(names []string) error {
	if len(names) > h.opts.maxTools {
		return fmt.Errorf("too many names")
	}
	return nil
}

func (h *handler) tool(w http.ResponseWriter, r *http.Request) {
	if err := h.register(r.URL.Query().Get("name")); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.names(r.URL.Query()["n"]); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", "x")
	w.WriteHeader(http.StatusAccepted)
}
