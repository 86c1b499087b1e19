// Package gonefact: a session store of another package whose lookup
// fails with its own not-found error, known by a fact, answered 5xx with
// the store's other failures.
package gonefact

import (
	"errors"
	"net/http"
	"strings"

	"fixtures/sessionstatus/gonefact/store"
)

type api struct {
	mem   *store.Memory
	cache store.Sessions
	reg   *store.Registry
}

func (a *api) direct(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := a.mem.Get(id); err != nil {
		http.Error(w, "session store failed", http.StatusInternalServerError) // want `answers 500 to an unknown Mcp-Session-Id too \(ErrNotFound of the lookup is not told apart\)`
		return
	}
}

func (a *api) viaInterface(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	sess, err := a.cache.Load(id)
	if err != nil {
		http.Error(w, "internal error", http.StatusServiceUnavailable) // want `answers 503 to an unknown Mcp-Session-Id too \(ErrNotFound of the lookup is not told apart\)`
		return
	}
	_ = sess
}

// toldApart answers the not-found 404 and only the rest 500.
func (a *api) toldApart(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := a.mem.Get(id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
		http.Error(w, "session store failed", http.StatusInternalServerError)
		return
	}
}

// ping's failure is the backend's alone.
func (a *api) ping(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if err := a.mem.Ping(id); err != nil {
		http.Error(w, "backend down", http.StatusInternalServerError)
		return
	}
}

func (a *api) owner(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if _, err := a.reg.Owner(id); err != nil {
		http.Error(w, "registry failed", http.StatusInternalServerError) // want `answers 500 to an unknown Mcp-Session-Id too \(Owner's not-found error is not told apart\)`
		return
	}
}

// ownerText tells the registry's errors apart by their text: silent.
func (a *api) ownerText(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	_, err := a.reg.Owner(id)
	if err != nil && strings.Contains(err.Error(), "absent") {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "registry failed", http.StatusInternalServerError)
		return
	}
}
