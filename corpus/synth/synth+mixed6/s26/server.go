// Package s26 serves the build-status MCP tools.
package s26

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"
)

type Server struct {
	Sessions *SessionMap
	Log      *slog.Logger
}

func NewServer(log *slog.Logger) *Server {
	return &Server{Sessions: NewSessionMap(20 * time.Minute), Log: log}
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.post)
	mux.HandleFunc("DELETE /mcp", func(w http.ResponseWriter, r *http.Request) {
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			s.error(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
			return
		}
		if !s.Sessions.Remove(sid) {
			s.error(w, http.StatusNotFound, -32001, "Session not found", nil)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		s.error(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(data) {
		s.error(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req request
	if err := json.Unmarshal(data, &req); err != nil || req.JSONRPC != "2.0" {
		s.error(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			s.error(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &Session{ID: rand.Text(), Progress: map[string]float64{}}
		s.Sessions.Add(sess)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		s.result(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "build-status", "version": "0.12.0"},
		})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		s.error(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	sess := s.Sessions.Touch(sid)
	s.Log.Debug("mcp request", "session", sess.ID, "method", req.Method)

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		s.result(w, req.ID, map[string]any{})
	case "tools/list":
		s.result(w, req.ID, map[string]any{"tools": []map[string]any{{"name": "pipeline_status", "inputSchema": map[string]any{"type": "object"}}}})
	case "tools/call":
		s.result(w, req.ID, map[string]any{"content": []map[string]string{{"type": "text", "text": "all pipelines green"}}})
	default:
		s.error(w, http.StatusOK, -32601, "Method not found", req.ID)
	}
}

func (s *Server) result(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

func (s *Server) error(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
