package toolhost

import (
	"context"
	"encoding/json"
	"errors"

	"example.com/synth/errors3/jsonrpc2"
)

type Dispatcher struct {
	reg  *Registry
	info map[string]any
}

func NewDispatcher(reg *Registry, name, version string) *Dispatcher {
	return &Dispatcher{reg: reg, info: map[string]any{"name": name, "version": version}}
}

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

func (d *Dispatcher) Dispatch(ctx context.Context, req *jsonrpc2.Request) (any, *jsonrpc2.Error) {
	switch req.Method {
	case "initialize":
		return map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
			"serverInfo":      d.info,
		}, nil
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": d.reg.List()}, nil
	case "tools/call":
		var p callParams
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.CodeInvalidParams, "invalid params: %v", err)
		}
		text, err := d.reg.Call(ctx, p.Name, p.Arguments)
		if errors.Is(err, ErrUnknownTool) {
			return nil, jsonrpc2.NewError(jsonrpc2.CodeMethodNotFound, "tool %q not found", p.Name)
		}
		if err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.CodeToolError, "%s failed: %v", p.Name, err)
		}
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}, nil
	case "tools/describe":
		var p callParams
		_ = json.Unmarshal(req.Params, &p)
		for _, t := range d.reg.List() {
			if t.Name == p.Name {
				schema, err := json.Marshal(t)
				if err != nil {
					return nil, jsonrpc2.NewError(jsonrpc2.CodeParseError, "schema for %s: %v", p.Name, err)
				}
				return json.RawMessage(schema), nil
			}
		}
		return nil, jsonrpc2.NewError(jsonrpc2.CodeMethodNotFound, "tool %q not found", p.Name)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.CodeMethodNotFound, "method %q not found", req.Method)
}
