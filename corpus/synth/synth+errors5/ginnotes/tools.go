package ginnotes

import (
	"context"
	"encoding/json"
	"fmt"
)

func (e *rpcError) Error() string { return fmt.Sprintf("rpc %d: %s", e.Code, e.Message) }

func initializeResult() map[string]any {
	return map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "ginnotes", "version": "0.4.1"},
	}
}

var searchTool = map[string]any{
	"name":        "search_notes",
	"description": "Full-text search over the user's notes",
	"inputSchema": map[string]any{
		"type":       "object",
		"properties": map[string]any{"query": map[string]any{"type": "string"}},
		"required":   []string{"query"},
	},
}

func (s *Server) dispatch(ctx context.Context, sess *session, req *rpcRequest) (any, error) {
	switch req.Method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{searchTool}}, nil
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Query string `json:"query"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return nil, &rpcError{Code: -32602, Message: "Invalid params"}
		}
		if p.Name != "search_notes" {
			return nil, &rpcError{Code: -32602, Message: "Unknown tool: " + p.Name}
		}
		return s.searchNotes(ctx, sess.user, p.Arguments.Query)
	default:
		return nil, &rpcError{Code: -32601, Message: "Method not found"}
	}
}

func (s *Server) searchNotes(ctx context.Context, user, q string) (any, error) {
	rows, err := s.notes.QueryContext(ctx,
		`SELECT title, body FROM notes WHERE owner = ? AND body LIKE ? ORDER BY updated DESC LIMIT 20`,
		user, "%"+q+"%")
	if err != nil {
		return nil, fmt.Errorf("search notes: %w", err)
	}
	defer rows.Close()

	var content []map[string]any
	for rows.Next() {
		var title, body string
		if err := rows.Scan(&title, &body); err != nil {
			return nil, fmt.Errorf("scan note: %w", err)
		}
		content = append(content, map[string]any{"type": "text", "text": title + "\n\n" + body})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return map[string]any{"content": content}, nil
}
