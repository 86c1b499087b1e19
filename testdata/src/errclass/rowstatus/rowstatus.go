// Package rowstatus: an MCP endpoint refusing a request for its HTTP
// method, its Content-Type or its Origin. The protocol's table gives each
// refusal its status (405 with Allow, 415, 403); a helper that writes
// every JSON-RPC error 400 gives them all 400.
package rowstatus

import (
	"encoding/json"
	"net/http"
	"strings"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id"`
	Error   *rpcError `json:"error,omitempty"`
}

// writeError answers every JSON-RPC error 400.
func writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}})
}

type server struct{ origins map[string]bool }

func (s *server) allowOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	return o == "" || s.origins[o]
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	if !s.allowOrigin(r) {
		writeError(w, -32600, "origin not allowed") // want `answers 400 to a request whose Origin is not allowed: answer 403`
		return
	}
	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	case http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		writeError(w, -32600, "method not allowed") // want `answers 400 to a request whose HTTP method the endpoint does not serve: answer 405 with Allow`
	}
}

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	ct := strings.ToLower(r.Header.Get("Content-Type"))
	if !strings.HasPrefix(ct, "application/json") {
		http.Error(w, "want JSON", http.StatusBadRequest) // want `answers 400 to a body whose Content-Type is not JSON: answer 415`
		return
	}
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeError(w, -32700, "parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if msg.Method == "initialize" {
		w.Header().Set("Mcp-Session-Id", "minted")
	}
	w.WriteHeader(http.StatusOK)
}

// single serves POST only and refuses the rest 404.
func (s *server) single(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.NotFound(w, r) // want `answers 404 to a request whose HTTP method the endpoint does not serve: answer 405 with Allow`
		return
	}
	s.post(w, r)
}

// handleRPCMethod answers an HTTP method it does not serve with the right
// status but the JSON-RPC code of a missing method.
func (s *server) handleRPCMethod(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	default:
		w.Header().Set("Allow", "POST")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusMethodNotAllowed) // want `answers -32601 \(Method not found\) to an HTTP method the endpoint does not serve: answer 405 with -32000`
		_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32601, Message: "Method not allowed"}})
	}
}
