// Package encodedrefusal: an unknown Mcp-Session-Id refused with a
// JSON-RPC error object encoded straight onto the ResponseWriter, with no
// status set before it: net/http sends 200 for a body written first, and
// the client, seeing success, never re-initializes (404 is due). The same
// object after WriteHeader(404), and a missing id refused 400 first, are
// right. The table is read by functions whose names say nothing (holds,
// live): their bodies are keyed lookups.
package encodedrefusal

import (
	"encoding/json"
	"net/http"
	"sync"
)

type conn struct{ calls int }

type hub struct {
	mu    sync.RWMutex
	conns map[string]*conn
}

func (h *hub) holds(id string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	_, ok := h.conns[id]
	return ok
}

// known is named as a validator.
func (h *hub) known(id string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	_, ok := h.conns[id]
	return ok
}

// live answers whether the id is held.
func (h *hub) live(id string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.conns[id] != nil
}

func rpcError(code int, msg string) map[string]any {
	return map[string]any{"code": code, "message": msg}
}

// post refuses an unknown id in a body only.
func (h *hub) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !h.holds(id) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32001, "message": "Session not found"}}) // want `answers 200 when h.holds\(...\) finds no entry for the Mcp-Session-Id`
		return
	}
}

// named refuses through a validator named so, in a body only.
func (h *hub) named(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !h.known(id) {
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32001, "message": "Session not found"}}) // want `answers 200 to an unknown or expired Mcp-Session-Id`
		return
	}
}

// unnamed refuses 400 through a lookup whose name says nothing.
func (h *hub) unnamed(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !h.live(id) {
		http.Error(w, "invalid session", http.StatusBadRequest) // want `answers 400 when h.live\(...\) finds no entry for the Mcp-Session-Id`
		return
	}
}

// right sets 404 before the same body.
func (h *hub) right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !h.holds(id) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": rpcError(-32001, "Session not found")})
		return
	}
}

func (h *hub) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", h.post)
	mux.HandleFunc("/mcp/named", h.named)
	mux.HandleFunc("/mcp/unnamed", h.unnamed)
	mux.HandleFunc("/mcp/right", h.right)
}
