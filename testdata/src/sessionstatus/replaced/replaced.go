// Package replaced: servers that answer an Mcp-Session-Id they do not
// know by handing out a fresh session and serving the request. The
// protocol answers an unknown id 404, which tells the client its session
// is gone and that it must initialize again; a replacement hides that.
package replaced

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type conn struct {
	id    string
	owner string
}

// registry keeps the live sessions behind methods.
type registry struct {
	mu   sync.Mutex
	byID map[string]*conn
}

func (g *registry) find(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.byID[id]
}

func (g *registry) open(owner string) *conn {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	c := &conn{id: hex.EncodeToString(b), owner: owner}
	g.mu.Lock()
	g.byID[c.id] = c
	g.mu.Unlock()
	return c
}

type server struct {
	reg   *registry
	table map[string]*conn
}

// attach is called with the request's id: a stale or foreign id is
// swapped for a new session rather than refused.
func (s *server) attach(w http.ResponseWriter, owner, id string) *conn {
	if id != "" {
		if c := s.reg.find(id); c != nil && c.owner == owner { // want `an unknown Mcp-Session-Id is given a fresh session and served: answer 404 so the client initializes again \(400 with no id\)`
			w.Header().Set("Mcp-Session-Id", c.id)
			return c
		}
		c := s.reg.open(owner)
		w.Header().Set("Mcp-Session-Id", c.id)
		return c
	}
	return nil
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if msg.Method == "initialize" {
		c := s.reg.open("anon")
		w.Header().Set("Mcp-Session-Id", c.id)
	} else {
		s.attach(w, "anon", r.Header.Get("Mcp-Session-Id"))
	}
	w.WriteHeader(http.StatusOK)
}

// A comma-ok read of the table in the handler itself.
func (s *server) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	c, ok := s.table[id] // want `an unknown Mcp-Session-Id is given a fresh session and served`
	if ok {
		stream(w, c)
		return
	}
	fresh := s.reg.open("anon")
	s.table[fresh.id] = fresh
	w.Header().Set("Mcp-Session-Id", fresh.id)
	stream(w, fresh)
}

func stream(w http.ResponseWriter, c *conn) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// Silent: the miss is refused before anything is handed out.
func (s *server) getRefused(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	c, ok := s.table[id]
	if ok {
		stream(w, c)
		return
	}
	http.Error(w, "unknown session", http.StatusNotFound)
	fresh := s.reg.open("anon")
	w.Header().Set("Mcp-Session-Id", fresh.id)
}

// Silent: a get-or-create only initialize calls is how ids are minted.
func (s *server) resume(w http.ResponseWriter, id string) *conn {
	if c := s.reg.find(id); c != nil {
		return c
	}
	c := s.reg.open("anon")
	w.Header().Set("Mcp-Session-Id", c.id)
	return c
}

func (s *server) handshake(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if msg.Method == "initialize" {
		s.resume(w, r.Header.Get("Mcp-Session-Id"))
		w.WriteHeader(http.StatusOK)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Silent: the key is the caller's user, not the request's session id.
func (s *server) byUser(w http.ResponseWriter, r *http.Request) {
	user := r.URL.Query().Get("user")
	if c := s.reg.find(user); c != nil {
		stream(w, c)
		return
	}
	c := s.reg.open(user)
	w.Header().Set("Mcp-Session-Id", c.id)
	stream(w, c)
}

// Silent: the miss answers with the id the upstream gave, relayed.
func (s *server) relay(w http.ResponseWriter, r *http.Request, up *http.Response) {
	id := r.Header.Get("Mcp-Session-Id")
	if c, ok := s.table[id]; ok {
		stream(w, c)
		return
	}
	w.Header().Set("Mcp-Session-Id", up.Header.Get("Mcp-Session-Id"))
	w.WriteHeader(http.StatusOK)
}

func (g *registry) check(id string) error {
	if g.find(id) == nil {
		return errUnknown
	}
	return nil
}

var errUnknown = errors.New("unknown session")

// Silent: a lone error is a failure when not nil; past it the id is known,
// and exchanging a known id for a fresh one is no replacement of an
// unknown one.
func (s *server) rotate(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.reg.check(id); err != nil {
		return
	}
	fresh := s.reg.open("anon")
	w.Header().Set("Mcp-Session-Id", fresh.id)
	w.WriteHeader(http.StatusOK)
}
