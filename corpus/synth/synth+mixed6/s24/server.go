// Package s24 is a capacity-limited MCP server.
package s24

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

// MCPError is the error half of a JSON-RPC response plus the HTTP status to send it with.
type MCPError struct {
	HTTPStatus int    `json:"-"`
	Code       int    `json:"code"`
	Message    string `json:"message"`
}

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type Server struct {
	MaxSessions int

	mu       sync.Mutex
	sessions map[string]time.Time
}

func NewServer(max int) *Server {
	return &Server{MaxSessions: max, sessions: make(map[string]time.Time)}
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var id json.RawMessage
	result, mcpErr := s.dispatch(w, r, &id)
	if mcpErr != nil {
		if len(id) == 0 {
			id = json.RawMessage("null")
		}
		if mcpErr.HTTPStatus == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "30")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(mcpErr.HTTPStatus)
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": mcpErr})
		return
	}
	if result == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (s *Server) dispatch(w http.ResponseWriter, r *http.Request, id *json.RawMessage) (any, *MCPError) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		return nil, s.terminate(r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		return nil, &MCPError{http.StatusMethodNotAllowed, -32000, "Method not allowed"}
	}

	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, &MCPError{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"}
	}
	if !json.Valid(body) {
		return nil, &MCPError{http.StatusBadRequest, -32700, "Parse error"}
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" {
		return nil, &MCPError{http.StatusBadRequest, -32600, "Invalid Request"}
	}
	*id = req.ID

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			return nil, &MCPError{http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id"}
		}
		s.mu.Lock()
		if len(s.sessions) >= s.MaxSessions {
			s.mu.Unlock()
			log.Printf("session limit %d reached", s.MaxSessions)
			return nil, &MCPError{HTTPStatus: http.StatusServiceUnavailable, Message: "Service Unavailable: too many sessions"}
		}
		sid := uuid.NewString()
		s.sessions[sid] = time.Now()
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		return map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s24", "version": "0.0.9"},
		}, nil
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return nil, &MCPError{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	}
	s.mu.Lock()
	_, ok := s.sessions[sid]
	if ok {
		s.sessions[sid] = time.Now()
	}
	s.mu.Unlock()
	if !ok {
		return nil, &MCPError{http.StatusNotFound, -32001, "Session not found"}
	}
	if len(req.ID) == 0 {
		return nil, nil
	}
	switch req.Method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{}}, nil
	}
	return nil, &MCPError{http.StatusOK, -32601, "Method not found"}
}

func (s *Server) terminate(r *http.Request) *MCPError {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return &MCPError{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[sid]; !ok {
		return &MCPError{http.StatusNotFound, -32001, "Session not found"}
	}
	delete(s.sessions, sid)
	return nil
}
