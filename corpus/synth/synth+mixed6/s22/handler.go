// Package s22 serves MCP through gorilla/mux with sessions kept in a shared store.
package s22

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

var ErrNoSession = errors.New("no such session")

type SessionRecord struct {
	ID        string    `json:"id"`
	Protocol  string    `json:"protocol"`
	ExpiresAt time.Time `json:"expires_at"`
}

type SessionStore interface {
	Save(ctx context.Context, rec SessionRecord) error
	Fetch(ctx context.Context, id string) (SessionRecord, error)
	Remove(ctx context.Context, id string) error
}

type MCPHandler struct {
	store SessionStore
	ttl   time.Duration
}

func NewRouter(store SessionStore) *mux.Router {
	h := &MCPHandler{store: store, ttl: time.Hour}
	r := mux.NewRouter()
	api := r.PathPrefix("/mcp").Subrouter()
	api.HandleFunc("", h.Post).Methods("POST")
	api.HandleFunc("", h.Delete).Methods("DELETE")
	return r
}

type Req struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
}

func respondError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}

func respond(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func (h *MCPHandler) session(w http.ResponseWriter, r *http.Request, reqID json.RawMessage) (SessionRecord, bool) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		respondError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", reqID)
		return SessionRecord{}, false
	}
	rec, err := h.store.Fetch(r.Context(), sid)
	switch {
	case errors.Is(err, ErrNoSession):
		respondError(w, http.StatusNotFound, -32001, "Session not found", reqID)
		return SessionRecord{}, false
	case err != nil:
		log.Printf("fetch session %s: %v", sid, err)
		respondError(w, http.StatusInternalServerError, -32603, "Internal error", reqID)
		return SessionRecord{}, false
	case time.Now().After(rec.ExpiresAt):
		respondError(w, http.StatusNotFound, -32001, "Session not found", reqID)
		return SessionRecord{}, false
	}
	return rec, true
}

func (h *MCPHandler) Post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		respondError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		respondError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	var req Req
	if err := json.Unmarshal(body, &req); err != nil || req.JSONRPC != "2.0" {
		respondError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if req.Method == "initialize" {
		if len(req.ID) == 0 {
			respondError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		rec := SessionRecord{ID: uuid.NewString(), Protocol: "2025-06-18", ExpiresAt: time.Now().Add(h.ttl)}
		if err := h.store.Save(r.Context(), rec); err != nil {
			log.Printf("save session: %v", err)
			respondError(w, http.StatusUnprocessableEntity, -32603, "Internal error: could not create session", req.ID)
			return
		}
		w.Header().Set("Mcp-Session-Id", rec.ID)
		respond(w, req.ID, map[string]any{
			"protocolVersion": rec.Protocol,
			"capabilities":    map[string]any{},
			"serverInfo":      map[string]string{"name": "s22", "version": "1.1.0"},
		})
		return
	}

	if _, ok := h.session(w, r, req.ID); !ok {
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if req.Method == "ping" {
		respond(w, req.ID, map[string]any{})
		return
	}
	respondError(w, http.StatusOK, -32601, "Method not found", req.ID)
}

func (h *MCPHandler) Delete(w http.ResponseWriter, r *http.Request) {
	rec, ok := h.session(w, r, nil)
	if !ok {
		return
	}
	if err := h.store.Remove(r.Context(), rec.ID); err != nil {
		log.Printf("remove session %s: %v", rec.ID, err)
		respondError(w, http.StatusInternalServerError, -32603, "Internal error", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
