// Package s21 serves the calendar MCP tools.
package s21

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

type Session struct {
	ID       string
	TZ       *time.Location
	LastUsed time.Time
}

type Service struct {
	log      *slog.Logger
	sessions sync.Map
}

func NewService(log *slog.Logger) *Service { return &Service{log: log} }

func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", s.handleMessage)
	mux.HandleFunc("DELETE /mcp", s.handleTerminate)
}

type Msg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeRPCError(w http.ResponseWriter, status, code int, message string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

func writeRPCResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

// requireSession loads the caller's session, answering the request itself when there is none.
func (s *Service) requireSession(w http.ResponseWriter, r *http.Request, id json.RawMessage) (*Session, bool) {
	v, ok := s.sessions.Load(r.Header.Get("Mcp-Session-Id"))
	if !ok {
		writeRPCError(w, http.StatusNotFound, -32001, "Session not found", id)
		return nil, false
	}
	sess := v.(*Session)
	sess.LastUsed = time.Now()
	return sess, true
}

func (s *Service) handleMessage(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(raw) {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var m Msg
	if err := json.Unmarshal(raw, &m); err != nil || m.JSONRPC != "2.0" {
		writeRPCError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if m.Method == "initialize" {
		if len(m.ID) == 0 {
			writeRPCError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &Session{ID: uuid.NewString(), TZ: time.UTC, LastUsed: time.Now()}
		s.sessions.Store(sess.ID, sess)
		s.log.Info("session started", "id", sess.ID)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeRPCResult(w, m.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "calendar", "version": "0.6.0"},
		})
		return
	}

	sess, ok := s.requireSession(w, r, m.ID)
	if !ok {
		return
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch m.Method {
	case "tools/list":
		writeRPCResult(w, m.ID, map[string]any{"tools": []map[string]any{{"name": "now", "inputSchema": map[string]any{"type": "object"}}}})
	case "tools/call":
		writeRPCResult(w, m.ID, map[string]any{"content": []map[string]string{{"type": "text", "text": time.Now().In(sess.TZ).Format(time.RFC1123)}}})
	case "ping":
		writeRPCResult(w, m.ID, map[string]any{})
	default:
		writeRPCError(w, http.StatusOK, -32601, "Method not found", m.ID)
	}
}

func (s *Service) handleTerminate(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.requireSession(w, r, nil)
	if !ok {
		return
	}
	s.sessions.Delete(sess.ID)
	s.log.Info("session terminated", "id", sess.ID)
	w.WriteHeader(http.StatusNoContent)
}
