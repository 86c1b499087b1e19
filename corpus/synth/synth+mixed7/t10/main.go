package t10

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
)

var ErrSessionNotFound = errors.New("session not found")

type Session struct {
	ID     string
	UserID string
}

// SessionStore is backed by Redis in production and a map in tests.
type SessionStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Create(ctx context.Context) (*Session, error)
	Delete(ctx context.Context, id string) error
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

var store SessionStore

func Setup(s SessionStore) {
	store = s
	http.HandleFunc("/mcp", mcpHandler)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func mcpHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
		return
	}
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	ctx := r.Context()

	if req.Method == "initialize" {
		sess, err := store.Create(ctx)
		if err != nil {
			log.Printf("create session: %v", err)
			writeError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"protocolVersion": "2025-06-18"}})
		return
	}

	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, err := store.Get(ctx, id)
	if err != nil {
		if errors.Is(err, ErrSessionNotFound) {
			writeError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		log.Printf("session store: %v", err)
		writeError(w, http.StatusBadRequest, -32602, "could not load session")
		return
	}

	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{"user": sess.UserID}})
}
