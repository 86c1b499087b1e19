package kvsession

import (
	"encoding/json"
	"net/http"
)

type Dispatcher interface {
	Dispatch(r *http.Request, state []byte, msg json.RawMessage) (json.RawMessage, error)
}

type Handler struct {
	mgr  *Manager
	disp Dispatcher
}

func NewHandler(mgr *Manager, d Dispatcher) *Handler { return &Handler{mgr: mgr, disp: d} }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var msg json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`))
		return
	}

	id, state, err := h.mgr.Acquire(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`))
		return
	}
	w.Header().Set("Mcp-Session-Id", id)

	out, err := h.disp.Dispatch(r, state, msg)
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`))
		return
	}
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}
