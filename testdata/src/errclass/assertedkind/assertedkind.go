// Package assertedkind: on an MCP endpoint's session checks, an answer given only once the error's dynamic type
// was asserted (if e, ok := err.(*T); ok, or a type switch) is about the
// condition that type names, as under errors.As; the call's other errors,
// the backend's failures, still are the server's.
package assertedkind

import (
	"net/http"

	"fixtures/errclass/assertedkind/sessions"
)

type api struct{ store sessions.Store }

// The status chosen by the asserted error's code; 500 for every other
// error.
func (a *api) check(w http.ResponseWriter, r *http.Request) {
	err := a.store.Check(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		status := http.StatusInternalServerError
		if se, ok := err.(*sessions.Error); ok {
			switch se.Code {
			case sessions.Malformed:
				status = http.StatusBadRequest
			case sessions.Gone:
				status = http.StatusNotFound
			}
		}
		http.Error(w, err.Error(), status)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// The assertion's negation, its else branch picking the kind.
func (a *api) checkNot(w http.ResponseWriter, r *http.Request) {
	err := a.store.Check(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		status := http.StatusInternalServerError
		if _, ok := err.(*sessions.Error); !ok {
			status = http.StatusServiceUnavailable
		} else {
			status = http.StatusBadRequest
		}
		http.Error(w, err.Error(), status)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// The same kind told apart by a type switch.
func (a *api) checkSwitch(w http.ResponseWriter, r *http.Request) {
	switch err := a.store.Check(r.Context(), r.Header.Get("Mcp-Session-Id")).(type) {
	case nil:
		w.WriteHeader(http.StatusNoContent)
	case *sessions.Error:
		http.Error(w, err.Error(), http.StatusBadRequest)
	default:
		http.Error(w, "backend failure", http.StatusInternalServerError)
	}
}

// The assertion's other branch: the errors that are not the layer's own
// kind, its backend's failures among them, answered 400.
func (a *api) checkElse(w http.ResponseWriter, r *http.Request) {
	err := a.store.Check(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		status := http.StatusNotFound
		if _, ok := err.(*sessions.Error); ok {
			status = http.StatusNotFound
		} else {
			status = http.StatusBadRequest // want `answers 400 for an error from a.store.Check, a server-side failure`
		}
		if _, ok := err.(*sessions.Error); !ok {
			status = http.StatusBadRequest // want `answers 400 for an error from a.store.Check, a server-side failure`
		}
		http.Error(w, err.Error(), status)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
