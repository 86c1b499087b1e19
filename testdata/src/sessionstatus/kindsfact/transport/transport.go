// Package transport: a bridge whose request functions fail, with errors
// of their own, for a request without Mcp-Session-Id and for an id its
// table does not hold, and leave the answer to the caller, in another
// package.
package transport

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// ErrNoSession is told apart by callers that answer 404.
var ErrNoSession = errors.New("no such session")

type conn struct{ id string }

type Bridge struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func (b *Bridge) find(id string) *conn {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.conns[id]
}

// Forward fails for a missing id and for an unknown one.
func (b *Bridge) Forward(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if r.Method == http.MethodDelete {
		return b.end(w, id)
	}
	return b.relay(w, id)
}

// end refuses the same two ways on another path: a fix goes in both.
func (b *Bridge) end(w http.ResponseWriter, id string) error {
	if id == "" {
		return errors.New("no session to end") // a second missing id's return
	}
	if b.find(id) == nil {
		return fmt.Errorf("session %q not open", id) // a second unknown id's return
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (b *Bridge) relay(w http.ResponseWriter, id string) error {
	if id == "" {
		return errors.New("session id is required") // the missing id's return
	}
	c := b.find(id)
	if c == nil {
		return fmt.Errorf("no session %q", id) // the unknown id's return
	}
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
	return nil
}

// Notify fails for an unknown id only; the id is its parameter, which
// nothing in this package fills.
func (b *Bridge) Notify(sessionID string, body []byte) error {
	if b.find(sessionID) == nil {
		return fmt.Errorf("unknown session %s", sessionID)
	}
	return nil
}

// Answered refuses the request itself before returning the error: what
// its caller writes afterwards is not what the client gets.
func (b *Bridge) Answered(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return errors.New("missing session id")
	}
	if b.find(id) == nil {
		http.Error(w, "unknown session", http.StatusNotFound)
		return errors.New("unknown session")
	}
	return nil
}

// Lookup names the unknown id by a sentinel its callers can test.
func (b *Bridge) Lookup(id string) error {
	if b.find(id) == nil {
		return ErrNoSession
	}
	return nil
}
