// Package s04 exposes an MCP endpoint on a chi router.
package s04

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
)

type ctxKey int

const (
	msgKey ctxKey = iota
	sessionKey
)

type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type Session struct {
	ID    string
	Tools []string
}

type Server struct {
	mu       sync.RWMutex
	sessions map[string]*Session
}

func NewRouter() chi.Router {
	s := &Server{sessions: make(map[string]*Session)}
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Route("/mcp", func(r chi.Router) {
		r.With(decodeMessage, s.loadSession).Post("/", s.handlePost)
		r.With(s.loadSession).Delete("/", s.handleDelete)
	})
	return r
}

func decodeMessage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeJSONError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
			return
		}
		if !json.Valid(body) {
			writeJSONError(w, http.StatusBadRequest, -32700, "Parse error", nil)
			return
		}
		var msg Message
		if err := json.Unmarshal(body, &msg); err != nil || msg.JSONRPC != "2.0" {
			writeJSONError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), msgKey, &msg)))
	})
}

// loadSession resolves Mcp-Session-Id for everything except initialize.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		msg, _ := r.Context().Value(msgKey).(*Message)
		if msg != nil && msg.Method == "initialize" {
			next.ServeHTTP(w, r)
			return
		}
		var id json.RawMessage
		if msg != nil {
			id = msg.ID
		}
		s.mu.RLock()
		sess, ok := s.sessions[r.Header.Get("Mcp-Session-Id")]
		s.mu.RUnlock()
		if !ok {
			writeJSONError(w, http.StatusNotFound, -32001, "Session not found", id)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey, sess)))
	})
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	msg := r.Context().Value(msgKey).(*Message)
	if msg.Method == "initialize" {
		if len(msg.ID) == 0 {
			writeJSONError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		sess := &Session{ID: uuid.NewString(), Tools: []string{"echo"}}
		s.mu.Lock()
		s.sessions[sess.ID] = sess
		s.mu.Unlock()
		log.Printf("[%s] new session %s", middleware.GetReqID(r.Context()), sess.ID)
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeJSON(w, msg.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s04", "version": "0.0.1"},
		})
		return
	}
	sess := r.Context().Value(sessionKey).(*Session)
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch msg.Method {
	case "ping":
		writeJSON(w, msg.ID, map[string]any{})
	case "tools/list":
		tools := make([]map[string]string, 0, len(sess.Tools))
		for _, t := range sess.Tools {
			tools = append(tools, map[string]string{"name": t})
		}
		writeJSON(w, msg.ID, map[string]any{"tools": tools})
	default:
		writeJSONError(w, http.StatusOK, -32601, "Method not found", msg.ID)
	}
}

func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	sess := r.Context().Value(sessionKey).(*Session)
	s.mu.Lock()
	delete(s.sessions, sess.ID)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func writeJSON(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func writeJSONError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}
