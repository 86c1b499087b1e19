package hookinit

import (
	"context"
	"encoding/json"
	"net/http"
)

type errObj struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *errObj         `json:"error,omitempty"`
}

func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Error: &errObj{code, msg}})
}

func writeResult(w http.ResponseWriter, id json.RawMessage, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: id, Result: v})
}

func (s *Server) dispatch(w http.ResponseWriter, _ context.Context, _ *sess, req *rpcRequest) {
	switch req.Method {
	case "ping":
		writeResult(w, req.ID, struct{}{})
	case "tools/list":
		writeResult(w, req.ID, map[string]any{"tools": []any{}})
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(envelope{JSONRPC: "2.0", ID: req.ID, Error: &errObj{-32601, "Method not found"}})
	}
}
