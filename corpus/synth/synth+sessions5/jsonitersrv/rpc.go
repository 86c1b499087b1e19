package main

import (
	"context"
	"io"
	"net/http"

	jsoniter "github.com/json-iterator/go"
)

func withValue(r *http.Request, s *calSession) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), sessionKey, s))
}

type rpcRequest struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id,omitempty"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params,omitempty"`
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string, id jsoniter.RawMessage) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if id == nil {
		id = jsoniter.RawMessage("null")
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func (r *registry) handleRPC(w http.ResponseWriter, req *http.Request) {
	sess := sessionFrom(req.Context())
	body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	var in rpcRequest
	if err := json.Unmarshal(body, &in); err != nil {
		w.Header().Del("Mcp-Session-Id")
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error", nil)
		return
	}
	if in.Method == "initialize" {
		sess.ready = true
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "calendar", "version": "4.0.2"},
		}})
		return
	}
	if !sess.ready {
		w.Header().Del("Mcp-Session-Id")
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", in.ID)
		return
	}
	if len(in.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": in.ID, "result": map[string]any{"events": []any{}}})
}

func (r *registry) handleDelete(w http.ResponseWriter, req *http.Request) {
	id := req.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	r.Lock()
	_, existed := r.items[id]
	delete(r.items, id)
	r.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]bool{"terminated": existed})
}
