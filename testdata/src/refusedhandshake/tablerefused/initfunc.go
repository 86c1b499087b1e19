package tablerefused

import (
	"encoding/json"
	"net/http"
	"sync"

	"fixtures/refusedhandshake/tablerefused/uuid"
)

// The handshake answered by a function of its own, called only for an
// initialize: the table is filled before the params are read.

type note struct {
	id       string
	protocol string
}

type noteTable struct {
	mu   sync.Mutex
	byID map[string]*note
}

func (t *noteTable) add() *note {
	n := &note{id: uuid.NewString()}
	t.mu.Lock()
	t.byID[n.id] = n
	t.mu.Unlock()
	return n
}

func (t *noteTable) get(id string) *note {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byID[id]
}

func (t *noteTable) remove(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.byID, id)
}

type notes struct{ table *noteTable }

func (s *notes) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	switch req.Method {
	case "initialize":
		s.initialize(w, &req)
		return
	}
	if s.table.get(r.Header.Get("Mcp-Session-Id")) == nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
}

func (s *notes) initialize(w http.ResponseWriter, req *request) {
	n := s.table.add() // want `a session is registered in byID before the handshake is accepted, and a later refusal answers an error without removing it`
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil || p.ProtocolVersion == "" {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	n.protocol = p.ProtocolVersion
	w.Header().Set("Mcp-Session-Id", n.id)
	w.Write([]byte(`{}`))
}

// careful takes the entry back when it refuses.
type careful struct{ table *noteTable }

func (s *careful) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method == "initialize" {
		s.initialize(w, &req)
		return
	}
	if s.table.get(r.Header.Get("Mcp-Session-Id")) == nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}

func (s *careful) initialize(w http.ResponseWriter, req *request) {
	n := s.table.add()
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil || p.ProtocolVersion == "" {
		s.table.remove(n.id)
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", n.id)
	w.Write([]byte(`{}`))
}

// helper is called for every request: not the handshake's own.
func (s *careful) helper(w http.ResponseWriter, req *request) {
	n := s.table.add()
	if req.Params == nil {
		http.Error(w, "no params", http.StatusBadRequest)
		return
	}
	_ = n
}

func (s *careful) any(w http.ResponseWriter, r *http.Request) {
	s.helper(w, &request{})
}
