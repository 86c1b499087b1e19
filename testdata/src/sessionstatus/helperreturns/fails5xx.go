package helperreturns

import (
	"errors"
	"fmt"
	"net/http"
)

// A layered handler: serveMCP hands the request to dispatch, whose
// per-method functions fail for a missing or an unknown id with errors of
// their own; the outer handler answers every error 500.

type rpc struct{ method string }

func (s *server) dispatch(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	m := rpc{method: r.URL.Query().Get("m")}
	switch m.method {
	case "initialize":
		return s.open(w)
	default:
		return s.forward(w, &m, id)
	}
}

func (s *server) open(w http.ResponseWriter) error {
	w.Header().Set("Mcp-Session-Id", "minted")
	return nil
}

func (s *server) forward(w http.ResponseWriter, m *rpc, sessionID string) error {
	if sessionID == "" {
		return fmt.Errorf("session id required for %s", m.method)
	}
	s.mu.Lock()
	c, ok := s.conns[sessionID]
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("session %s not found", sessionID)
	}
	if !c.ready {
		return errors.New("backend not ready") // the server's own failure
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

func (s *server) serveMCP(w http.ResponseWriter, r *http.Request) {
	if err := s.dispatch(w, r); err != nil {
		http.Error(w, "proxy error: "+err.Error(), http.StatusInternalServerError) // want `answers 500 to every error of s.dispatch\(...\), also to a request without Mcp-Session-Id \(400\) and to an unknown id \(404\)`
		return
	}
}

// The missing id is refused first; the unknown one still reaches the 500.
func (s *server) serveChecked(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := s.dispatch(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway) // want `answers 502 to every error of s.dispatch\(...\), also the one it returns for an unknown Mcp-Session-Id: answer that one 404`
		return
	}
}

// Right: the session is looked up before the helper runs.
func (s *server) serveLookedUp(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	_, ok := s.conns[id]
	s.mu.Unlock()
	if !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err := s.dispatch(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}

var errNoSession = errors.New("no session")

func (s *server) dispatchTagged(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return fmt.Errorf("%w: id required", errNoSession)
	}
	return nil
}

// Right: the caller tells the session errors apart.
func (s *server) serveTold(w http.ResponseWriter, r *http.Request) {
	if err := s.dispatchTagged(w, r); err != nil {
		if errors.Is(err, errNoSession) {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}

// Right: the helper fails for no session condition, only its own.
func (s *server) relay(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength > 1<<20 {
		return errors.New("upstream refuses large bodies")
	}
	return nil
}

func (s *server) serveRelay(w http.ResponseWriter, r *http.Request) {
	if err := s.relay(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}

// Right: the id was refused before the helper is handed it, so the
// helper's own test of it never fails.
func (s *server) afterTest(w http.ResponseWriter, r *http.Request) error {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return nil
	}
	return s.forward(w, &rpc{method: "tools/list"}, id)
}

// current hands on both results of sessionOf, which fails for a missing
// and for an unknown id.
func (s *server) current(r *http.Request) (*conn, error) {
	return s.sessionOf(r)
}

func (s *server) serveCurrent(w http.ResponseWriter, r *http.Request) {
	c, err := s.current(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable) // want `answers 503 to every error of s.current\(...\), also to a request without Mcp-Session-Id \(400\) and to an unknown id \(404\)`
		return
	}
	_ = c
	w.WriteHeader(http.StatusAccepted)
}
