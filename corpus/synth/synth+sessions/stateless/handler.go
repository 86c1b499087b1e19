// Package stateless serves a read-only catalogue over MCP without sessions:
// every POST carries everything needed to answer it, so any replica can
// take any request.
package stateless

import (
	"encoding/json"
	"log/slog"
	"net/http"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Catalogue answers tool calls.
type Catalogue interface {
	Call(r *http.Request, method string, params json.RawMessage) (any, error)
}

// Handler is an http.Handler.
type Handler struct {
	cat Catalogue
	log *slog.Logger
}

func New(cat Catalogue, log *slog.Logger) *Handler { return &Handler{cat: cat, log: log} }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusMethodNotAllowed)
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Method not allowed: sessions are not supported"}}`))
		return
	}
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`))
		return
	}
	if len(msg.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	h.log.Debug("mcp call", "method", msg.Method, "client_session", r.Header.Get("Mcp-Session-Id"))
	res, err := h.cat.Call(r, msg.Method, msg.Params)
	resp := map[string]any{"jsonrpc": "2.0", "id": msg.ID}
	if err != nil {
		resp["error"] = map[string]any{"code": -32603, "message": "Internal error"}
	} else {
		resp["result"] = res
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}
