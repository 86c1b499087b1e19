// Package served: handlers whose lookup of the request's Mcp-Session-Id in
// the server's own table has a miss that falls through to serving. The
// server hands out the ids (it answers Mcp-Session-Id on initialize), so an
// id its table does not know is unknown: the protocol answers it 404, and
// a request with none that is not an initialize 400.
package served

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
)

// sessionHeader spells the header another way, through a constant.
const sessionHeader = "MCP-SESSION-ID"

type session struct {
	version string
	hits    int
}

type server struct {
	mu       sync.RWMutex
	sessions map[string]*session
	live     sync.Map
	store    *table
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// initialize mints the id and registers the session under it.
func (s *server) initialize(w http.ResponseWriter, r *http.Request) {
	id := newID()
	s.mu.Lock()
	s.sessions[id] = &session{version: "2025-06-18"}
	s.mu.Unlock()
	s.live.Store(id, &session{})
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// The miss only skips some bookkeeping; the request is served anyway.
func (s *server) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.RLock()
	sess, ok := s.sessions[id] // want `an Mcp-Session-Id the session table does not know is served: answer 404 \(400 with no id\) unless initialize`
	s.mu.RUnlock()
	if ok {
		sess.hits++
	}
	w.WriteHeader(http.StatusAccepted)
}

// No id: a fresh one is made up whatever the method, then served.
func (s *server) postMinting(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" { // want `a request without Mcp-Session-Id gets a fresh id and is served whatever its method: answer 400 unless initialize`
		id = newID()
	}
	s.mu.RLock()
	_, known := s.sessions[id] // want `an Mcp-Session-Id the session table does not know is served`
	s.mu.RUnlock()
	if known {
		s.touch(id)
	}
	w.WriteHeader(http.StatusOK)
}

func (s *server) touch(id string) {}

// A sync.Map table, the header named through a constant, and an else that
// only logs.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	if v, ok := s.live.Load(id); ok { // want `an Mcp-Session-Id the session table does not know is served`
		_ = v
	} else {
		println("no session", id)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// The id read by a helper of the package.
func idOf(r *http.Request) string { return r.Header.Get("mcp-session-id") }

// A store type of the package with a comma-ok get.
type table struct {
	mu sync.Mutex
	m  map[string]*session
}

func (t *table) get(id string) (*session, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	sess, ok := t.m[id]
	return sess, ok
}

func (s *server) call(w http.ResponseWriter, r *http.Request) {
	id := idOf(r)
	sess, found := s.store.get(id) // want `an Mcp-Session-Id the session table does not know is served`
	if found {
		sess.hits++
	}
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

// A middleware: the miss reaches the next handler.
func (s *server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		sess, ok := s.sessions[id] // want `an Mcp-Session-Id the session table does not know is served`
		if ok {
			sess.hits++
		}
		next.ServeHTTP(w, r)
	})
}

// A middleware that answers an unknown id with a fresh session of its own
// and serves the request: the client never learns its session is gone.
func (s *server) renew(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		var cur *session
		if sess, ok := s.store.get(id); ok { // want `an Mcp-Session-Id the session table does not know is served`
			cur = sess
		}
		if cur == nil {
			nid := newID()
			cur = &session{}
			s.sessions[nid] = cur
			w.Header().Set("Mcp-Session-Id", nid)
		}
		cur.hits++
		next.ServeHTTP(w, r)
	})
}
