// Package freshonmiss: handlers that hand the request's Mcp-Session-Id to
// a get-or-create which replaces an id it does not know by a new session,
// and set the new session's id on the answer.
package freshonmiss

import (
	"encoding/json"
	"net/http"
	"sync"

	"fixtures/sessionstatus/freshonmiss/sessions"
)

type server struct{ m *sessions.Manager }

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	st := s.m.Ensure(r.Header.Get("Mcp-Session-Id")) // want `an unknown Mcp-Session-Id is given a fresh session by s.m.Ensure\(...\) and served: answer 404 \(400 with no id\)`
	w.Header().Set("Mcp-Session-Id", st.ID)
	st.Calls++
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{}})
}

type call struct {
	Method string `json:"method"`
}

// initializeOnly: only an initialize reaches the get-or-create, which is
// how a server mints its sessions.
func (s *server) initializeOnly(w http.ResponseWriter, r *http.Request) {
	var c call
	json.NewDecoder(r.Body).Decode(&c)
	if c.Method == "initialize" {
		st := s.m.Ensure(r.Header.Get("Mcp-Session-Id"))
		w.Header().Set("Mcp-Session-Id", st.ID)
		w.WriteHeader(http.StatusOK)
		return
	}
	if _, ok := s.m.Get(r.Header.Get("Mcp-Session-Id")); !ok {
		http.Error(w, "unknown session", http.StatusNotFound) // want `answers 404 also to a request without Mcp-Session-Id`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// adopted keeps the client's id: not a replacement.
func (s *server) adopted(w http.ResponseWriter, r *http.Request) {
	st := s.m.Adopt(r.Header.Get("Mcp-Session-Id"))
	w.Header().Set("Mcp-Session-Id", st.ID)
	w.WriteHeader(http.StatusAccepted)
}

// notHandedOut: the session made is used, its id never set on the
// answer.
func (s *server) notHandedOut(w http.ResponseWriter, r *http.Request) {
	st := s.m.Ensure(r.Header.Get("Mcp-Session-Id"))
	st.Calls++
	w.WriteHeader(http.StatusAccepted)
}

// The same get-or-create in this package.

type conn struct{ id string }

type local struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func (l *local) conn(id string) *conn {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c, ok := l.conns[id]; ok {
		return c
	}
	return &conn{id: newID()}
}

func newID() string { return "fresh" }

func (l *local) serve(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	c := l.conn(sid) // want `an unknown Mcp-Session-Id is given a fresh session by l.conn\(...\) and served`
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusAccepted)
}

// A get-or-create that answers the handler and the key it is under,
// looking the id up only when one was sent.

type pooled struct{ p *sessions.Pool }

func (s *pooled) post(w http.ResponseWriter, r *http.Request) {
	h, key := s.p.Resolve(r.Header.Get("Mcp-Session-Id")) // want `an unknown Mcp-Session-Id is given a fresh session by s.p.Resolve\(...\) and served`
	w.Header().Set("Mcp-Session-Id", key)
	h.Calls++
	w.WriteHeader(http.StatusAccepted)
}

// kept hands the client's own id back: not a replacement.
func (s *pooled) kept(w http.ResponseWriter, r *http.Request) {
	h, key := s.p.Keep(r.Header.Get("Mcp-Session-Id"))
	w.Header().Set("Mcp-Session-Id", key)
	h.Calls++
	w.WriteHeader(http.StatusAccepted)
}
