// Package s03 serves MCP over Streamable HTTP with a pluggable session store.
package s03

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"
)

// ErrNotFound is returned by a Store when no session has the given id.
var ErrNotFound = errors.New("session not found")

type Session struct {
	ID        string
	Protocol  string
	CreatedAt time.Time
}

// Store persists sessions, typically in Redis.
type Store interface {
	Create(ctx context.Context, s *Session) error
	Get(ctx context.Context, id string) (*Session, error)
	Delete(ctx context.Context, id string) error
}

type Server struct {
	store Store
	newID func() string
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func New(store Store, newID func() string) *Server {
	return &Server{store: store, newID: newID}
}

func (s *Server) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", s.post)
	mux.HandleFunc("DELETE /mcp", s.del)
	return mux
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&raw); err != nil || dec.More() {
		writeError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req request
	if err := json.Unmarshal(raw, &req); err != nil || req.JSONRPC != "2.0" || req.Method == "" {
		writeError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}
	ctx := r.Context()

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			writeError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize needs an id", nil)
			return
		}
		sess := &Session{ID: s.newID(), Protocol: "2025-06-18", CreatedAt: time.Now()}
		if err := s.store.Create(ctx, sess); err != nil {
			log.Printf("store create: %v", err)
			writeError(w, http.StatusInternalServerError, -32603, "Internal error", req.ID)
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeResult(w, req.ID, map[string]any{
			"protocolVersion": sess.Protocol,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s03", "version": "0.3.0"},
		})
		return
	}

	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", req.ID)
		return
	}
	sess, err := s.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		writeError(w, http.StatusNotFound, -32001, "Session not found", req.ID)
		return
	}
	if err != nil {
		log.Printf("store get %s: %v", id, err)
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: could not load session", req.ID)
		return
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, map[string]any{})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []any{}, "protocol": sess.Protocol})
	default:
		writeError(w, http.StatusOK, -32601, "Method not found: "+req.Method, req.ID)
	}
}

func (s *Server) del(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	switch err := s.store.Delete(r.Context(), id); {
	case errors.Is(err, ErrNotFound):
		writeError(w, http.StatusNotFound, -32001, "Session not found", nil)
	case err != nil:
		log.Printf("store delete %s: %v", id, err)
		writeError(w, http.StatusInternalServerError, -32603, "Internal error", nil)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func writeError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}
