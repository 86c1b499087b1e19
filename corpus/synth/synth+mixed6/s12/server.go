// Package s12 implements a small MCP tool server over Streamable HTTP.
package s12

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
)

var (
	ErrNoSessionID    = errors.New("mcp: missing Mcp-Session-Id")
	ErrUnknownSession = errors.New("mcp: unknown session")
)

type Server struct {
	logger *slog.Logger

	mu   sync.RWMutex
	live map[string]bool
}

func NewServer(logger *slog.Logger) *Server {
	return &Server{logger: logger, live: map[string]bool{}}
}

func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.handlePost)
	mux.HandleFunc("DELETE /mcp", s.handleDelete)
	return mux
}

func (s *Server) validate(id string) error {
	if id == "" {
		return ErrNoSessionID
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if !s.live[id] {
		return ErrUnknownSession
	}
	return nil
}

// sessionError writes the answer for a failed validate.
func sessionError(w http.ResponseWriter, err error, id json.RawMessage) {
	switch {
	case errors.Is(err, ErrNoSessionID):
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", id)
	case errors.Is(err, ErrUnknownSession):
		writeError(w, http.StatusNotFound, -32001, "Session not found", id)
	default:
		writeError(w, http.StatusInternalServerError, -32603, "Internal error", id)
	}
}

type call struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type toolCall struct {
	Name      string            `json:"name"`
	Arguments map[string]string `json:"arguments"`
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		writeError(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON", nil)
		return
	}
	var c call
	if err := json.Unmarshal(body, &c); err != nil || c.JSONRPC != "2.0" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if c.Method == "initialize" {
		if len(c.ID) == 0 {
			writeError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sid := rand.Text()
		s.mu.Lock()
		s.live[sid] = true
		s.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		writeResult(w, c.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s12", "version": "3.1.0"},
		})
		return
	}
	if err := s.validate(r.Header.Get("Mcp-Session-Id")); err != nil {
		s.logger.Debug("session check failed", "err", err)
		sessionError(w, err, c.ID)
		return
	}
	if len(c.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	switch c.Method {
	case "tools/list":
		writeResult(w, c.ID, map[string]any{"tools": []map[string]any{{
			"name": "upper", "inputSchema": map[string]any{"type": "object"},
		}}})
	case "tools/call":
		var tc toolCall
		if err := json.Unmarshal(c.Params, &tc); err != nil || tc.Name != "upper" {
			writeError(w, http.StatusOK, -32602, "Invalid params: expected the upper tool with a text argument", c.ID)
			return
		}
		text := strings.ToUpper(tc.Arguments["text"])
		writeResult(w, c.ID, map[string]any{"content": []map[string]string{{"type": "text", "text": text}}})
	default:
		writeError(w, http.StatusOK, -32601, "Method not found", c.ID)
	}
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if err := s.validate(sid); err != nil {
		sessionError(w, err, nil)
		return
	}
	s.mu.Lock()
	delete(s.live, sid)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	if err != nil {
		writeError(w, http.StatusInternalServerError, -32603, "Internal error", id)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
