package gincluster

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gin-gonic/gin"

	"example.com/synth/errors5/gincluster/store"
)

type MetricsBackend interface {
	Query(ctx context.Context, promql string) (float64, error)
}

func (a *API) handle(c *gin.Context, _ store.Record, m *call) gin.H {
	ok := func(v any) gin.H { return gin.H{"jsonrpc": "2.0", "id": m.ID, "result": v} }
	switch m.Method {
	case "ping":
		return ok(gin.H{})
	case "tools/list":
		return ok(gin.H{"tools": []gin.H{{
			"name":        "query_metric",
			"description": "Evaluate a PromQL expression",
			"inputSchema": gin.H{"type": "object", "properties": gin.H{"expr": gin.H{"type": "string"}}, "required": []string{"expr"}},
		}}})
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Expr string `json:"expr"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Name != "query_metric" {
			return fail(m.ID, -32602, "Invalid params")
		}
		v, err := a.Metrics.Query(c.Request.Context(), p.Arguments.Expr)
		if err != nil {
			return ok(gin.H{"isError": true, "content": []gin.H{{"type": "text", "text": err.Error()}}})
		}
		return ok(gin.H{"content": []gin.H{{"type": "text", "text": fmt.Sprintf("%g", v)}}})
	}
	return fail(m.ID, -32601, "Method not found")
}
