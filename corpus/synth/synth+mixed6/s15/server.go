// Package s15 serves MCP from a chi router with sessions in an external store.
package s15

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type Session struct {
	ID      string `json:"id"`
	Version string `json:"version"`
}

// SessionStore returns (nil, nil) when the id is unknown.
type SessionStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Put(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

type Handler struct {
	Store SessionStore
	Log   *slog.Logger
}

func (h *Handler) Mount(r chi.Router) {
	r.Post("/mcp", h.post)
	r.Delete("/mcp", h.delete)
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

type rpcFailure struct {
	status int
	code   int
	msg    string
}

var (
	errMissingSession = rpcFailure{http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required"}
	errUnknownSession = rpcFailure{http.StatusNotFound, -32001, "Session not found"}
	errStoreDown      = rpcFailure{http.StatusServiceUnavailable, -32000, "Service Unavailable: session store unavailable"}
	errInternal       = rpcFailure{http.StatusInternalServerError, -32603, "Internal error"}
)

func (h *Handler) lookup(r *http.Request) (*Session, *rpcFailure) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return nil, &errMissingSession
	}
	sess, err := h.Store.Get(r.Context(), sid)
	if err != nil {
		h.Log.Error("session store get", "err", err)
		return nil, &errStoreDown
	}
	if sess == nil {
		return nil, &errUnknownSession
	}
	return sess, nil
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, nil, rpcFailure{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"})
		return
	}
	if !json.Valid(body) {
		fail(w, nil, rpcFailure{http.StatusBadRequest, -32700, "Parse error"})
		return
	}
	var req rpcRequest
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" {
		fail(w, nil, rpcFailure{http.StatusBadRequest, -32600, "Invalid Request"})
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			fail(w, nil, rpcFailure{http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id"})
			return
		}
		sess := &Session{ID: uuid.NewString(), Version: "2025-06-18"}
		if err := h.Store.Put(r.Context(), sess); err != nil {
			h.Log.Error("session store put", "err", err)
			fail(w, req.ID, errInternal)
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		ok(w, req.ID, map[string]any{
			"protocolVersion": sess.Version,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s15", "version": "0.8.0"},
		})
		return
	}

	_, f := h.lookup(r)
	if f != nil {
		fail(w, req.ID, *f)
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if req.Method == "ping" {
		ok(w, req.ID, map[string]any{})
		return
	}
	fail(w, req.ID, rpcFailure{http.StatusOK, -32601, "Method not found"})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	sess, f := h.lookup(r)
	if f != nil {
		fail(w, nil, *f)
		return
	}
	if err := h.Store.Delete(r.Context(), sess.ID); err != nil {
		h.Log.Error("session store delete", "err", err)
		fail(w, nil, errInternal)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func ok(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func fail(w http.ResponseWriter, id json.RawMessage, f rpcFailure) {
	if id == nil {
		id = json.RawMessage("null")
	}
	if f.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "2")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": f.code, "message": f.msg}})
}
