// Package switchcases: the POST handler dispatches on the method with a
// switch. Its initialize case registers the session through a helper that
// answers the handshake with the id; the refusals in the other cases
// answer other requests, which never registered anything. Nothing leaks,
// and nothing is reported.
package switchcases

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type session struct{ id, version string }

type gateway struct {
	mu       sync.Mutex
	sessions map[string]*session
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func rpcError(id json.RawMessage, code int, msg string) map[string]any {
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}}
}

func (g *gateway) post(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeJSON(w, http.StatusBadRequest, rpcError(nil, -32700, "not JSON"))
		return
	}
	switch msg.Method {
	case "initialize":
		g.initialize(w, msg)
	case "tools/call":
		s := g.lookup(r.Header.Get("Mcp-Session-Id"))
		if s == nil {
			writeJSON(w, http.StatusNotFound, rpcError(msg.ID, -32001, "session not found"))
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{}})
	default:
		writeJSON(w, http.StatusOK, rpcError(msg.ID, -32601, "method not found"))
	}
}

func (g *gateway) initialize(w http.ResponseWriter, msg message) {
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(msg.Params, &params); err != nil {
		writeJSON(w, http.StatusBadRequest, rpcError(msg.ID, -32602, "invalid params"))
		return
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	s := &session{id: hex.EncodeToString(b), version: params.ProtocolVersion}
	g.mu.Lock()
	g.sessions[s.id] = s
	g.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", s.id)
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": s.version}})
}

func (g *gateway) lookup(id string) *session {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sessions[id]
}
