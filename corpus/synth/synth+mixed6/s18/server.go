// Package s18 exposes a metrics tool over MCP.
package s18

import (
	"encoding/json"
	"io"
	"log"
	"math"
	"net/http"
	"sync"

	"github.com/google/uuid"
)

type Tool func(args map[string]any) (map[string]any, error)

type Server struct {
	tools map[string]Tool

	mu       sync.Mutex
	sessions map[string]bool
}

func NewServer() *Server {
	return &Server{
		tools: map[string]Tool{
			"ratio": func(args map[string]any) (map[string]any, error) {
				a, _ := args["a"].(float64)
				b, _ := args["b"].(float64)
				return map[string]any{"ratio": a / b, "log": math.Log(a)}, nil
			},
		},
		sessions: map[string]bool{},
	}
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			s.writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
			return
		}
		s.mu.Lock()
		ok := s.sessions[sid]
		delete(s.sessions, sid)
		s.mu.Unlock()
		if !ok {
			s.writeError(w, http.StatusNotFound, -32001, "Session not found", nil)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		w.Header().Set("Allow", "POST, DELETE")
		s.writeError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed", nil)
		return
	}

	b, err := io.ReadAll(r.Body)
	if err != nil {
		s.writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(b) {
		s.writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var in inbound
	if err := json.Unmarshal(b, &in); err != nil || in.JSONRPC != "2.0" {
		s.writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if in.Method == "initialize" {
		if len(in.ID) == 0 {
			s.writeError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sid := uuid.NewString()
		s.mu.Lock()
		s.sessions[sid] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		s.respond(w, in.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "metrics", "version": "0.7.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		s.writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", in.ID)
		return
	}
	s.mu.Lock()
	known := s.sessions[sid]
	s.mu.Unlock()
	if !known {
		s.writeError(w, http.StatusNotFound, -32001, "Session not found", in.ID)
		return
	}
	if len(in.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	switch in.Method {
	case "tools/list":
		s.respond(w, in.ID, map[string]any{"tools": []map[string]any{{"name": "ratio", "inputSchema": map[string]any{"type": "object"}}}})
	case "tools/call":
		var p struct {
			Name      string         `json:"name"`
			Arguments map[string]any `json:"arguments"`
		}
		if err := json.Unmarshal(in.Params, &p); err != nil {
			s.writeError(w, http.StatusOK, -32602, "Invalid params", in.ID)
			return
		}
		tool, ok := s.tools[p.Name]
		if !ok {
			s.writeError(w, http.StatusOK, -32602, "Invalid params: unknown tool", in.ID)
			return
		}
		out, err := tool(p.Arguments)
		if err != nil {
			s.respond(w, in.ID, map[string]any{"isError": true, "content": []map[string]string{{"type": "text", "text": err.Error()}}})
			return
		}
		s.respond(w, in.ID, map[string]any{"structuredContent": out, "content": []any{}})
	default:
		s.writeError(w, http.StatusOK, -32601, "Method not found", in.ID)
	}
}

func (s *Server) respond(w http.ResponseWriter, id json.RawMessage, result any) {
	data, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	if err != nil {
		log.Printf("mcp: marshal response: %v", err)
		s.writeError(w, http.StatusBadRequest, -32700, "Parse error: could not encode response", id)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}

func (s *Server) writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
