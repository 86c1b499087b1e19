// Package missing: a request without Mcp-Session-Id answered with
// something other than 400.
package missing

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"

	"fixtures/sessionstatus/respond"
)

const sessionHeader = "Mcp-Session-Id"

func get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	if id == "" {
		http.Error(w, "session not found", http.StatusNotFound) // want `answers 404 to a request without Mcp-Session-Id: answer 400`
		return
	}
}

func del(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(protocol.HeaderSessionID) == "" && r.Method == http.MethodDelete {
		protocol.WriteError(w, nil, protocol.SessionNotFound()) // want `answers 404 to a request without Mcp-Session-Id`
		return
	}
}

func viaHelper(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if len(id) == 0 {
		respond.Unauthorized(w) // want `answers 401 to a request without Mcp-Session-Id`
	}
}

func notEmptyElse(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		w.WriteHeader(http.StatusOK)
	} else {
		w.WriteHeader(http.StatusUnauthorized) // want `answers 401 to a request without Mcp-Session-Id`
	}
}

// Right answers and answers to other conditions are not reported.
func right(w http.ResponseWriter, r *http.Request, isInitialize bool) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && !isInitialize {
		http.Error(w, "Bad Request: missing Mcp-Session-Id", http.StatusBadRequest)
		return
	}
	if id == "" {
		if r.Header.Get("Accept") == "" {
			http.Error(w, "Not Acceptable", http.StatusNotAcceptable)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
	}
}
