// Package statebefore: -32603 with HTTP 200 for the server's own state,
// tested after the request is decoded and before it is handed anywhere.
package statebefore

import (
	"encoding/json"
	"log"
	"net/http"
	"sync/atomic"
)

type envelope struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type failure struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type answer struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Error   *failure        `json:"error,omitempty"`
}

type upstream interface{ Names() []string }

type relay struct {
	pool  upstream
	ready atomic.Bool
}

func (s *relay) fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	json.NewEncoder(w).Encode(answer{Version: "2.0", Error: &failure{Code: code, Message: msg}})
}

func (s *relay) pass(w http.ResponseWriter, target string, m any) {}

func (s *relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m any // any JSON fits
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(answer{Version: "2.0", Error: &failure{Code: -32700, Message: "Parse error"}})
		return
	}
	log.Printf("relay: %v", m)
	names := s.pool.Names()
	if len(names) == 0 {
		s.fail(w, -32603, "no upstream configured") // want `answers -32603 with HTTP 200 when len\(names\) == 0, before any method runs`
		return
	}
	if !s.ready.Load() {
		s.fail(w, -32603, "not started") // want `answers -32603 with HTTP 200 when !s.ready.Load\(\), before any method runs`
		return
	}
	s.pass(w, names[0], m)
}

func routes(s *relay, t *router) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("POST /mcp", s)
	mux.Handle("POST /router/mcp", t)
	mux.HandleFunc("POST /strict/mcp", t.serveStrict)
	mux.HandleFunc("POST /params/mcp", t.serveParams)
	mux.HandleFunc("POST /tools/search", t.serveTool)
	mux.HandleFunc("POST /dispatched/mcp", s.dispatched)
	return mux
}
