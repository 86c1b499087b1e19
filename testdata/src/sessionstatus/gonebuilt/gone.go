// Package gonebuilt: a call of the package fails for an id its table does
// not hold with an error it builds in place (whatever its name), and the
// caller answers every error of the call 5xx: the unknown id goes out as a
// server failure. A caller that tells the errors apart, or that answered
// the unknown id itself first, is silent.
package gonebuilt

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

type conn struct{ id string }

type registry struct {
	mu    sync.Mutex
	conns map[string]*conn
}

var errGone = errors.New("gone")

// fetch fails with a sentinel whose name says nothing of sessions.
func (g *registry) fetch(id string) (*conn, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c, ok := g.conns[id]
	if !ok {
		return nil, errGone
	}
	return c, nil
}

// ensure fails with an error it formats for the missing entry.
func (g *registry) ensure(id string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.conns[id]; !ok {
		return fmt.Errorf("no connection %q", id)
	}
	return nil
}

// dispatch reads the id itself and fails for an absent or unknown one
// among its other errors.
func (g *registry) dispatch(r *http.Request) ([]byte, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return nil, errors.New("no id")
	}
	g.mu.Lock()
	_, ok := g.conns[id]
	g.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("session %s is not open", id)
	}
	if r.ContentLength == 0 {
		return nil, errors.New("empty body")
	}
	return []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), nil
}

func (g *registry) lookup(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	c, err := g.fetch(id)
	if err != nil {
		http.Error(w, "lookup failed", http.StatusInternalServerError) // want `answers 500 to the error of g.fetch\(...\), the one it returns for an unknown Mcp-Session-Id: answer it 404`
		return
	}
	_ = c
}

func (g *registry) check(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if err := g.ensure(id); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable) // want `answers 503 to the error of g.ensure\(...\)`
		return
	}
}

func (g *registry) post(w http.ResponseWriter, r *http.Request) {
	out, err := g.dispatch(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) // want `answers 500 to every error of g.dispatch\(...\), also to a request without Mcp-Session-Id \(400\) and to an unknown id \(404\)`
		return
	}
	w.Write(out)
}

// toldApart reads the error's text before answering: silent.
func (g *registry) toldApart(w http.ResponseWriter, r *http.Request) {
	out, err := g.dispatch(r)
	if err != nil {
		if strings.Contains(err.Error(), "not open") {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write(out)
}

// checkedFirst answers the unknown id 404 before the call: silent.
func (g *registry) checkedFirst(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	g.mu.Lock()
	_, ok := g.conns[id]
	g.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err := g.ensure(id); err != nil {
		http.Error(w, "lost the session", http.StatusInternalServerError)
		return
	}
}

// relay answers its own refusals before it returns their errors: the
// caller's 500 comes after the status was written. Silent.
func (g *registry) relay(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return errors.New("no id")
	}
	g.mu.Lock()
	_, ok := g.conns[id]
	g.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return errors.New("unknown id")
	}
	return nil
}

func (g *registry) postRelay(w http.ResponseWriter, r *http.Request) {
	if err := g.relay(w, r); err != nil {
		http.Error(w, "relay failed", http.StatusInternalServerError)
		return
	}
}
