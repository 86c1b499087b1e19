// Package statelessmcp answers every POST on its own: no sessions, no
// server-to-client stream. Each replica can serve any request.
package statelessmcp

import (
	"encoding/json"
	"log/slog"
	"net/http"
)

type Tool interface {
	Name() string
	Call(args json.RawMessage) (any, error)
}

type Handler struct {
	Tools  map[string]Tool
	Logger *slog.Logger
}

type req struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		reply(w, http.StatusMethodNotAllowed, map[string]any{"jsonrpc": "2.0", "id": nil,
			"error": map[string]any{"code": -32000, "message": "Method not allowed: this server does not keep sessions"}})
		return
	}
	var in req
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		reply(w, http.StatusBadRequest, map[string]any{"jsonrpc": "2.0", "id": nil,
			"error": map[string]any{"code": -32700, "message": "Parse error"}})
		return
	}
	// Clients that negotiated sessions elsewhere still send their id; it is
	// only useful for correlating logs here.
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		h.Logger.Debug("mcp request", "method", in.Method, "client_session", sid)
	}

	switch in.Method {
	case "initialize":
		reply(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "stateless", "version": "1.0.0"},
		}})
	case "tools/list":
		list := []map[string]string{}
		for n := range h.Tools {
			list = append(list, map[string]string{"name": n})
		}
		reply(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{"tools": list}})
	default:
		if len(in.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		reply(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": in.ID,
			"error": map[string]any{"code": -32601, "message": "Method not found"}})
	}
}
