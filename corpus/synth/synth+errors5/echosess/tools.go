package echosess

import (
	"context"
	"encoding/json"

	"github.com/labstack/echo/v4"
)

type Translator interface {
	Translate(ctx context.Context, text, from, to string) (string, error)
}

func (h *Handler) call(c echo.Context, m *message) map[string]any {
	out := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	switch m.Method {
	case "ping":
		out["result"] = map[string]any{}
	case "tools/list":
		out["result"] = map[string]any{"tools": []any{map[string]any{
			"name": "translate",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
				"text": map[string]any{"type": "string"}, "from": map[string]any{"type": "string"}, "to": map[string]any{"type": "string"}}},
		}}}
	case "tools/call":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Name != "translate" {
			out["error"] = map[string]any{"code": -32602, "message": "Invalid params"}
			break
		}
		s, err := h.tr.Translate(c.Request().Context(), p.Arguments["text"], p.Arguments["from"], p.Arguments["to"])
		if err != nil {
			out["result"] = map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": err.Error()}}}
			break
		}
		out["result"] = map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
	default:
		out["error"] = map[string]any{"code": -32601, "message": "Method not found"}
	}
	return out
}
