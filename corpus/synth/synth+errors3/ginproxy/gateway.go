package ginproxy

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// Gateway forwards MCP requests to a single upstream server and relays
// its answer. Session headers are passed through untouched.
type Gateway struct {
	Upstream string
	Client   *http.Client
	Token    string
}

func New(upstream, token string) *Gateway {
	return &Gateway{
		Upstream: upstream,
		Token:    token,
		Client:   &http.Client{Timeout: 60 * time.Second},
	}
}

func (g *Gateway) Register(r *gin.Engine) {
	r.POST("/mcp", g.handlePost)
}

func (g *Gateway) handlePost(c *gin.Context) {
	body, err := c.GetRawData()
	if err != nil {
		c.JSON(http.StatusBadRequest, errorBody(nil, -32000, "could not read body"))
		return
	}
	if !json.Valid(body) {
		c.JSON(http.StatusBadRequest, errorBody(nil, codeParseError, "Parse error"))
		return
	}
	var msg rpcEnvelope
	if err := json.Unmarshal(body, &msg); err != nil {
		c.JSON(http.StatusBadRequest, errorBody(nil, codeInvalidRequest, "Invalid Request"))
		return
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		c.JSON(http.StatusBadRequest, errorBody(msg.ID, codeInvalidRequest, "Invalid Request"))
		return
	}

	payload, _ := json.Marshal(msg)
	req, err := http.NewRequestWithContext(c.Request.Context(), http.MethodPost, g.Upstream, bytes.NewReader(payload))
	if err != nil {
		c.JSON(http.StatusInternalServerError, errorBody(msg.ID, codeInternalError, err.Error()))
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid := c.GetHeader("Mcp-Session-Id"); sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	if g.Token != "" {
		req.Header.Set("Authorization", "Bearer "+g.Token)
	}

	resp, err := g.Client.Do(req)
	if err != nil {
		c.JSON(http.StatusBadRequest, errorBody(msg.ID, codeParseError, "upstream unreachable: "+err.Error()))
		return
	}
	defer resp.Body.Close()

	if resp.StatusCode >= 500 {
		c.JSON(http.StatusBadGateway, errorBody(msg.ID, codeInternalError, "upstream error: "+resp.Status))
		return
	}

	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		c.JSON(http.StatusBadGateway, errorBody(msg.ID, codeInternalError, "reading upstream: "+err.Error()))
		return
	}
	var out rpcEnvelope
	if err := json.Unmarshal(raw, &out); err != nil {
		c.JSON(http.StatusBadGateway, errorBody(msg.ID, codeParseError, "upstream sent invalid JSON"))
		return
	}

	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
		c.Header("Mcp-Session-Id", sid)
	}
	c.JSON(resp.StatusCode, out)
}
