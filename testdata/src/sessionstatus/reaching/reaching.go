// Package reaching pins that a test is judged by the assignment that
// reaches it: an assignment in a nested block that returns does not reach
// code after the block, and one in a block that may or may not run leaves
// the variable's meaning unknown. Only the former used to be taken as the
// variable's value (the last assignment in the source).
package reaching

import "net/http"

type server struct {
	sessions map[string]*struct{}
	quota    map[string]int
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := s.quota[r.RemoteAddr]
	if r.Method == http.MethodGet {
		// This lookup's ok does not reach the test below: the block returns.
		_, ok = s.sessions[id]
		if !ok {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		return
	}
	if !ok {
		http.Error(w, "no quota", http.StatusTooManyRequests)
	}
}

func (s *server) maybe(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := s.quota[r.RemoteAddr]
	if id != "" {
		_, ok = s.sessions[id]
	}
	// ok is the quota's or the session's: not judged.
	if !ok {
		http.Error(w, "refused", http.StatusForbidden)
	}
}

func (s *server) reaches(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := s.quota[r.RemoteAddr]
	if !ok {
		http.Error(w, "no quota", http.StatusTooManyRequests)
		return
	}
	_, ok = s.sessions[id]
	if !ok {
		http.Error(w, "unknown session", http.StatusForbidden) // want `answers 403 to an unknown or expired Mcp-Session-Id`
	}
}

// branches: the id a fresh initialize mints is assigned in the other
// branch of the if around the lookup; it never reaches the lookup, which
// is by the header's id.
func (s *server) branches(w http.ResponseWriter, r *http.Request, initialize bool) {
	id := r.Header.Get("Mcp-Session-Id")
	if initialize {
		if id == "" {
			id = "fresh"
		}
		s.sessions[id] = &struct{}{}
	} else {
		if _, ok := s.sessions[id]; !ok {
			http.Error(w, "unknown session", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id`
			return
		}
	}
}
