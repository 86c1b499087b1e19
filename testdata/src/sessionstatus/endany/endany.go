// Package endany: handlers that end whatever session the request names,
// with no lookup on the way, and answer a success: the unknown id gets it
// too. A handler that looks first, or that creates sessions, is silent.
package endany

import (
	"context"
	"errors"
	"net/http"
	"sync"
)

var ErrUnknownSession = errors.New("unknown session")

type store interface {
	Delete(ctx context.Context, id string) error
}

// manager ends sessions; it reports nothing of an id it does not hold.
type manager interface {
	EndSession(ctx context.Context, id string)
	CloseSession(id string)
	End(id string)
}

type srv struct {
	mu       sync.Mutex
	sessions map[string]chan struct{}
	live     sync.Map
	st       store
	mgr      manager
}

func (s *srv) endManaged(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	s.mgr.EndSession(r.Context(), id)
	w.WriteHeader(http.StatusNoContent) // want `answers 204 whatever Mcp-Session-Id is ended: s.mgr.EndSession\(...\) looks nothing up`
}

func (s *srv) closeManaged(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mgr.CloseSession(id)
	w.WriteHeader(http.StatusOK) // want `answers 200 whatever Mcp-Session-Id is ended: s.mgr.CloseSession\(...\) looks nothing up`
}

// ended's End names no removal of a session: silent.
func (s *srv) ended(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mgr.End(id)
	w.WriteHeader(http.StatusOK)
}

func (s *srv) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	s.mu.Lock()
	delete(s.sessions, id)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent) // want `answers 204 whatever Mcp-Session-Id is ended`
}

func (s *srv) endStore(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	_ = s.st.Delete(r.Context(), id)
	w.WriteHeader(http.StatusOK) // want `answers 200 whatever Mcp-Session-Id is ended`
}

func (s *srv) endSwallowed(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.st.Delete(r.Context(), id); err != nil && !errors.Is(err, ErrUnknownSession) {
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent) // want `answers 204 also to an unknown Mcp-Session-Id: s.st.Delete\(...\) failing with ErrUnknownSession is let through`
}

// endLooked tells the unknown id apart first: silent.
func (s *srv) endLooked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, ok := s.sessions[id]
	if !ok {
		s.mu.Unlock()
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	delete(s.sessions, id)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// endTold refuses the not-found error: silent.
func (s *srv) endTold(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if err := s.st.Delete(r.Context(), id); err != nil {
		if errors.Is(err, ErrUnknownSession) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// replace drops the old session and registers a new one: not a handler
// that only ends sessions, silent.
func (s *srv) replace(w http.ResponseWriter, r *http.Request) {
	old := r.Header.Get("Mcp-Session-Id")
	s.live.Delete(old)
	s.live.Store("fresh", struct{}{})
	w.WriteHeader(http.StatusOK)
}

// endLogged closes what it held locally and only logs the store's
// answer: an unknown id is ended with a 200 too.
func (s *srv) endLogged(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if v, ok := s.live.LoadAndDelete(id); ok {
		close(v.(chan struct{}))
	}
	if err := s.st.Delete(r.Context(), id); err != nil {
		println("delete failed:", err.Error())
	}
	w.WriteHeader(http.StatusOK) // want `answers 200 whatever Mcp-Session-Id is ended: s.st.Delete\(...\) looks nothing up`
}

// endHeard answers from what the local table said.
func (s *srv) endHeard(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if v, ok := s.live.LoadAndDelete(id); ok {
		close(v.(chan struct{}))
	} else {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	_ = s.st.Delete(r.Context(), id)
	w.WriteHeader(http.StatusOK)
}

// serve answers every method in one handler; its DELETE case ends the
// session the request names, if it names one, and answers 204 whatever.
func (s *srv) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodPost:
		s.mu.Lock()
		s.sessions["minted"] = make(chan struct{})
		s.mu.Unlock()
		w.WriteHeader(http.StatusOK)
	case http.MethodDelete:
		if id != "" {
			s.live.Delete(id)
		}
		w.WriteHeader(http.StatusNoContent) // want `answers 204 whatever Mcp-Session-Id is ended: s.live.Delete\(...\) looks nothing up`
	}
}

// serveLooked's DELETE case looks the id up first: silent.
func (s *srv) serveLooked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodPost:
		w.WriteHeader(http.StatusOK)
	case http.MethodDelete:
		if id == "" {
			http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
			return
		}
		if _, ok := s.live.Load(id); !ok {
			http.Error(w, "no such session", http.StatusNotFound)
			return
		}
		s.live.Delete(id)
		w.WriteHeader(http.StatusNoContent)
	}
}

// serveGuarded's branch is not the DELETE method's: a removal under
// another condition is not an ending of sessions.
func (s *srv) serveGuarded(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if r.Method == http.MethodGet {
		if id != "" {
			s.live.Delete(id)
		}
		w.WriteHeader(http.StatusOK)
	}
}
