package tablerefused

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

// A relay opens an upstream link per session. open registers the session
// for an initialize and hands it to the handler; when relaying the
// initialize upstream then fails, the handler answers a JSON-RPC error
// and leaves the session (and its link) registered.

type link struct{ closed bool }

func (l *link) relay(body []byte) ([]byte, error) {
	if l.closed {
		return nil, errors.New("closed")
	}
	return body, nil
}

type relaySession struct {
	id   string
	link *link
}

type registry struct {
	mu   sync.Mutex
	byID map[string]*relaySession
}

func hexID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func (g *registry) add(l *link) *relaySession {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := &relaySession{id: hexID(), link: l}
	g.byID[s.id] = s
	return s
}

func (g *registry) find(id string) *relaySession {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.byID[id]
}

func (g *registry) drop(id string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.byID, id)
}

type Relay struct{ reg registry }

type envelope struct {
	Method string          `json:"method"`
	ID     json.RawMessage `json:"id"`
}

// open returns the session of the request: a new one for an initialize.
func (x *Relay) open(w http.ResponseWriter, r *http.Request, env envelope) (*relaySession, int) {
	if env.Method == "initialize" {
		return x.reg.add(&link{}), 0
	}
	s := x.reg.find(r.Header.Get("Mcp-Session-Id"))
	if s == nil {
		return nil, http.StatusNotFound
	}
	return s, 0
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func (x *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	body := []byte{}
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	s, status := x.open(w, r, env) // want `a session is registered in byID before the handshake is accepted, and a later refusal answers an error without removing it`
	if status != 0 {
		http.Error(w, "unknown session", status)
		return
	}
	out, err := s.link.relay(body)
	if err != nil {
		writeRPCError(w, env.ID, -32603, "upstream failed")
		return
	}
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Write(out)
}

// CarefulRelay drops the session when relaying its initialize fails.
type CarefulRelay struct{ Relay }

func (x *CarefulRelay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	s, status := x.open(w, r, env)
	if status != 0 {
		http.Error(w, "unknown session", status)
		return
	}
	out, err := s.link.relay(nil)
	if err != nil {
		if env.Method == "initialize" {
			x.reg.drop(s.id)
		}
		writeRPCError(w, env.ID, -32603, "upstream failed")
		return
	}
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Write(out)
}
