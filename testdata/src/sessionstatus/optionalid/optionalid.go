// Package optionalid: handlers whose check judges only a present
// Mcp-Session-Id, so a request without one is served.
package optionalid

import (
	"encoding/json"
	"net/http"
	"sync"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type server struct {
	mu    sync.Mutex
	known map[string]bool
}

func (s *server) has(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.known[id]
}

// post returns for an initialize first, so what follows serves other
// methods only.
func (s *server) post(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
		w.WriteHeader(http.StatusOK)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK) // want `answers 200 to a request without Mcp-Session-Id: the check at line [0-9]+ judges only a present id`
}

// stream reads no body: it serves GET, never an initialize.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if len(id) > 0 && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK) // want `answers 200 to a request without Mcp-Session-Id`
}

// end requires the id: the package means ids to be required.
func (s *server) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// any may be handed an initialize (it reads the body and never tells one
// apart), which rightly comes without an id: silent.
func (s *server) any(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// required tests the missing id after the guard: silent.
func (s *server) required(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// notify accepts every notification before it looks at the id.
func (s *server) notify(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.ID == nil {
		w.WriteHeader(http.StatusAccepted) // want `accepts the message \(202\) whatever its Mcp-Session-Id, tested only after \(line [0-9]+\)`
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// notifyChecked tests the id first: its 202 is for a known session.
func (s *server) notifyChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !s.has(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// perMethod requires the id of one method only; its notification case
// says nothing of that method's check: silent.
func (s *server) perMethod(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "notifications/initialized":
		w.WriteHeader(http.StatusAccepted)
	case "publish":
		if r.Header.Get("Mcp-Session-Id") == "" {
			http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}
