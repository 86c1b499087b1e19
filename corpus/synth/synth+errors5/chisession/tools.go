package chisession

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
)

type FlagSource interface {
	Enabled(ctx context.Context, flag, tenant string) (bool, error)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

func text(s string, isErr bool) map[string]any {
	return map[string]any{"isError": isErr, "content": []any{map[string]any{"type": "text", "text": s}}}
}

// run answers the tool methods; tool failures go back as isError results.
func (h *Handler) run(r *http.Request, method string, params json.RawMessage) any {
	switch method {
	case "tools/list":
		return map[string]any{"tools": []any{map[string]any{
			"name": "flag_enabled",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
				"flag": map[string]any{"type": "string"}, "tenant": map[string]any{"type": "string"}}},
		}}}
	case "tools/call":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return text("bad arguments: "+err.Error(), true)
		}
		on, err := h.flags.Enabled(r.Context(), p.Arguments["flag"], p.Arguments["tenant"])
		if err != nil {
			return text(err.Error(), true)
		}
		return text(strconv.FormatBool(on), false)
	}
	return map[string]any{}
}
