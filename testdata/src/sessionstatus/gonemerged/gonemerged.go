// Package gonemerged: a relay that hands a client's reply to the request
// waiting for it. deliver fails for an id its table does not hold and for
// reasons of the server's own (no request waiting, a full inbox); a caller
// that answers all of them 500 answers the unknown id 500 too, and the
// client, never told 404, never starts a new session.
package gonemerged

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

type reply struct {
	seq  int64
	body []byte
}

type peer struct {
	waiting sync.Map // seq -> chan reply
}

type relay struct {
	peers sync.Map // session id -> *peer
	mu    sync.Mutex
	known map[string]*peer
	// guard checks an id's form; what it checks is not seen here.
	guard interface{ Verify(id string) error }
}

func (s *relay) exists(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.known[id]
	return ok
}

var errBusy = errors.New("inbox full")

func (s *relay) deliver(id string, r reply) error {
	v, ok := s.peers.Load(id)
	if !ok {
		return fmt.Errorf("relay: no peer for %s", id)
	}
	p := v.(*peer)
	ch, ok := p.waiting.Load(r.seq)
	if !ok {
		return fmt.Errorf("relay: nothing waits for %d", r.seq)
	}
	select {
	case ch.(chan reply) <- r:
		return nil
	default:
		return errBusy
	}
}

// route hands the reply over by sequence number alone.
func (s *relay) route(id string, r reply) error {
	p, ok := s.peers.Load(r.seq)
	if !ok {
		return fmt.Errorf("relay: nothing waits for %d", r.seq)
	}
	_ = p
	if id == "" {
		return nil
	}
	return errBusy
}

func (s *relay) onReply(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := s.deliver(id, reply{seq: 1}); err != nil {
		http.Error(w, "could not deliver", http.StatusInternalServerError) // want `answers 500 to every error of s.deliver\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: the table is asked first, and its miss answered 404.
func (s *relay) onReplyLooked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, ok := s.known[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err := s.deliver(id, reply{seq: 1}); err != nil {
		http.Error(w, "could not deliver", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: the errors are told apart before the 500.
func (s *relay) onReplySorted(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	err := s.deliver(id, reply{seq: 2})
	if err != nil && strings.Contains(err.Error(), "no peer") {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "could not deliver", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: route's lookup is keyed by the sequence number, not the id.
func (s *relay) onRoute(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.route(id, reply{seq: 3}); err != nil {
		http.Error(w, "could not route", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A 502 is a server failure's status too.
func (s *relay) onReplyBad(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := s.deliver(id, reply{seq: 4}); err != nil {
		http.Error(w, "could not deliver", http.StatusBadGateway) // want `answers 502 to every error of s.deliver\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// A check through an interface is not seen to ask the table: deliver's
// miss is still the only test of the id.
func (s *relay) onReplyVerified(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.guard.Verify(id); err != nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err := s.deliver(id, reply{seq: 5}); err != nil {
		http.Error(w, "could not deliver", http.StatusInternalServerError) // want `answers 500 to every error of s.deliver\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Right: a check of the package's own table answered 404 first.
func (s *relay) onReplyExists(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.exists(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err := s.deliver(id, reply{seq: 6}); err != nil {
		http.Error(w, "could not deliver", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
