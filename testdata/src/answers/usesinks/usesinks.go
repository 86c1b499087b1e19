// Package usesinks calls the helpers of package sinks; through their facts
// the answers analyzer reports the answers their calls write.
package usesinks

import (
	"errors"
	"net/http"

	"fixtures/answers/sinks"
)

var errBad = errors.New("bad")

func handle(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		sinks.Gone(w)
	case http.MethodPost:
		sinks.Unparsable(w, errBad)
	default:
		sinks.Pick(w, true)
	}
}

var sessions = map[string]bool{}

func route(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		sinks.Plain(w, http.StatusBadRequest, "no session id")
		return
	}
	if !sessions[id] {
		sinks.Gone(w)
		return
	}
	if r.ContentLength == 0 {
		sinks.Plain(w, http.StatusBadRequest, "empty body")
	}
}
