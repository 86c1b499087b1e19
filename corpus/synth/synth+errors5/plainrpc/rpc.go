package plainrpc

import (
	"context"
	"encoding/json"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcErr         `json:"error,omitempty"`
}

func writeRPCError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", ID: id, Error: &rpcErr{code, msg}})
}

func writeRPCResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", ID: id, Result: result})
}

func (h *handler) call(ctx context.Context, env *envelope) (any, *rpcErr) {
	switch env.Method {
	case "initialize":
		return map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "docs-search", "version": "3.0.1"},
		}, nil
	case "ping":
		return struct{}{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{map[string]any{
			"name":        "search_docs",
			"description": "Search the product documentation",
			"inputSchema": map[string]any{
				"type":       "object",
				"properties": map[string]any{"query": map[string]any{"type": "string"}, "limit": map[string]any{"type": "integer"}},
				"required":   []string{"query"},
			},
		}}}, nil
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Query string `json:"query"`
				Limit int    `json:"limit"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(env.Params, &p); err != nil {
			return nil, &rpcErr{-32602, "Invalid params: " + err.Error()}
		}
		if p.Name != "search_docs" {
			return nil, &rpcErr{-32602, "Unknown tool: " + p.Name}
		}
		if p.Arguments.Limit <= 0 {
			p.Arguments.Limit = 10
		}
		hits, err := h.search.Search(ctx, p.Arguments.Query, p.Arguments.Limit)
		if err != nil {
			return nil, &rpcErr{-32603, "search backend failed"}
		}
		b, _ := json.Marshal(hits)
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": string(b)}}}, nil
	}
	return nil, &rpcErr{-32601, "Method not found"}
}
