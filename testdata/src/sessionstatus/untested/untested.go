// Package untested: a session stored under the Mcp-Session-Id the request
// carried, on the way a request with an id the server never minted takes,
// with nothing on that way that could tell a known id from an unknown one.
package untested

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"
)

type stream struct {
	id     string
	events chan []byte
}

type relay struct {
	mu      sync.Mutex
	streams map[string]*stream
	open    sync.Map
}

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// A token is minted only when the request brings none; one it brings is
// registered as it is.
func (x *relay) listen(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	x.mu.Lock()
	x.streams[tok] = &stream{id: tok, events: make(chan []byte, 16)} // want `creates a session under the client's Mcp-Session-Id, never checked`
	x.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", tok)
	w.WriteHeader(http.StatusOK)
}

type envelope struct{ Method string }

// decode reads the body and answers a bad one itself: not a check of the
// session (it never reads the id).
func decode(w http.ResponseWriter, r *http.Request) (envelope, bool) {
	return envelope{Method: r.URL.Query().Get("m")}, true
}

// protocolOK reads another header: not a check of the session either.
func protocolOK(r *http.Request) bool { return r.Header.Get("MCP-Protocol-Version") != "" }

// The store sits in an if's init, after a decoder given the writer and a
// version check given the request; an initialize comes this way too.
func (x *relay) post(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	env, ok := decode(w, r)
	if !ok {
		return
	}
	if env.Method != "initialize" && !protocolOK(r) {
		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
		return
	}
	if tok == "" && env.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if tok == "" {
		tok = newToken()
	}
	if _, loaded := x.open.LoadOrStore(tok, &stream{id: tok}); !loaded { // want `creates a session under the client's Mcp-Session-Id, never checked`
		w.Header().Set("Mcp-Session-Id", tok)
	}
	w.WriteHeader(http.StatusAccepted)
}

// A Store, as a LoadOrStore: the request's id becomes a session.
func (x *relay) join(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	x.open.Store(tok, &stream{id: tok}) // want `creates a session under the client's Mcp-Session-Id, never checked`
	w.WriteHeader(http.StatusOK)
}

// bind stores a new session under the id it is given.
func (x *relay) bind(tok string) *stream {
	s := &stream{id: tok}
	x.mu.Lock()
	x.streams[tok] = s
	x.mu.Unlock()
	return s
}

// The request's id handed to the helper that stores a session under it.
func (x *relay) subscribe(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	s := x.bind(tok) // want `creates a session under the client's Mcp-Session-Id, never checked`
	_ = s
	w.WriteHeader(http.StatusOK)
}

// registry keeps streams by key behind methods of its own.
type registry struct {
	mu   sync.Mutex
	byID map[string]*stream
}

func (g *registry) Add(key string, s *stream) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.byID[key] = s
}

type hub struct{ reg *registry }

// A store's method given the request's id and a new session.
func (h *hub) open(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	h.reg.Add(tok, &stream{id: tok}) // want `creates a session under the client's Mcp-Session-Id, never checked`
	w.WriteHeader(http.StatusOK)
}

// getOrOpen returns the stream under tok, making one when the lookup
// misses: a get-or-create, adoption's own shape.
func (x *relay) getOrOpen(tok string) *stream {
	if s, ok := x.streams[tok]; ok {
		return s
	}
	s := &stream{id: tok}
	x.streams[tok] = s
	return s
}

// One finding per function: the get-or-create's call is reported, and the
// second store under the same id is not reported again.
func (x *relay) twice(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	s := x.getOrOpen(tok) // want `creates a session under the client's Mcp-Session-Id when none is known`
	x.open.Store(tok, &stream{id: tok})
	_ = s
	w.WriteHeader(http.StatusOK)
}

// The other order: the first place the id becomes a session is the store,
// and the finding is there, the get-or-create after it a related position.
func (x *relay) storeFirst(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	if _, loaded := x.open.LoadOrStore(tok, &stream{id: tok}); !loaded { // want `creates a session under the client's Mcp-Session-Id, never checked`
		fmt.Println("opened", tok)
	}
	s := x.getOrOpen(tok) // the later adoption, a related position
	_ = s
	w.WriteHeader(http.StatusOK)
}

// A key spelled from the request's id names that id still: a prefix
// joined to it, or the id formatted beside the tenant it belongs to.
func (x *relay) prefixed(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	key := "stream:" + tok
	x.mu.Lock()
	x.streams[key] = &stream{id: tok} // want `creates a session under the client's Mcp-Session-Id, never checked`
	x.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

func (x *relay) tenanted(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	tenant := r.URL.Query().Get("tenant")
	key := fmt.Sprintf("%s/%s", tenant, tok)
	x.open.Store(key, &stream{id: tok}) // want `creates a session under the client's Mcp-Session-Id, never checked`
	w.WriteHeader(http.StatusOK)
}
