// gw2 fronts a pool of MCP tool servers behind one gin endpoint. Requests are
// routed by the tool-name prefix ("github.search" -> github upstream).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

const bodyLimit = 2 << 20

type jsonrpcReq struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type callParams struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

type router struct {
	upstreams map[string]string
	client    *http.Client
}

func rpcError(id any, code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": id, "error": gin.H{"code": code, "message": msg}}
}

func (rt *router) handle(c *gin.Context) {
	if c.Request.ContentLength > bodyLimit {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(nil, -32600, "request too large"))
		return
	}
	raw, err := c.GetRawData()
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(nil, -32000, "Bad Request: the request body could not be read"))
		return
	}
	var req jsonrpcReq
	if err := json.Unmarshal(raw, &req); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(nil, -32700, "Parse error"))
		return
	}
	if req.Method == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(req.ID, -32700, "missing method"))
		return
	}

	target := rt.upstreams["default"]
	if req.Method == "tools/call" {
		var p callParams
		if err := json.Unmarshal(req.Params, &p); err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(req.ID, -32602, "Invalid params: "+err.Error()))
			return
		}
		if prefix, _, ok := strings.Cut(p.Name, "."); ok {
			if u, found := rt.upstreams[prefix]; found {
				target = u
			}
		}
	}

	ctx, cancel := context.WithTimeout(c.Request.Context(), 20*time.Second)
	defer cancel()
	out, status, err := rt.call(ctx, target, raw, c.GetHeader("Mcp-Session-Id"))
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		c.AbortWithStatusJSON(http.StatusRequestTimeout, rpcError(req.ID, -32603, "upstream timed out"))
		return
	case err != nil:
		log.Printf("upstream %s: %v", target, err)
		c.AbortWithStatusJSON(http.StatusBadGateway, rpcError(req.ID, -32603, "upstream unavailable"))
		return
	}

	var decoded any
	if err := json.Unmarshal(out, &decoded); err != nil {
		c.Data(status, "text/event-stream", out)
		return
	}
	wrapped, err := json.Marshal(gin.H{"upstream": target, "message": decoded})
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, rpcError(req.ID, -32603, "encode response"))
		return
	}
	c.Data(status, "application/json", wrapped)
}

func (rt *router) call(ctx context.Context, url string, body []byte, sid string) ([]byte, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	resp, err := rt.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}

func main() {
	rt := &router{
		upstreams: map[string]string{
			"default": os.Getenv("MCP_DEFAULT_UPSTREAM"),
			"github":  os.Getenv("MCP_GITHUB_UPSTREAM"),
		},
		client: &http.Client{},
	}
	r := gin.Default()
	r.POST("/mcp", rt.handle)
	if err := r.Run(":8090"); err != nil {
		log.Fatal(err)
	}
}
