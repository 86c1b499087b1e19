package rowstatus

import (
	"errors"
	"mime"
	"net/http"
)

// Right: each refusal with its row's status.
func (s *server) handleRight(w http.ResponseWriter, r *http.Request) {
	if !s.allowOrigin(r) {
		http.Error(w, "origin not allowed", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "want JSON", http.StatusUnsupportedMediaType)
		return
	}
	s.post(w, r)
}

// Not judged: an Accept refusal's 400 is go-sdk's own answer, though the
// table gives 406.
func (s *server) accepts(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Accept") == "" {
		writeError(w, -32600, "missing Accept")
		return
	}
	s.post(w, r)
}

var errNoBody = errors.New("no body")

// Not judged: the condition mixes the Content-Type with an error of
// another kind, so the branch is not one row's.
func (s *server) mixed(w http.ResponseWriter, r *http.Request) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		http.Error(w, "bad content type", http.StatusBadRequest)
		return
	}
	if r.ContentLength == 0 {
		http.Error(w, errNoBody.Error(), http.StatusBadRequest)
		return
	}
	s.post(w, r)
}

// Not judged: a route beside MCP's endpoint answers by its own rules.
func health(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		http.Error(w, "GET only", http.StatusBadRequest)
		return
	}
	_, _ = w.Write([]byte("ok"))
}

// Not judged as the method's row: the method is refused only for a
// request without a session id, so the condition is the missing id's (a
// rule of its own), not a method the endpoint does not serve.
func (s *server) gated(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		if r.Method != http.MethodPost {
			writeError(w, -32000, "no session")
			return
		}
		s.post(w, r)
		return
	}
	if r.Method == http.MethodPost {
		// Picked by the method alone: judged.
		if r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "want JSON", http.StatusBadRequest) // want `answers 400 to a body whose Content-Type is not JSON: answer 415`
			return
		}
		s.post(w, r)
	}
}

// afterID serves every method of a session that has an id and refuses a
// request without one unless it is a POST: that refusal is the missing
// id's 400, not the method's 405.
func (s *server) afterID(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "Bad Request: Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
}
