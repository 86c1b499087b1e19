package gindispatch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"example.com/synth/errors5/gindispatch/internal/rpc"
)

func (d *Dispatcher) call(ctx context.Context, m *msg) (any, error) {
	switch m.Method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{map[string]any{
			"name":        "deploy",
			"description": "Deploy a version of a service to staging",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
				"service": map[string]any{"type": "string"}, "version": map[string]any{"type": "string"}},
				"required": []string{"service", "version"}},
		}}}, nil
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Service string `json:"service"`
				Version string `json:"version"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Name != "deploy" {
			return nil, &rpc.Error{HTTPStatus: http.StatusOK, Code: -32602, Message: "Invalid params"}
		}
		ref, err := d.Deployer.Deploy(ctx, p.Arguments.Service, p.Arguments.Version)
		if err != nil {
			return nil, fmt.Errorf("deploy %s@%s: %w", p.Arguments.Service, p.Arguments.Version, err)
		}
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": "started " + ref}}}, nil
	}
	return nil, &rpc.Error{HTTPStatus: http.StatusOK, Code: -32601, Message: "Method not found"}
}
