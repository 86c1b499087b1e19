// Package chistatus is the HTTP front of the "ledger" MCP server: a chi
// router, a session store behind an interface and the method table in
// methods.go.
package chistatus

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/synth/errors5/chistatus/rpcstatus"
)

type Handler struct {
	store   Store
	methods map[string]methodFunc
	log     *slog.Logger
}

func NewRouter(store Store, log *slog.Logger) http.Handler {
	h := &Handler{store: store, methods: defaultMethods(), log: log}
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP)
	r.Post("/mcp", h.post)
	r.Delete("/mcp", h.delete)
	return r
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		rpcstatus.Write(w, nil, rpcstatus.ServerError, "Bad Request: the request body could not be read")
		return
	}
	var in inbound
	if err := json.Unmarshal(raw, &in); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			rpcstatus.Write(w, nil, rpcstatus.ParseError, "Parse error")
			return
		}
		rpcstatus.Write(w, nil, rpcstatus.InvalidRequest, "Invalid Request")
		return
	}
	if in.JSONRPC != "2.0" {
		rpcstatus.Write(w, in.ID, rpcstatus.InvalidRequest, "Invalid Request: jsonrpc must be \"2.0\"")
		return
	}
	if in.Method == nil {
		rpcstatus.Write(w, in.ID, rpcstatus.ParseError, "Parse error: method is missing")
		return
	}

	ctx := r.Context()
	if *in.Method == "initialize" {
		sess, err := h.store.Create(ctx, "2025-06-18")
		if err != nil {
			h.log.ErrorContext(ctx, "create session", "err", err)
			rpcstatus.Write(w, in.ID, rpcstatus.InternalError, "Internal error")
			return
		}
		w.Header().Set("Mcp-Session-Id", sess.ID)
		writeResult(w, in.ID, initResult(sess))
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcstatus.Write(w, in.ID, rpcstatus.ServerError, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	sess, err := h.store.Lookup(ctx, sid)
	if errors.Is(err, ErrUnknown) {
		rpcstatus.Write(w, in.ID, rpcstatus.SessionNotFound, "Session not found")
		return
	} else if err != nil {
		h.log.ErrorContext(ctx, "lookup session", "err", err)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}`))
		return
	}

	if len(in.ID) == 0 || string(in.ID) == "null" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	fn, ok := h.methods[*in.Method]
	if !ok {
		writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": in.ID,
			"error": map[string]any{"code": rpcstatus.MethodNotFound, "message": "Method not found"}})
		return
	}
	result, rerr := fn(ctx, sess, in.Params)
	if rerr != nil {
		writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": in.ID, "error": rerr})
		return
	}
	writeResult(w, in.ID, result)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		rpcstatus.Write(w, nil, rpcstatus.ServerError, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if err := h.store.Remove(r.Context(), sid); err != nil {
		if errors.Is(err, ErrUnknown) {
			rpcstatus.Write(w, nil, rpcstatus.SessionNotFound, "Session not found")
			return
		}
		h.log.Error("remove session", "err", err)
		http.Error(w, `{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}`, http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
