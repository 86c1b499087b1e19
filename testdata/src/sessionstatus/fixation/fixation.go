// Package fixation: an initialize that keeps the id the client sent. The
// server mints the session id on initialize; keeping a client-chosen one
// lets whoever chose it ride the session (session fixation).
package fixation

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
)

type rpc struct {
	Method string `json:"method"`
}

type info struct{ version string }

type gateway struct {
	mu    sync.Mutex
	state map[string]info
}

func mint() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (g *gateway) handle(w http.ResponseWriter, r *http.Request) {
	client := r.Header.Get("Mcp-Session-Id")
	if client == "" {
		client = mint()
	}
	var msg rpc
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if strings.EqualFold(msg.Method, "initialize") {
		sid := client
		g.mu.Lock()
		g.state[sid] = info{version: "2025-06-18"} // want `an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it`
		g.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
	}
	w.WriteHeader(http.StatusOK)
}

func (g *gateway) handleSwitch(w http.ResponseWriter, r *http.Request, msg rpc) {
	id := r.Header.Get("Mcp-Session-Id")
	switch msg.Method {
	case "initialize":
		if id == "" {
			id = mint()
		}
		w.Header().Set("Mcp-Session-Id", id) // want `an initialize keeps the client's own Mcp-Session-Id`
		w.WriteHeader(http.StatusOK)
	default:
		w.Header().Set("Mcp-Session-Id", id)
		w.WriteHeader(http.StatusOK)
	}
}
