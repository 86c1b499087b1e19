// Package sealedid restates a gateway shape seen in the corpus (ai-gateway
// v1.0.0): the session id is a sealed token that carries the session's state,
// so "looking it up" means opening the seal. An id the gateway cannot open
// (issued under a rotated key, or by another deployment) names a session it
// does not know; 400 strands the client on it, 404 makes it initialize again.
package sealedid

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

type sealed string

type session struct{ backends []string }

type gateway struct{ key []byte }

// open decodes and authenticates a sealed id. Its errors all mean "not a
// session of this gateway".
func (g *gateway) open(id sealed) (*session, error) {
	body, ok := strings.CutPrefix(string(id), string(g.key)+".")
	if !ok {
		return nil, errors.New("cannot open session id")
	}
	return &session{backends: strings.Split(body, ",")}, nil
}

// stream: a GET whose id does not open is answered 400.
func (g *gateway) stream(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session id", http.StatusBadRequest)
		return
	}
	s, err := g.open(sealed(id))
	if err != nil {
		http.Error(w, fmt.Sprintf("bad session id: %v", err), http.StatusBadRequest) // want `answers 400 when the session lookup g.open\(...\) fails`
		return
	}
	_ = s
}

// post: the header is optional (an initialize carries none), but a present
// id that does not open is answered 400 too.
func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	var s *session
	var err error
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		s, err = g.open(sealed(id))
		if err != nil {
			http.Error(w, "bad session id", http.StatusBadRequest) // want `answers 400 when the session lookup g.open\(...\) fails`
			return
		}
	}
	_ = s
}

// end: the fix, 404 for an id the gateway cannot open.
func (g *gateway) end(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "missing session id", http.StatusBadRequest)
		return
	}
	if _, err := g.open(sealed(id)); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
