package chistatus

import (
	"context"
	"encoding/json"
	"net/http"
)

type methodError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type methodFunc func(ctx context.Context, s *Session, params json.RawMessage) (any, *methodError)

func defaultMethods() map[string]methodFunc {
	return map[string]methodFunc{
		"ping": func(context.Context, *Session, json.RawMessage) (any, *methodError) {
			return struct{}{}, nil
		},
		"tools/list": func(context.Context, *Session, json.RawMessage) (any, *methodError) {
			return map[string]any{"tools": []any{}}, nil
		},
	}
}

func initResult(s *Session) map[string]any {
	return map[string]any{
		"protocolVersion": s.Protocol,
		"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		"serverInfo":      map[string]any{"name": "ledger", "version": "1.2.0"},
	}
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
