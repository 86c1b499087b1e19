// Package ginpinned: a gin gateway whose initialize answer, nested in the
// JSON-RPC envelope, states 2024-11-05 whatever the client proposed. Its
// handlers take gin's context, not an http.ResponseWriter, and the only
// "endpoint" it names is a context key, not the HTTP+SSE transport's event.
// Its GET answers a capabilities document: a GET carries no initialize.
package ginpinned

import "github.com/gin-gonic/gin"

func rpc(c *gin.Context) {
	var msg map[string]any
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(400, gin.H{"jsonrpc": "2.0", "error": gin.H{"code": -32700, "message": "Parse error"}})
		return
	}
	if c.Request.Method == "GET" {
		c.JSON(200, gin.H{"jsonrpc": "2.0", "result": gin.H{"serverInfo": gin.H{"name": "gateway"}, "protocolVersion": "2024-11-05"}})
		return
	}
	target, _ := c.Get("endpoint")
	method, _ := msg["method"].(string)
	switch method {
	case "initialize":
		c.JSON(200, gin.H{
			"jsonrpc": "2.0",
			"id":      msg["id"],
			"result": gin.H{
				"serverInfo":      gin.H{"name": "gateway", "target": target},
				"capabilities":    gin.H{"tools": gin.H{}},
				"protocolVersion": "2024-11-05", // want `protocolVersion 2024-11-05, a revision without Streamable HTTP`
			},
		})
	default:
		c.JSON(200, gin.H{"jsonrpc": "2.0", "id": msg["id"], "result": gin.H{}})
	}
}

// Mount hands the handler to the caller's router.
func Mount(route func(path string, h func(*gin.Context))) {
	route("/mcp", rpc)
}
