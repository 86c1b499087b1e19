// Package fixationhelper: the id an initialize answers comes from a
// helper that returns the client's header when there is one and mints one
// only when there is none. A client-chosen id is kept: session fixation.
package fixationhelper

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
)

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// idFrom takes the header map, not the request.
func idFrom(h http.Header) string {
	id := h.Get("Mcp-Session-Id")
	if id == "" {
		id = newID()
	}
	return id
}

// freshID ignores the client's header.
func freshID(http.Header) string { return newID() }

func post(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := idFrom(r.Header)
	if msg.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", id) // want `an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it`
	}
	w.WriteHeader(http.StatusOK)
}

// Right: the initialize's id is minted whatever the client sent.
func postFresh(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := freshID(r.Header)
	if msg.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.WriteHeader(http.StatusOK)
}
