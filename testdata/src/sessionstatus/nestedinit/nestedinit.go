// Package nestedinit: a POST without Mcp-Session-Id whose method test is
// nested under the missing-id test. "No id and not initialize" is the
// protocol's 400 row; 404 sends the client into a re-initialize loop.
package nestedinit

import (
	"encoding/json"
	"net/http"
)

type message struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

const methodInitialize = "initialize"

func reply(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": -32000, "message": text}, "id": nil})
}

func post(w http.ResponseWriter, r *http.Request, msg *message) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		if msg == nil || msg.Method != methodInitialize {
			reply(w, http.StatusNotFound, "expected initialize") // want `answers 404 to a request without Mcp-Session-Id: answer 400`
			return
		}
		// A malformed initialize is the client's: 400 under no id is right.
		if len(msg.Params) == 0 {
			reply(w, http.StatusBadRequest, "initialize needs params")
			return
		}
		w.WriteHeader(http.StatusOK)
		return
	}
}

func postElse(w http.ResponseWriter, r *http.Request, msg *message) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		if msg.Method == "initialize" {
			w.WriteHeader(http.StatusOK)
		} else {
			http.Error(w, "no session", http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id: answer 400`
		}
	}
}

// Right: 400 for no id and not initialize; other refusals under a missing
// id (the Accept header here) are about something else and not judged.
func right(w http.ResponseWriter, r *http.Request, msg *message) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		if msg.Method != methodInitialize {
			reply(w, http.StatusBadRequest, "missing Mcp-Session-Id")
			return
		}
		if r.Header.Get("Accept") == "" {
			reply(w, http.StatusNotAcceptable, "Accept required")
			return
		}
	}
}

// A JSON-RPC error written with 200 for a missing or an unknown id is a
// refusal sent as a success.
var known = map[string]bool{}

func writeRPC(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": text}, "id": nil})
}

func ok200(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeRPC(w, http.StatusOK, -32600, "Mcp-Session-Id required") // want `answers 200 to a request without Mcp-Session-Id: answer 400`
		return
	}
	if !known[sid] {
		writeRPC(w, http.StatusOK, -32600, "unknown session") // want `answers 200 to an unknown or expired Mcp-Session-Id`
		return
	}
	writeRPC(w, http.StatusOK, -32601, "Method not found")
}

// 405 is no answer to a POSTed request that is not initialize.
func post405(w http.ResponseWriter, r *http.Request, msg *message) {
	if r.Header.Get("Mcp-Session-Id") == "" {
		if msg.Method != "initialize" {
			http.Error(w, "method not allowed without a session", http.StatusMethodNotAllowed) // want `answers 405 to a request without Mcp-Session-Id: answer 400`
			return
		}
	}
}
