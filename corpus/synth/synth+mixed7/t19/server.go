package t19

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/google/uuid"
)

type Request struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type MCPServer struct {
	mu       sync.Mutex
	sessions map[string]bool
}

func NewMCPServer() *MCPServer { return &MCPServer{sessions: make(map[string]bool)} }

func (s *MCPServer) fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (s *MCPServer) parse(body []byte) (*Request, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var req Request
	if err := dec.Decode(&req); err != nil || dec.More() {
		return nil, false
	}
	return &req, true
}

func (s *MCPServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		s.fail(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		s.fail(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
		return
	}
	req, ok := s.parse(body)
	if !ok {
		s.fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if req.Version != "2.0" || req.Method == "" {
		s.fail(w, http.StatusBadRequest, -32700, "Parse error: expected a JSON-RPC 2.0 request")
		return
	}

	if req.Method == "initialize" {
		id := uuid.NewString()
		s.mu.Lock()
		s.sessions[id] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", id)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		s.fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	s.mu.Lock()
	known := s.sessions[sid]
	s.mu.Unlock()
	if !known {
		s.fail(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	log.Printf("%s %s", sid, req.Method)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{}})
}
