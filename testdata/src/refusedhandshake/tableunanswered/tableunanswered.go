// Package tableunanswered registers a session for an initialize before the
// initialize has been answered, then leaves on a branch whose answer does
// not carry Mcp-Session-Id: a 202 for an initialize sent without an id, the
// server's own JSON-RPC error, an empty 204 from a switch. The client never
// learns the id, and the entry stays until something sweeps it.
package tableunanswered

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method"`
}

type reply struct {
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code int `json:"code"`
	} `json:"error,omitempty"`
}

type conn struct{ id string }

type registry struct {
	mu    sync.Mutex
	conns map[string]*conn
}

// open keeps a connection under the id it is given.
func (g *registry) open(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := &conn{id: id}
	g.conns[id] = c
	return c
}

func (g *registry) find(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.conns[id]
}

func (g *registry) drop(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.conns, id)
}

type endpoint struct {
	reg      registry
	dispatch func(*message) *reply
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		e.handshake(w, r, &m)
		return
	}
	if e.reg.find(r.Header.Get("Mcp-Session-Id")) == nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(e.dispatch(&m))
}

// handshake: an initialize without an id is a notification, answered 202.
func (e *endpoint) handshake(w http.ResponseWriter, r *http.Request, m *message) {
	id := rand.Text()
	e.reg.open(id) // want `a session is registered in conns before the handshake is accepted, and a later branch answers without Mcp-Session-Id`
	out := e.dispatch(m)
	if out == nil {
		w.WriteHeader(http.StatusAccepted) // answered
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(out)
}

// Errored: the server answers the initialize with a JSON-RPC error, written
// by a helper of the package with HTTP 200 and no constant code.
type Errored struct{ endpoint }

func writeReply(w http.ResponseWriter, out *reply) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func (e *Errored) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	if m.Method != "initialize" {
		if e.reg.find(r.Header.Get("Mcp-Session-Id")) == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		writeReply(w, e.dispatch(&m))
		return
	}
	id := rand.Text()
	e.reg.open(id) // want `a later branch answers without Mcp-Session-Id`
	out := e.dispatch(&m)
	if out.Error != nil {
		writeReply(w, out) // answered
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	writeReply(w, out)
}

// Switched: the answer's kind is chosen by a switch; an empty result is
// answered 204 before the id is set.
type Switched struct{ endpoint }

func (e *Switched) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	e.reg.open(id) // want `a later branch answers without Mcp-Session-Id`
	out := e.dispatch(&m)
	switch {
	case out == nil:
		w.WriteHeader(http.StatusNoContent) // answered
		return
	case out.Error != nil:
		writeReply(w, out)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	writeReply(w, out)
}

// Returned hands the failure to its caller, which answers it: the id set
// on the success path is never sent.
type Returned struct{ endpoint }

var errEmpty = errors.New("empty result")

func (e *Returned) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := e.handshake(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (e *Returned) handshake(w http.ResponseWriter, r *http.Request) error {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		return errors.New("expected initialize")
	}
	id := rand.Text()
	e.reg.open(id) // want `a later branch answers without Mcp-Session-Id`
	out := e.dispatch(&m)
	if out == nil {
		return errEmpty // answered
	}
	w.Header().Set("Mcp-Session-Id", id)
	return json.NewEncoder(w).Encode(out)
}
