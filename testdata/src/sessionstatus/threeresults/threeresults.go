// Package threeresults: a store whose lookup says whether it holds the id
// in a bool and that it could not tell in an error, (T, bool, error).
package threeresults

import (
	"context"
	"net/http"
)

type session struct{ owner string }

type Store interface {
	Get(ctx context.Context, id string) (session, bool, error)
}

type proxy struct{ store Store }

func (p *proxy) stream(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	sess, ok, err := p.store.Get(r.Context(), sid)
	if err != nil {
		http.Error(w, "session store unavailable", http.StatusServiceUnavailable)
		return
	}
	if !ok {
		http.Error(w, "session not found", http.StatusBadRequest) // want `answers 400 to an unknown or expired Mcp-Session-Id \(p.store.Get\(...\)\): answer 404`
		return
	}
	_ = sess
}

func (p *proxy) good(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	_, ok, err := p.store.Get(r.Context(), sid)
	if err != nil {
		http.Error(w, "session store unavailable", http.StatusServiceUnavailable)
		return
	}
	if !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
}
