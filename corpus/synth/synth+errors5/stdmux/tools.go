package stdmux

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"example.com/synth/errors5/stdmux/internal/rpcerr"
)

type toolbox struct {
	mu    sync.Mutex
	stock map[string]int
}

func newToolbox() *toolbox { return &toolbox{stock: map[string]int{}} }

func (t *toolbox) handle(_ context.Context, method string, params json.RawMessage) (any, *rpcerr.Error) {
	switch method {
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		return map[string]any{"tools": []any{
			map[string]any{"name": "stock_level", "inputSchema": map[string]any{
				"type": "object", "properties": map[string]any{"sku": map[string]any{"type": "string"}}}},
		}}, nil
	case "tools/call":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, &rpcerr.Error{Code: -32602, Message: "Invalid params"}
		}
		if p.Name != "stock_level" {
			return nil, &rpcerr.Error{Code: -32602, Message: "Unknown tool: " + p.Name}
		}
		t.mu.Lock()
		n := t.stock[p.Arguments["sku"]]
		t.mu.Unlock()
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("%d in stock", n)}}}, nil
	}
	return nil, &rpcerr.Error{Code: -32601, Message: "Method not found"}
}
