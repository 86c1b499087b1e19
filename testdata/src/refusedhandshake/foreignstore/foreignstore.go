// Package foreignstore keeps its sessions in a store of another package, a
// concrete type whose methods look records up, keep and drop them: it is
// read by its verbs, as a store behind an interface is.
package foreignstore

import (
	"cmp"
	"crypto/rand"
	"encoding/json"
	"net/http"

	"fixtures/refusedhandshake/foreignstore/kv"
)

// Upstream starts the session's handshake with the server behind the
// gateway.
type Upstream interface {
	Connect(r *http.Request, rec *kv.Record) error
}

// Gateway saves the record before the upstream handshake and leaves it
// when the upstream fails: a session no client holds stays in the store.
type Gateway struct {
	Store    *kv.Store
	Upstream Upstream
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if _, err := g.Store.Load(r.Context(), id); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !initialize(r) {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	rec := &kv.Record{ID: rand.Text(), Upstream: "primary"}
	if err := g.Store.Save(r.Context(), rec); err != nil { // want `a session is registered in Store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if err := g.Upstream.Connect(r, rec); err != nil {
		http.Error(w, "upstream unavailable", http.StatusBadGateway)
		return
	}
	w.Header().Set("Mcp-Session-Id", rec.ID)
	w.WriteHeader(http.StatusOK)
}

// Fallback takes the client's id when it sent one and mints one when it
// did not (cmp.Or): the minted id is fresh, and its record stays when the
// upstream fails.
type Fallback struct {
	Store    *kv.Store
	Upstream Upstream
}

func (g *Fallback) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("resume") != "" {
		if _, err := g.Store.Load(r.Context(), r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !initialize(r) {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	id := cmp.Or(r.Header.Get("Mcp-Session-Id"), rand.Text())
	rec := &kv.Record{ID: id, Upstream: "primary"}
	if err := g.Store.Save(r.Context(), rec); err != nil { // want `a session is registered in Store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if err := g.Upstream.Connect(r, rec); err != nil {
		http.Error(w, "upstream unavailable", http.StatusBadGateway)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// RolledBack removes the record when the upstream fails.
type RolledBack struct {
	Store    *kv.Store
	Upstream Upstream
}

func (g *RolledBack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if _, err := g.Store.Load(r.Context(), id); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !initialize(r) {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	rec := &kv.Record{ID: rand.Text(), Upstream: "primary"}
	if err := g.Store.Save(r.Context(), rec); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if err := g.Upstream.Connect(r, rec); err != nil {
		_ = g.Store.Remove(r.Context(), rec.ID)
		http.Error(w, "upstream unavailable", http.StatusBadGateway)
		return
	}
	w.Header().Set("Mcp-Session-Id", rec.ID)
	w.WriteHeader(http.StatusOK)
}

// Cache is a concrete type of another package with the same verbs that
// holds no sessions: nothing looks a request's Mcp-Session-Id up in it.
type Cache struct {
	Pages    *kv.Store
	Upstream Upstream
}

func (c *Cache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := &kv.Record{ID: rand.Text(), Upstream: r.URL.Path}
	if err := c.Pages.Save(r.Context(), rec); err != nil {
		http.Error(w, "cache failed", http.StatusInternalServerError)
		return
	}
	if err := c.Upstream.Connect(r, rec); err != nil {
		http.Error(w, "upstream unavailable", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// initialize reports whether the request's body is an initialize.
func initialize(r *http.Request) bool {
	var req struct {
		Method string `json:"method"`
	}
	return json.NewDecoder(r.Body).Decode(&req) == nil && req.Method == "initialize"
}
