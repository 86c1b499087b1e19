// Package tablerefused registers a session for an initialize before the
// initialize has been handled, and answers a failed handshake with an
// error without taking the registration back: the client never learns the
// id, and the entry stays until the process exits. An id manager whose
// Generate both mints and records the id, called before the request is
// dispatched, has this shape.
package tablerefused

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"fixtures/refusedhandshake/tablerefused/uuid"
)

type IDs struct {
	live sync.Map
}

// Generate mints an id and records it as live.
func (m *IDs) Generate() string { // want Generate:`freshRegistrar\(live\)`
	id := "sess-" + uuid.NewString()
	m.live.Store(id, true)
	return id
}

// Terminate forgets an id.
func (m *IDs) Terminate(id string) { // want Terminate:`tableRemover\(live\)`
	m.live.Delete(id)
}

type request struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type Server struct {
	ids    IDs
	handle func(*request) ([]byte, error)
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	isInit := req.Method == "initialize"
	var id string
	if isInit {
		id = s.ids.Generate() // want `a session is registered in live before the handshake is accepted, and a later refusal answers an error without removing it`
	} else {
		id = r.Header.Get("Mcp-Session-Id")
		if _, ok := s.ids.live.Load(id); !ok {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
	}
	out, err := s.handle(&req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if isInit {
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.Write(out)
}

var errBusy = errors.New("busy")

// Careful takes the id back on the refusal.
type Careful struct {
	ids    IDs
	handle func(*request) ([]byte, error)
}

func (s *Careful) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := s.ids.Generate()
	out, err := s.handle(&req)
	if err != nil {
		s.ids.Terminate(id)
		status := http.StatusInternalServerError
		if errors.Is(err, errBusy) {
			status = http.StatusServiceUnavailable
		}
		http.Error(w, err.Error(), status)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.Write(out)
}

// Early registers in a branch that returns: the error answers after it
// are for requests that registered nothing.
type Early struct{ ids IDs }

func (s *Early) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && req.Method == "initialize" {
		s.start(w)
		return
	}
	if _, ok := s.ids.live.Load(id); !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *Early) start(w http.ResponseWriter) {
	id := s.ids.Generate()
	w.Header().Set("Mcp-Session-Id", id)
}
