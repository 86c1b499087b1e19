// Package good: the id's absence refused only where initialize cannot be:
// after the method is told apart, for a GET stream, and in a helper the
// endpoint calls once it has.
package good

import (
	"encoding/json"
	"net/http"
)

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type Server struct{ sessions map[string]bool }

func (s *Server) answer(w http.ResponseWriter, m message) {
	if m.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{}})
}

// Told refuses a missing id only for a method other than initialize.
func (s *Server) Told(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" && m.Method != "initialize" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	s.answer(w, m)
}

// After answers initialize first, then asks the rest for their id.
func (s *Server) After(w http.ResponseWriter, r *http.Request) {
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		s.answer(w, m)
		return
	}
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	s.answer(w, m)
}

// Stream serves GET only: a stream always follows initialize.
func (s *Server) Stream(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	if !s.sessions[sid] {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
}

// Entry tells initialize apart, then hands the rest to later, which asks
// for the id: later is not where requests arrive.
func (s *Server) Entry(w http.ResponseWriter, r *http.Request) {
	var m message
	json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		s.answer(w, m)
		return
	}
	s.later(w, r, m)
}

func (s *Server) later(w http.ResponseWriter, r *http.Request, m message) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	s.answer(w, m)
}
