// Package endunknown: a DELETE that ends the session only if it is known
// and answers success either way. An id nobody minted gets 204 as if a
// session had ended; the protocol answers it 404.
package endunknown

import (
	"net/http"
	"sync"
)

type session struct{}

func (*session) close() {}

type server struct {
	mu       sync.Mutex
	sessions map[string]*session
	live     sync.Map
}

func (s *server) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	sess, ok := s.sessions[id]
	if ok {
		delete(s.sessions, id)
		sess.close()
	}
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id: the session is ended only if s.sessions\[id\] finds it: answer 404`
}

func (s *server) delMap(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := s.live.Load(id); ok {
		s.live.Delete(id)
	}
	w.WriteHeader(http.StatusOK) // want `answers 200 also to an unknown Mcp-Session-Id`
}

// Right: the unknown id is refused before the session ends.
func (s *server) delChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[id]
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	delete(s.sessions, id)
	sess.close()
	w.WriteHeader(http.StatusNoContent)
}

// Right: a found session is only touched, not ended; what follows is not a
// termination answered to an unknown id.
func (s *server) touch(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if sess, ok := s.sessions[id]; ok {
		sess.close()
	}
	w.WriteHeader(http.StatusAccepted)
}
