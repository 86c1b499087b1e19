// Package statelessrpc serves read-only catalogue tools over Streamable HTTP
// without sessions: every POST stands alone, so any replica can answer it.
package statelessrpc

import (
	"encoding/json"
	"log/slog"
	"net/http"
)

type Catalogue interface {
	Tools() []map[string]any
	Call(name string, args json.RawMessage) (any, error)
}

type Handler struct {
	cat Catalogue
	log *slog.Logger
}

func New(cat Catalogue, log *slog.Logger) *Handler { return &Handler{cat: cat, log: log} }

type req struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type resp struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcErr         `json:"error,omitempty"`
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}

	// Clients that negotiated a session elsewhere may still send their id.
	// Nothing here depends on it; it only helps correlate logs.
	log := h.log
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		log = log.With("client_session", sid)
	}

	var in req
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		h.reply(w, http.StatusBadRequest, resp{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcErr{-32700, "Parse error"}})
		return
	}
	if in.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	switch in.Method {
	case "initialize":
		h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Result: map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "catalogue", "version": "1.0.0"},
		}})
	case "tools/list":
		h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Result: map[string]any{"tools": h.cat.Tools()}})
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(in.Params, &p); err != nil {
			h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Error: &rpcErr{-32602, "Invalid params"}})
			return
		}
		out, err := h.cat.Call(p.Name, p.Arguments)
		if err != nil {
			log.Warn("tool failed", "tool", p.Name, "err", err)
			h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Result: map[string]any{
				"isError": true,
				"content": []any{map[string]any{"type": "text", "text": err.Error()}},
			}})
			return
		}
		h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Result: out})
	default:
		h.reply(w, http.StatusOK, resp{JSONRPC: "2.0", ID: in.ID, Error: &rpcErr{-32601, "Method not found"}})
	}
}

func (h *Handler) reply(w http.ResponseWriter, status int, body resp) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
