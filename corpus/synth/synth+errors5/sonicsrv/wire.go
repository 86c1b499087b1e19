package sonicsrv

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/bytedance/sonic"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (r *request) isNotification() bool { return len(r.ID) == 0 || string(r.ID) == "null" }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func errorBody(id json.RawMessage, code int, msg string) *response {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return &response{JSONRPC: "2.0", ID: id, Error: &rpcError{code, msg}}
}

func writeJSON(w http.ResponseWriter, v any) {
	b, _ := sonic.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// writeErr is used for refusals; the body is small and fixed, so it is
// encoded by hand-rolled fallback if sonic ever fails.
func writeErr(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	b, err := sonic.Marshal(errorBody(id, code, msg))
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

var initResult = map[string]any{
	"protocolVersion": "2025-06-18",
	"capabilities":    map[string]any{"tools": map[string]any{}},
	"serverInfo":      map[string]any{"name": "market-data", "version": "3.4.2"},
}

type Quote struct {
	Symbol string  `json:"symbol"`
	Bid    float64 `json:"bid"`
	Ask    float64 `json:"ask"`
}

type QuoteSource interface {
	Quotes(ctx context.Context, symbols []string) ([]Quote, error)
}

func (s *Server) dispatch(r *http.Request, req *request) *response {
	switch req.Method {
	case "ping":
		return &response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
	case "tools/list":
		return &response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"tools": []any{map[string]any{
			"name": "quotes",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
				"symbols": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}},
		}}}}
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Symbols []string `json:"symbols"`
			} `json:"arguments"`
		}
		if err := sonic.Unmarshal(req.Params, &p); err != nil || p.Name != "quotes" {
			return errorBody(req.ID, -32602, "Invalid params")
		}
		qs, err := s.quotes.Quotes(r.Context(), p.Arguments.Symbols)
		if err != nil {
			return &response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"isError": true,
				"content": []any{map[string]any{"type": "text", "text": err.Error()}}}}
		}
		return &response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"structuredContent": map[string]any{"quotes": qs},
			"content": []any{map[string]any{"type": "text", "text": "quotes attached"}}}}
	}
	return errorBody(req.ID, -32601, "Method not found")
}
