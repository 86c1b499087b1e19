// Package tablebeforeinit registers hand-rolled sessions before it knows the
// request is an initialize: a POST without Mcp-Session-Id gets a fresh id
// and an entry whatever its method, so every ping, tools/list or malformed
// first request without an id leaves an entry that no client can address.
package tablebeforeinit

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
)

type conn struct {
	id   string
	done chan struct{}
}

type Gateway struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// attach registers a connection under the id it is given.
func (g *Gateway) attach(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := &conn{id: id, done: make(chan struct{})}
	g.conns[id] = c // registers
	return c
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		g.post(w, r)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (g *Gateway) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string          `json:"method"`
		ID     json.RawMessage `json:"id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	var c *conn
	if id == "" {
		id = newID()
		c = g.attach(id) // want `a session is registered in conns under a freshly minted id whatever the request's method`
	} else {
		g.mu.Lock()
		c = g.conns[id]
		g.mu.Unlock()
		if c == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

// Table is a store type of its own whose create mints the id itself.
type Table struct {
	mu   sync.Mutex
	rows map[string]*conn
}

func (t *Table) create() *conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := &conn{id: "s-" + rand.Text(), done: make(chan struct{})}
	t.rows[c.id] = c // registers
	return c
}

func (t *Table) lookup(id string) *conn {
	t.mu.Lock()
	defer t.mu.Unlock()
	c, ok := t.rows[id]
	if !ok {
		return nil
	}
	return c
}

func (t *Table) expire(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.rows, id)
}

// Middleware gives every request a session, minting one when the request
// has none or an unknown one; the expiry of stale ids does not remove the
// entry minted here.
func Middleware(t *Table, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		c := t.lookup(id)
		if c == nil && id != "" {
			t.expire(id)
		}
		if c == nil {
			c = t.create() // want `a session is registered in rows under a freshly minted id whatever the request's method`
			w.Header().Set("Mcp-Session-Id", c.id)
		}
		next.ServeHTTP(w, r)
	})
}

// Wrap keeps the client's id, mints one when the request carries none, and
// registers whichever it holds after the test: a request without an id,
// whatever its method, gets an entry under the minted one.
func Wrap(g *Gateway, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			id = newID()
		}
		g.attach(id) // want `a session is registered in conns under a freshly minted id whatever the request's method`
		w.Header().Set("Mcp-Session-Id", id)
		next.ServeHTTP(w, r)
	})
}

// Routes serves initialize on a path of its own: the handler named for it
// runs only for one, and registers once the handshake is answered. Silent.
func (g *Gateway) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp/initialize", g.initialize)
}

func (g *Gateway) initialize(w http.ResponseWriter, r *http.Request) {
	id := newID()
	c := g.attach(id)
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}
