// Package toolshed serves the toolshed tool catalogue over Streamable HTTP.
package toolshed

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"example.com/synth/sessions3/internal/rpcerr"
)

const sessionHeader = "Mcp-Session-Id"

type state struct {
	id        string
	protocol  string
	createdAt time.Time
	notify    chan json.RawMessage
}

type Shed struct {
	mu     sync.Mutex
	states map[string]*state
}

func NewShed() *Shed { return &Shed{states: map[string]*state{}} }

func sessionIDFrom(r *http.Request) string {
	if v := r.Header[sessionHeader]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func newSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	return fmt.Sprintf("%x", b[:])
}

// lookup finds the state for id. When create is set (initialize only) a new
// state with a server-minted id is returned instead of failing.
func (s *Shed) lookup(id string, create bool) (*state, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.states[id]; ok && !create {
		return st, true
	}
	if !create {
		return nil, false
	}
	st := &state{id: newSessionID(), createdAt: time.Now(), notify: make(chan json.RawMessage, 8)}
	s.states[st.id] = st
	return st, true
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *Shed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	case http.MethodGet:
		s.get(w, r)
	case http.MethodDelete:
		s.del(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		rpcerr.Write(w, http.StatusMethodNotAllowed, nil, rpcerr.CodeServer, "Method not allowed")
	}
}

func (s *Shed) post(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcerr.Write(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}
	isInit := req.Method == "initialize"
	id := sessionIDFrom(r)
	st, ok := s.lookup(id, isInit)
	if !ok {
		status := http.StatusNotFound
		msg := "Session not found"
		if id == "" {
			status = http.StatusBadRequest
			msg = "Bad Request: Mcp-Session-Id header is required"
		}
		rpcerr.Write(w, status, req.ID, rpcerr.CodeServer, msg)
		return
	}
	if isInit {
		w.Header().Set(sessionHeader, st.id)
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}

func (s *Shed) get(w http.ResponseWriter, r *http.Request) {
	st, ok := s.lookup(sessionIDFrom(r), false)
	if !ok {
		rpcerr.UnknownSession(w, nil)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	f, _ := w.(http.Flusher)
	for {
		select {
		case <-r.Context().Done():
			return
		case m := <-st.notify:
			fmt.Fprintf(w, "data: %s\n\n", m)
			if f != nil {
				f.Flush()
			}
		}
	}
}

func (s *Shed) del(w http.ResponseWriter, r *http.Request) {
	id := sessionIDFrom(r)
	if id == "" {
		rpcerr.MissingSession(w, nil)
		return
	}
	s.mu.Lock()
	_, ok := s.states[id]
	delete(s.states, id)
	s.mu.Unlock()
	if !ok {
		rpcerr.UnknownSession(w, nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
