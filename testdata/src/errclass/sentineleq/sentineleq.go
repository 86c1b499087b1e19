// Package sentineleq: a store error compared with one of the store's
// sentinels by == (or !=, or a switch on the error) is that one condition,
// as errors.Is would pick it. An answer under such a test is about the
// condition the sentinel names, not about where the call's other errors
// come from; the rest of the errors still are the store's.
package sentineleq

import (
	"context"
	"encoding/json"
	"net/http"

	"fixtures/errclass/sentineleq/catalog"
)

type api struct{ store catalog.Store }

func writeJSON(w http.ResponseWriter, v any) { _ = json.NewEncoder(w).Encode(v) }

// The status set in the branch of the sentinel, 500 for every other error.
func (a *api) remove(w http.ResponseWriter, r *http.Request) {
	if err := a.store.Remove(r.Context(), r.URL.Query().Get("name")); err != nil {
		if err == catalog.ErrProtected {
			w.WriteHeader(http.StatusBadRequest)
		} else {
			w.WriteHeader(http.StatusInternalServerError)
		}
		writeJSON(w, map[string]string{"error": err.Error()})
		return
	}
	writeJSON(w, map[string]string{"status": "removed"})
}

// The test inverted: every other error returned 500 first.
func (a *api) toggle(w http.ResponseWriter, r *http.Request) {
	err := a.store.Toggle(r.Context(), "g", r.URL.Query().Get("entry"), true)
	if err != nil {
		if err != catalog.ErrNotMember {
			http.Error(w, "store failure", http.StatusInternalServerError)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
}

// A switch on the error naming the sentinels.
func (a *api) toggleSwitch(w http.ResponseWriter, r *http.Request) {
	err := a.store.Toggle(r.Context(), "g", r.URL.Query().Get("entry"), false)
	switch err {
	case nil:
	case catalog.ErrNotMember, catalog.ErrProtected:
		http.Error(w, err.Error(), http.StatusBadRequest)
	default:
		http.Error(w, "store failure", http.StatusInternalServerError)
	}
}

// A tagless switch whose case compares with the sentinel.
func (a *api) removeCases(w http.ResponseWriter, r *http.Request) {
	err := a.store.Remove(context.Background(), "x")
	switch {
	case err == nil:
	case err == catalog.ErrProtected:
		http.Error(w, "protected", http.StatusConflict)
		http.Error(w, "protected", http.StatusBadRequest)
	case err != nil:
		http.Error(w, "store failure", http.StatusInternalServerError)
	}
}

// The status held in a variable, changed only for the sentinel: every
// other error, the store's failures, gets the default 400.
func (a *api) removeDefault(w http.ResponseWriter, r *http.Request) {
	if err := a.store.Remove(r.Context(), "x"); err != nil {
		status := http.StatusBadRequest
		if err == catalog.ErrBackendDown {
			status = http.StatusServiceUnavailable
		}
		http.Error(w, err.Error(), status) // want `answers 400 for an error from a.store.Remove, a server-side failure`
	}
}

// Near miss: the sentinel's own branch is fine, but every other error
// falls to a 400 too.
func (a *api) removeRest(w http.ResponseWriter, r *http.Request) {
	if err := a.store.Remove(r.Context(), "x"); err != nil {
		if err == catalog.ErrProtected {
			http.Error(w, "protected", http.StatusBadRequest)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from a.store.Remove, a server-side failure`
	}
}

// Near miss: the comparison with the sentinel is known false in the else
// branch, which holds every other error.
func (a *api) removeElse(w http.ResponseWriter, r *http.Request) {
	if err := a.store.Remove(r.Context(), "x"); err != nil {
		if err == catalog.ErrProtected {
			http.Error(w, "protected", http.StatusConflict)
		} else {
			http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from a.store.Remove, a server-side failure`
		}
	}
}

// Near miss: a comparison with another local error value is no sentinel.
func (a *api) removeLocal(w http.ResponseWriter, r *http.Request) {
	prev := a.store.Remove(r.Context(), "y")
	if err := a.store.Remove(r.Context(), "x"); err != nil {
		if err == prev {
			http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from a.store.Remove, a server-side failure`
		}
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (a *api) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /removedefault/mcp", a.removeDefault)
	mux.HandleFunc("POST /removerest/mcp", a.removeRest)
	mux.HandleFunc("POST /removeelse/mcp", a.removeElse)
	mux.HandleFunc("POST /removelocal/mcp", a.removeLocal)
}
