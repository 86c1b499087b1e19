// Package ifaceid: the id read through an interface the handler holds,
// whose implementation in the package returns the request's header.
package ifaceid

import (
	"net/http"
	"sync"
)

type store interface {
	IDOf(r *http.Request) string
	Has(id string) bool
}

type memory struct{ m sync.Map }

func (s *memory) IDOf(r *http.Request) string { return r.Header.Get("Mcp-Session-Id") }

func (s *memory) Has(id string) bool {
	_, ok := s.m.Load(id)
	return ok
}

type handler struct{ sessions store }

func (h *handler) serve(w http.ResponseWriter, r *http.Request, method string) {
	id := h.sessions.IDOf(r)
	if id != "" {
		if !h.sessions.Has(id) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if method != "initialize" {
		http.Error(w, "no session", http.StatusMethodNotAllowed) // want `answers 405 to a request without Mcp-Session-Id: answer 400`
		return
	}
	w.WriteHeader(http.StatusOK)
}
