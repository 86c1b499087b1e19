// Package member: a session refused through a function of the table that
// is true only for an id it holds. False is an unknown id, which the
// protocol answers 404, whatever the function is named.
package member

import (
	"encoding/json"
	"net/http"

	"fixtures/sessionstatus/member/conns"
)

type server struct {
	table *conns.Table
	live  map[string]*conn
}

type conn struct{ id string }

// liveConn is true only for a connection the server holds.
func (s *server) liveConn(id string) bool {
	_, ok := s.live[id]
	return ok
}

func (s *server) rpcError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !s.table.IsReady(id) {
		s.rpcError(w, -32600, "connection not initialized") // want `answers 200 when s.table.IsReady\(...\) finds no entry for the Mcp-Session-Id: answer 404 for an unknown id`
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *server) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !s.table.Holds(id) {
		http.Error(w, "no such session", http.StatusUnauthorized) // want `answers 401 when s.table.Holds\(...\) finds no entry`
		return
	}
	if !s.liveConn(id) {
		http.Error(w, "no stream", http.StatusGone) // want `answers 410 when s.liveConn\(...\) finds no entry`
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Right: 404 for the miss; 403 for another user's session is about the
// owner, not the table.
func (s *server) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if !s.table.Holds(id) {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if !s.table.OwnedBy(id, r.Header.Get("X-User")) {
		http.Error(w, "not yours", http.StatusForbidden)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
