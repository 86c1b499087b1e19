// Package sessioncreate: an initialize whose session cannot be made (the
// id generator or the store failed) is the server's failure, 500 with
// -32603. The first handler writes that -32603 through a helper that
// never sets a status, so it leaves with HTTP 200; the second pins 200 on
// a failed id; the third answers 500. The fourth fails on a lookup of the
// request's own id, which is about the session's state, not its making.
package sessioncreate

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

const sessionHeader = "Mcp-Session-Id"

type call struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type conn struct{ ID, owner string }

type pool struct {
	mu    sync.Mutex
	conns map[string]*conn
	limit int
}

var errFull = errors.New("too many sessions")

func mint() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func (p *pool) make(owner string) (*conn, error) {
	id, err := mint()
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.conns) >= p.limit {
		return nil, errFull
	}
	c := &conn{ID: id, owner: owner}
	p.conns[id] = c
	return c, nil
}

func (p *pool) find(id string) (*conn, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.conns[id]; c != nil {
		return c, nil
	}
	return nil, errors.New("no such session")
}

// rpcFail writes a JSON-RPC error and never a status: HTTP 200.
func rpcFail(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

type server struct{ sessions *pool }

func (s *server) open(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	sess, err := s.sessions.make(r.RemoteAddr)
	if err != nil {
		rpcFail(w, c.ID, -32603, "could not create a session") // want `answers a failure making the session with a success status`
		return
	}
	w.Header().Set(sessionHeader, sess.ID)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": map[string]any{}})
}

func (s *server) openPinned(w http.ResponseWriter, r *http.Request) {
	id, err := mint()
	if err != nil {
		w.WriteHeader(http.StatusOK) // want `answers a failure making the session with a success status`
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": -32603, "message": "Internal error"}})
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

func (s *server) openRight(w http.ResponseWriter, r *http.Request) {
	sess, err := s.sessions.make(r.RemoteAddr)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": -32603, "message": "Internal error"}})
		return
	}
	w.Header().Set(sessionHeader, sess.ID)
}

func (s *server) resume(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	sess, err := s.sessions.find(id)
	if err != nil {
		rpcFail(w, nil, -32001, "Session not found")
		return
	}
	w.Header().Set(sessionHeader, sess.ID)
}

func routes(s *server) {
	http.HandleFunc("/mcp", s.open)
	http.HandleFunc("/pinned/mcp", s.openPinned)
	http.HandleFunc("/right/mcp", s.openRight)
	http.HandleFunc("/resume/mcp", s.resume)
}
