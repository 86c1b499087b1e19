// Package session answers messages for any transport: it builds JSON-RPC
// error bytes and imports nothing of HTTP.
package session

import (
	"context"
	"encoding/json"
)

type request struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type promptArgs struct {
	Name string `json:"name"`
}

type state struct {
	req    request
	prompt promptArgs
}

func newState(data []byte) (*state, error) {
	s := &state{}
	if err := json.Unmarshal(data, &s.req); err != nil {
		return nil, err
	}
	if s.req.Method == "prompts/get" {
		if err := json.Unmarshal(s.req.Params, &s.prompt); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// errorBytes builds a JSON-RPC error response.
func errorBytes(id any, code int, message string) []byte {
	out, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": message},
	})
	return out
}

// Handle answers one message.
func Handle(ctx context.Context, data []byte) ([]byte, error) { // want Handle:`returns refusal -32700 \(result 0\)`
	st, err := newState(data)
	if err != nil {
		return errorBytes(nil, -32700, "Parse error"), nil // want `answers -32700 \(Parse error\) for an error that can come from params of the wrong shape`
	}
	_ = st
	return nil, nil
}

// HandleApart answers the two decodes apart: silent.
func HandleApart(ctx context.Context, data []byte) ([]byte, error) { // want HandleApart:`returns refusal -32700 \(result 0\)`
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		return errorBytes(nil, -32700, "Parse error"), nil
	}
	var p promptArgs
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return errorBytes(req.ID, -32602, "Invalid params"), nil
	}
	return nil, nil
}

// HandleBroken: a code with a server-side failure is judged only where
// the status is the package's own; here it is not: silent.
func HandleBroken(ctx context.Context, data []byte, store interface {
	Load(ctx context.Context, key string) error
}) ([]byte, error) {
	if err := store.Load(ctx, string(data)); err != nil {
		return errorBytes(nil, -32600, "Invalid Request"), nil
	}
	return nil, nil
}
