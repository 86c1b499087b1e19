// Package neverchecked: a bridge that hands out a session id on its
// initialize answer and never reads one back. Every other message is
// dispatched whatever Mcp-Session-Id it carries, so a missing id is never
// 400 and an unknown one never 404.
package neverchecked

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"time"
)

type bridge struct{ name string }

type message struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

// handle takes more than (w, r): the bridge's user comes from a wrapper.
func handle(b *bridge, w http.ResponseWriter, r *http.Request, user string) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		greet(b, w, user, m.ID)
	case "tools/list":
		listTools(b, w, m.ID) // served whatever its Mcp-Session-Id
	default:
		http.Error(w, "unknown method", http.StatusNotImplemented)
	}
}

func greet(b *bridge, w http.ResponseWriter, user string, id any) {
	sid := fmt.Sprintf("s-%d-%s", time.Now().UnixNano(), user)
	w.Header().Set("Mcp-Session-Id", sid) // want `hands out Mcp-Session-Id but never tests a request.s id against those issued`
	log.Printf("opened %s for %s", sid, b.name)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{}})
}

func listTools(b *bridge, w http.ResponseWriter, id any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": map[string]any{"tools": []any{}}})
}

// Wrap is the http.Handler the bridge is mounted with.
func Wrap(b *bridge) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		handle(b, w, r, r.URL.User.Username())
	}
}
