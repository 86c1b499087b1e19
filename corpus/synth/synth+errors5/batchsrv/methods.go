package batchsrv

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
)

// handle runs one message. A nil response means "nothing to send back"
// (a notification); an *apiError refuses the whole POST.
func (s *Server) handle(ctx context.Context, m *message, inBatch bool) (*wireResponse, *apiError) {
	notification := len(m.ID) == 0 || string(m.ID) == "null"
	switch m.Method {
	case "initialize":
		if inBatch {
			return nil, &apiError{Status: http.StatusBadRequest, Msg: "initialize must not be part of a batch"}
		}
		var p initializeParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, &apiError{http.StatusBadRequest, -32700, "Parse error"}
		}
		return &wireResponse{JSONRPC: "2.0", ID: m.ID, Result: map[string]any{
			"protocolVersion": "2025-03-26",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "calc", "version": "1.0.3"},
		}}, nil
	case "notifications/initialized", "notifications/cancelled":
		return nil, nil
	}
	if notification {
		return nil, nil
	}

	res := &wireResponse{JSONRPC: "2.0", ID: m.ID}
	switch m.Method {
	case "ping":
		res.Result = map[string]any{}
	case "tools/list":
		res.Result = map[string]any{"tools": []any{map[string]any{
			"name":        "eval",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"expr": map[string]any{"type": "string"}}},
		}}}
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Expr string `json:"expr"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Name != "eval" {
			res.Error = &wireError{-32602, "Invalid params"}
			break
		}
		v, err := s.calc.Eval(ctx, p.Arguments.Expr)
		if err != nil {
			res.Result = map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": err.Error()}}}
			break
		}
		res.Result = map[string]any{"content": []any{map[string]any{"type": "text", "text": strconv.FormatFloat(v, 'g', -1, 64)}}}
	default:
		res.Error = &wireError{-32601, "Method not found"}
	}
	return res, nil
}
