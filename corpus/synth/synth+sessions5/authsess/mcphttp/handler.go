// Package mcphttp is the authenticated MCP endpoint. Every session belongs
// to the principal that initialized it.
package mcphttp

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"example.com/synth/sessions5/authsess/internal/authz"
	"example.com/synth/sessions5/authsess/internal/sessstore"
)

type Handler struct {
	Store *sessstore.Store
	Log   *slog.Logger
}

func (h *Handler) Routes(r chi.Router) {
	r.Post("/mcp", h.post)
	r.Delete("/mcp", h.delete)
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func rpcErr(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage(`null`)
	}
	reply(w, status, map[string]any{"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg}})
}

type msg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	var m msg
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		rpcErr(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	who := authz.From(r.Context())
	ctx := r.Context()

	if m.Method == "initialize" {
		rec := &sessstore.Rec{ID: uuid.NewString(), Owner: who.Subject, Version: "2025-11-25", Since: time.Now()}
		if err := h.Store.Insert(ctx, rec); err != nil {
			h.Log.Error("insert session", "err", err)
			rpcErr(w, http.StatusInternalServerError, -32603, "Internal error", m.ID)
			return
		}
		w.Header().Set("Mcp-Session-Id", rec.ID)
		reply(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": rec.Version,
			"capabilities":    map[string]any{"resources": map[string]any{}},
			"serverInfo":      map[string]any{"name": "authsess", "version": "1.1.0"},
		}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", m.ID)
		return
	}
	rec, err := h.Store.Find(ctx, sid)
	if err != nil || rec == nil {
		rpcErr(w, http.StatusNotFound, -32001, "Session not found", m.ID)
		return
	}
	if rec.Owner != who.Subject {
		rpcErr(w, http.StatusForbidden, -32000, "Forbidden: session user mismatch", m.ID)
		return
	}
	if len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	reply(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"resources": []any{}}})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	rec, err := h.Store.Find(r.Context(), sid)
	if err != nil {
		h.Log.Error("find session", "err", err)
		rpcErr(w, http.StatusInternalServerError, -32603, "Internal error", nil)
		return
	}
	if rec == nil {
		rpcErr(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	if err := h.Store.Remove(r.Context(), sid); err != nil {
		rpcErr(w, http.StatusInternalServerError, -32603, "Internal error", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
