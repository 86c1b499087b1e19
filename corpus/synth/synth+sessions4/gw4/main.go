package gw4

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type upstreamConn struct {
	endpoint  string
	sessionID string
	protocol  string
	hc        *http.Client
}

func dialUpstream(endpoint string) (*upstreamConn, error) {
	u := &upstreamConn{endpoint: endpoint, hc: &http.Client{Timeout: 15 * time.Second}}
	init := gin.H{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": gin.H{
		"protocolVersion": "2025-06-18",
		"capabilities":    gin.H{},
		"clientInfo":      gin.H{"name": "gw4", "version": "0.4.0"},
	}}
	b, _ := json.Marshal(init)
	req, _ := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := u.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("upstream initialize: %s", resp.Status)
	}
	var r struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, err
	}
	u.sessionID = resp.Header.Get("Mcp-Session-Id")
	u.protocol = r.Result.ProtocolVersion
	return u, nil
}

type Gateway struct {
	up       *upstreamConn
	mu       sync.Mutex
	sessions map[string]time.Time
}

func errBody(code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}}
}

func Run(addr, upstream string) error {
	up, err := dialUpstream(upstream)
	if err != nil {
		return err
	}
	g := &Gateway{up: up, sessions: map[string]time.Time{}}
	r := gin.Default()
	r.POST("/mcp", g.post)
	return r.Run(addr)
}

func (g *Gateway) post(c *gin.Context) {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		c.JSON(http.StatusBadRequest, errBody(-32000, "Bad Request: the request body could not be read"))
		return
	}
	var m struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		c.JSON(http.StatusBadRequest, errBody(-32700, "Parse error"))
		return
	}

	if m.Method == "initialize" {
		if m.Params.ProtocolVersion != g.up.protocol {
			c.JSON(http.StatusBadRequest, errBody(-32602, "protocol version mismatch, gateway speaks "+g.up.protocol))
			return
		}
		sid := uuid.NewString()
		g.mu.Lock()
		g.sessions[sid] = time.Now()
		g.mu.Unlock()
		c.Header("Mcp-Session-Id", sid)
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": m.ID, "result": gin.H{"protocolVersion": g.up.protocol, "capabilities": gin.H{"tools": gin.H{}}}})
		return
	}

	sid := c.GetHeader("Mcp-Session-Id")
	if sid == "" {
		c.JSON(http.StatusBadRequest, errBody(-32000, "Bad Request: Mcp-Session-Id header is required"))
		return
	}
	g.mu.Lock()
	_, known := g.sessions[sid]
	g.mu.Unlock()
	if !known {
		c.JSON(http.StatusBadRequest, errBody(-32000, "Bad Request: invalid session"))
		return
	}

	req, err := http.NewRequestWithContext(c.Request.Context(), http.MethodPost, g.up.endpoint, bytes.NewReader(raw))
	if err != nil {
		c.JSON(http.StatusInternalServerError, errBody(-32603, "Internal error"))
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", c.GetHeader("Accept"))
	req.Header.Set("Mcp-Session-Id", g.up.sessionID)
	req.Header.Set("MCP-Protocol-Version", c.GetHeader("MCP-Protocol-Version"))
	resp, err := g.up.hc.Do(req)
	if err != nil {
		c.JSON(http.StatusBadGateway, errBody(-32603, "Internal error"))
		return
	}
	defer resp.Body.Close()
	c.DataFromReader(resp.StatusCode, resp.ContentLength, resp.Header.Get("Content-Type"), resp.Body, nil)
}
