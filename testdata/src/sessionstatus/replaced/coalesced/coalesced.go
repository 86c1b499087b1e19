// Package coalesced: a transport that looks a request's Mcp-Session-Id up
// when one is sent and, when nothing was found, makes a session in its
// place and serves the request under it. A client whose session the server
// dropped is never told (404) to initialize again; it is quietly moved to a
// session it did not negotiate.
package coalesced

import (
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"sync"
)

type session struct{ id string }

type table struct {
	mu   sync.Mutex
	byID map[string]*session
}

// Get returns the session under id, nil if there is none.
func (t *table) Get(id string) *session {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byID[id]
}

// Create makes and records a session under a fresh id.
func (t *table) Create() *session {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	s := &session{id: hex.EncodeToString(b)}
	t.mu.Lock()
	t.byID[s.id] = s
	t.mu.Unlock()
	return s
}

type transport struct {
	sessions *table
	handle   func([]byte) []byte
}

func (t *transport) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	var s *session
	if id != "" {
		s = t.sessions.Get(id) // want `an unknown Mcp-Session-Id is given a fresh session and served`
	}
	if s == nil {
		s = t.sessions.Create()
	}
	out := t.handle(body)
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// stream refuses what it does not know: the miss is answered, not replaced.
func (t *transport) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	s := t.sessions.Get(id)
	if s == nil {
		http.Error(w, "unknown session", http.StatusNotFound)
		return
	}
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}

// initialize mints: a re-initialize carrying a stale id is given a new
// session, rightly.
func (t *transport) initialize(w http.ResponseWriter, r *http.Request, body []byte) {
	id := r.Header.Get("Mcp-Session-Id")
	var s *session
	if id != "" {
		if s = t.sessions.Get(id); s == nil {
			http.Error(w, "unknown session", http.StatusNotFound)
			return
		}
	}
	if s == nil {
		s = t.sessions.Create()
	}
	w.Header().Set("Mcp-Session-Id", s.id)
	w.Write(t.handle(body))
}

type message struct {
	Method string `json:"method"`
}

// serve looks the id up for every message but replaces a miss only for an
// initialize, and refuses it for anything else.
func (t *transport) serve(w http.ResponseWriter, r *http.Request, m message, body []byte) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && m.Method != "initialize" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	s := t.sessions.Get(id)
	if m.Method == "initialize" {
		if s == nil {
			s = t.sessions.Create()
		}
		w.Header().Set("Mcp-Session-Id", s.id)
	} else if s == nil {
		http.Error(w, "unknown session", http.StatusNotFound)
		return
	}
	w.Write(t.handle(body))
}
