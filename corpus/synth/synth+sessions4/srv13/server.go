package srv13

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
)

const protocolVersion = "2025-03-26"

type Server struct {
	mu       sync.Mutex
	sessions map[string]bool
	Tools    map[string]func(args map[string]any) (any, error)
}

func NewServer() *Server {
	return &Server{sessions: map[string]bool{}, Tools: map[string]func(map[string]any) (any, error){}}
}

func sessionID(r *http.Request) string { return r.Header.Get("Mcp-Session-Id") }

func (s *Server) validSession(r *http.Request) bool {
	id := sessionID(r)
	if id == "" {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

func validateInit(params json.RawMessage) error {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return err
	}
	if p.ProtocolVersion != protocolVersion {
		return fmt.Errorf("protocol version %s not supported, expected %s", p.ProtocolVersion, protocolVersion)
	}
	return nil
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		s.mu.Lock()
		defer s.mu.Unlock()
		id := sessionID(r)
		if id == "" {
			http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"}}`, http.StatusBadRequest)
			return
		}
		if !s.sessions[id] {
			w.WriteHeader(http.StatusOK)
			return
		}
		delete(s.sessions, id)
		w.WriteHeader(http.StatusOK)
		return
	}

	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return
	}

	if req.Method == "initialize" {
		if err := validateInit(req.Params); err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32602, "message": err.Error()}})
			return
		}
		id := sessionID(r)
		if id == "" {
			id = fmt.Sprintf("%016x", rand.Uint64())
		}
		s.mu.Lock()
		s.sessions[id] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"protocolVersion": protocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		}})
		return
	}

	if !s.validSession(r) {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: invalid or missing session"}}`, http.StatusBadRequest)
		return
	}

	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}
