// Package chains holds branches for an unknown id that no test around the
// answer names: the statement after a served branch that returns, the
// last else of an if-else chain whose links serve a known id and an
// initialize without one, and a case of a tagless switch.
package chains

import (
	"encoding/json"
	"net/http"
	"sync"
)

type conn struct{ name string }

type message struct {
	Method string `json:"method"`
}

func isInitializeRequest(m message) bool { return m.Method == "initialize" }

type Router struct {
	mu    sync.RWMutex
	conns map[string]*conn
}

func writeRefusal(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": text}})
}

func (rt *Router) find(id string) (*conn, bool) {
	rt.mu.RLock()
	defer rt.mu.RUnlock()
	c, ok := rt.conns[id]
	return c, ok
}

// ServeAfterReturn serves a known id and returns; what follows runs for
// every id the table lacks.
func (rt *Router) ServeAfterReturn(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if c, ok := rt.find(sid); ok {
		_, _ = w.Write([]byte(c.name))
		return
	}
	http.Error(w, "no such connection", http.StatusGone) // want `answers 410 to an unknown or expired Mcp-Session-Id`
}

// ServeChain is the if-else chain of the TypeScript SDK's example: the
// last else takes an unknown id as well as a request without one that is
// not initialize.
func (rt *Router) ServeChain(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		writeRefusal(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	c, ok := rt.find(sid)
	if sid != "" && ok {
		_, _ = w.Write([]byte(c.name))
	} else if sid == "" && isInitializeRequest(m) {
		w.Header().Set("Mcp-Session-Id", "minted")
		_, _ = w.Write([]byte(`{}`))
	} else {
		writeRefusal(w, http.StatusBadRequest, -32000, "Bad Request: No valid session ID provided") // want `answers 400 both to a missing and to an unknown Mcp-Session-Id`
	}
}

// ServeSwitch tells the states apart in one tagless switch.
func (rt *Router) ServeSwitch(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	c, ok := rt.find(sid)
	switch {
	case sid == "":
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	case !ok:
		writeRefusal(w, http.StatusForbidden, -32600, "Session not found") // want `answers 403 to an unknown or expired Mcp-Session-Id`
		return
	}
	_, _ = w.Write([]byte(c.name))
}

// ServeRefusedFirst refuses an unknown id with 404 before the chain: its
// last else is reached only by a request without an id, rightly 400.
func (rt *Router) ServeRefusedFirst(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		writeRefusal(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		if _, known := rt.find(sid); !known {
			writeRefusal(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
	}
	c, ok := rt.find(sid)
	if ok {
		_, _ = w.Write([]byte(c.name))
		return
	}
	if sid == "" && isInitializeRequest(m) {
		w.Header().Set("Mcp-Session-Id", "minted")
		_, _ = w.Write([]byte(`{}`))
		return
	}
	writeRefusal(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
}

// ServeAcceptAfter checks Accept after serving a known id: its 406 is the
// answer to that header, whatever the id (the TypeScript SDK checks Accept
// first too), and is not judged as the session's.
func (rt *Router) ServeAcceptAfter(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if c, ok := rt.find(sid); ok && sid != "" {
		_, _ = w.Write([]byte(c.name))
		return
	}
	if r.Header.Get("Accept") != "application/json, text/event-stream" {
		http.Error(w, "Not Acceptable", http.StatusNotAcceptable)
		return
	}
	w.Header().Set("Mcp-Session-Id", "minted")
	_, _ = w.Write([]byte(`{}`))
}

// ServeSwitchDefault serves a known id in a case; the default runs for
// any other.
func (rt *Router) ServeSwitchDefault(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		writeRefusal(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	c, ok := rt.find(sid)
	switch {
	case ok:
		_, _ = w.Write([]byte(c.name))
	case sid == "" && isInitializeRequest(m):
		w.Header().Set("Mcp-Session-Id", "minted")
		_, _ = w.Write([]byte(`{}`))
	default:
		writeRefusal(w, http.StatusUnauthorized, -32000, "invalid session") // want `answers 401 to an unknown or expired Mcp-Session-Id`
	}
}
