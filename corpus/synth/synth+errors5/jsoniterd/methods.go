package jsoniterd

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	jsoniter "github.com/json-iterator/go"
)

type Geocoder interface {
	Lookup(ctx context.Context, address string) (lat, lon float64, err error)
}

func reply(w http.ResponseWriter, status int, id jsoniter.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = jsoniter.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	jsonx.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func result(w http.ResponseWriter, id jsoniter.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	jsonx.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": v})
}

func (h *Handler) initialize(w http.ResponseWriter, req *request) {
	sid := uuid.NewString()
	h.mu.Lock()
	h.state[sid] = &state{initialized: true, since: time.Now()}
	h.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", sid)
	result(w, req.ID, map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "geocoder", "version": "5.1.0"},
	})
}

func (h *Handler) call(w http.ResponseWriter, r *http.Request, req *request) {
	switch req.Method {
	case "ping":
		result(w, req.ID, map[string]any{})
	case "tools/list":
		result(w, req.ID, map[string]any{"tools": []any{map[string]any{
			"name":        "geocode",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"address": map[string]any{"type": "string"}}},
		}}})
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Address string `json:"address"`
			} `json:"arguments"`
		}
		if err := jsonx.Unmarshal(req.Params, &p); err != nil || p.Name != "geocode" {
			reply(w, http.StatusOK, req.ID, -32602, "Invalid params")
			return
		}
		lat, lon, err := h.geo.Lookup(r.Context(), p.Arguments.Address)
		if err != nil {
			result(w, req.ID, map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": err.Error()}}})
			return
		}
		result(w, req.ID, map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("%.6f,%.6f", lat, lon)}}})
	default:
		reply(w, http.StatusOK, req.ID, -32601, "Method not found")
	}
}
