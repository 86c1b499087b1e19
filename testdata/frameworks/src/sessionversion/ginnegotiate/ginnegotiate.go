// Package ginnegotiate: gin handlers, some function literals handed to a
// router, that refuse an initialize for its revision (compared through a
// local, or through a predicate of the package over the revisions it
// lists) or refuse the MCP-Protocol-Version header with a status other than
// 400, beside handlers that negotiate and a format check of the proposal.
package ginnegotiate

import (
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
)

const revision = "2025-06-18"

var supported = map[string]bool{"2025-03-26": true, "2025-06-18": true}

var dated = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

type initRequest struct {
	ID     any `json:"id"`
	Params struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"params"`
}

type message struct {
	ID     any            `json:"id"`
	Method string         `json:"method"`
	Params map[string]any `json:"params"`
}

func rpcError(code int, msg string) gin.H {
	return gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}}
}

// isSupported tests a revision against the ones the server lists.
func isSupported(v string) bool { return supported[v] }

// wellFormed tests the proposal's form only.
func wellFormed(v string) bool { return dated.MatchString(v) }

type route func(path string, h gin.HandlerFunc)

func register(post route) {
	post("/mcp/initialize", func(c *gin.Context) {
		var req initRequest
		if err := c.ShouldBindJSON(&req); err != nil {
			c.JSON(http.StatusBadRequest, rpcError(-32700, "Parse error"))
			return
		}
		if !isSupported(req.Params.ProtocolVersion) { // want `initialize refused because the requested protocolVersion is not the one expected`
			c.JSON(http.StatusBadRequest, rpcError(-32602, "Unsupported protocol version"))
			return
		}
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{"protocolVersion": req.Params.ProtocolVersion}})
	})
	post("/mcp/check", func(c *gin.Context) {
		if v := c.GetHeader("MCP-Protocol-Version"); v != "" && !isSupported(v) {
			c.AbortWithStatusJSON(http.StatusPreconditionFailed, rpcError(-32000, "unsupported MCP-Protocol-Version")) // want `answers 412 to an MCP-Protocol-Version`
			return
		}
		c.Next()
	})
}

// dispatch compares the proposal through a local.
func dispatch(c *gin.Context) {
	var msg message
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(http.StatusBadRequest, rpcError(-32700, "Parse error"))
		return
	}
	if msg.Method == "initialize" {
		pv, _ := msg.Params["protocolVersion"].(string)
		if pv != revision { // want `initialize refused because the requested protocolVersion is not the one expected`
			c.JSON(http.StatusBadRequest, rpcError(-32602, "Unsupported protocol version: "+pv))
			return
		}
		c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": msg.ID, "result": gin.H{"protocolVersion": pv}})
	}
}

// negotiated answers a revision it supports whatever the client asked.
func negotiated(c *gin.Context) {
	var req initRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, rpcError(-32700, "Parse error"))
		return
	}
	answer := req.Params.ProtocolVersion
	if !isSupported(answer) {
		answer = revision
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{"protocolVersion": answer}})
}

// malformed refuses a proposal that is not a date at all: invalid params,
// not a revision the server does not speak.
func malformed(c *gin.Context) {
	var req initRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, rpcError(-32700, "Parse error"))
		return
	}
	if !wellFormed(req.Params.ProtocolVersion) {
		c.JSON(http.StatusBadRequest, rpcError(-32602, "protocolVersion is not a revision date"))
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": req.ID, "result": gin.H{"protocolVersion": revision}})
}
