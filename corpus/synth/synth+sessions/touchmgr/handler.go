// Package touchmgr is the MCP endpoint of the build agent.
package touchmgr

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"net/http"

	"example.com/synth/sessions/touchmgr/session"
)

const (
	codeInvalidRequest  = -32600
	codeInternal        = -32603
	codeSessionExpired  = -32002
	codeSessionNotFound = -32001
)

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Handler serves POST /mcp.
type Handler struct {
	mgr     *session.Manager
	methods map[string]func(r *http.Request, params json.RawMessage) (any, error)
}

func NewHandler(mgr *session.Manager) *Handler {
	return &Handler{mgr: mgr, methods: map[string]func(*http.Request, json.RawMessage) (any, error){}}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		h.closeSession(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST, DELETE")
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var req rpcRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(errorResponse(nil, -32700, "Parse error"))
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if req.Method == "initialize" {
		h.initialize(w, r, req)
		return
	}
	if len(sid) == 0 {
		writeJSONRPCError(w, req.ID, codeInvalidRequest, "missing Mcp-Session-Id")
		return
	}
	switch err := h.mgr.Touch(sid); {
	case err == nil:
	case errors.Is(err, session.ErrExpired):
		writeJSONRPCError(w, req.ID, codeSessionExpired, "session expired, please reconnect")
		return
	case errors.Is(err, session.ErrUnknown):
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_ = json.NewEncoder(w).Encode(errorResponse(req.ID, codeSessionNotFound, "Session not found"))
		return
	default:
		http.Error(w, "session manager unavailable", http.StatusServiceUnavailable)
		return
	}

	fn, ok := h.methods[req.Method]
	if !ok {
		writeJSONRPCError(w, req.ID, -32601, "Method not found")
		return
	}
	res, err := fn(r, req.Params)
	if err != nil {
		writeJSONRPCError(w, req.ID, codeInternal, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": res})
}

func (h *Handler) initialize(w http.ResponseWriter, r *http.Request, req rpcRequest) {
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	id := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
	h.mgr.Register(id, r.UserAgent())
	w.Header().Set("Mcp-Session-Id", id)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "build-agent", "version": "1.4.2"},
		},
	})
}

func (h *Handler) closeSession(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id header is required", http.StatusBadRequest)
		return
	}
	if !h.mgr.Close(sid) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func errorResponse(id json.RawMessage, code int, msg string) map[string]any {
	if id == nil {
		id = json.RawMessage("null")
	}
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}}
}

// writeJSONRPCError answers in-band: JSON-RPC errors travel in a 200 body.
func writeJSONRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(errorResponse(id, code, msg))
}
