package echostream

import (
	"context"
	"encoding/json"
	"time"
)

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (m *inbound) isNotification() bool { return len(m.ID) == 0 || string(m.ID) == "null" }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func errorReply(id json.RawMessage, code int, msg string) reply {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return reply{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}
}

func resultReply(id json.RawMessage, v any) reply {
	raw, _ := json.Marshal(v)
	return reply{JSONRPC: "2.0", ID: id, Result: raw}
}

var initResult = map[string]any{
	"protocolVersion": "2025-06-18",
	"capabilities":    map[string]any{"tools": map[string]any{}},
	"serverInfo":      map[string]any{"name": "tickets", "version": "1.0.0"},
}

type Ticket struct {
	Key     string         `json:"key"`
	Title   string         `json:"title"`
	Status  string         `json:"status"`
	Updated time.Time      `json:"updated"`
	Fields  map[string]any `json:"fields,omitempty"`
}

type TicketRepo interface {
	Get(ctx context.Context, key string) (*Ticket, error)
}

func (s *Server) dispatch(ctx context.Context, _ *session, m *inbound) (any, *rpcError) {
	switch m.Method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{map[string]any{
			"name":        "get_ticket",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"key": map[string]any{"type": "string"}}},
		}}}, nil
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Key string `json:"key"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Name != "get_ticket" {
			return nil, &rpcError{-32602, "Invalid params"}
		}
		t, err := s.tickets.Get(ctx, p.Arguments.Key)
		if err != nil {
			return map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": err.Error()}}}, nil
		}
		return map[string]any{"structuredContent": t, "content": []any{map[string]any{"type": "text", "text": t.Title}}}, nil
	}
	return nil, &rpcError{-32601, "Method not found"}
}
