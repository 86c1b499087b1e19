// Package unconfigured: a handler on MCP's endpoint finds a part of the
// server it was built with missing (a nil validator, hook or store) before
// it decodes the request, or before it hands the request to that part.
// No method has run: the server-failure row
// answers 500 with -32603, not -32603 on 200. A nil part answered as a
// feature the server lacks, a method's -32603 after dispatch, and the
// request's own values stay silent.
package unconfigured

import (
	"context"
	"encoding/json"
	"net/http"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

type verifier interface {
	Verify(ctx context.Context, token string) (string, error)
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error,omitempty"`
}

// send writes every JSON-RPC answer with 200.
func send(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

type server struct {
	verify   verifier
	audit    func(string)
	search   *index
	name     string
	sessions map[string]bool
	stream   http.Handler
	legacy   http.Handler
}

type index struct{}

var fallback verifier

func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", s.handle)
	mux.HandleFunc("/mcp/audited", s.audited)
	mux.HandleFunc("/mcp/pkgvar", s.packageVar)
	mux.HandleFunc("/mcp/feature", s.feature)
	mux.HandleFunc("/after/mcp", s.afterDispatch)
	mux.HandleFunc("/mcp/right", s.right)
	mux.HandleFunc("/mcp/stream", s.streamed)
	mux.HandleFunc("/mcp/other", s.otherPart)
}

// streamed hands the request to the part it found missing.
func (s *server) streamed(w http.ResponseWriter, r *http.Request) {
	if s.stream == nil {
		send(w, nil, -32603, "no stream server") // want `answers -32603 with HTTP 200 when s.stream is nil, before any method runs: the server's failure is 500`
		return
	}
	s.stream.ServeHTTP(w, r)
}

// otherPart hands the request to another part than the one it tested:
// which runs a method is not known here.
func (s *server) otherPart(w http.ResponseWriter, r *http.Request) {
	if s.stream == nil {
		send(w, nil, -32603, "no stream server")
		return
	}
	s.legacy.ServeHTTP(w, r)
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	if s.verify == nil {
		send(w, nil, -32603, "authentication not configured") // want `answers -32603 with HTTP 200 when s.verify is nil, before any method runs: the server's failure is 500`
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	send(w, m.ID, -32601, "Method not found")
}

func (s *server) audited(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Authorization") != "" {
		if s.audit == nil {
			send(w, nil, -32603, "no audit hook") // want `answers -32603 with HTTP 200 when s.audit is nil`
			return
		}
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	send(w, m.ID, -32601, "Method not found")
}

func (s *server) packageVar(w http.ResponseWriter, r *http.Request) {
	if fallback == nil {
		send(w, nil, -32603, "no verifier") // want `answers -32603 with HTTP 200 when fallback is nil`
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	send(w, m.ID, -32601, "Method not found")
}

// feature: a nil part answered as a method the server lacks.
func (s *server) feature(w http.ResponseWriter, r *http.Request) {
	if s.search == nil {
		send(w, nil, -32601, "search is not configured")
		return
	}
	if s.sessions == nil || s.name == "" {
		send(w, nil, -32603, "not set up")
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	send(w, m.ID, -32601, "Method not found")
}

// afterDispatch: the request decoded first; a method's -32603 (under a
// test of the method) rides on 200. One under a test of the server's
// state alone, with the message not yet handed anywhere, is still the
// transport's.
func (s *server) afterDispatch(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "tools/call" && s.search == nil {
		send(w, m.ID, -32603, "search is not configured")
		return
	}
	if s.search == nil {
		send(w, m.ID, -32603, "search is not configured") // want `answers -32603 with HTTP 200 when s.search == nil, before any method runs`
		return
	}
	send(w, m.ID, -32601, "Method not found")
}

// right: 500 with -32603.
func (s *server) right(w http.ResponseWriter, r *http.Request) {
	if s.verify == nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: -32603, Message: "authentication not configured"}})
		return
	}
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "Parse error", http.StatusBadRequest)
		return
	}
	send(w, m.ID, -32601, "Method not found")
}
