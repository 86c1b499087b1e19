// Package rpc has the proxy's JSON-RPC error responses.
package rpc

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func Abort(c *gin.Context, status, code int, msg string) {
	c.AbortWithStatusJSON(status, gin.H{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   gin.H{"code": code, "message": msg},
	})
}

func SessionRequired(c *gin.Context) {
	Abort(c, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
}

func SessionNotFound(c *gin.Context) {
	Abort(c, http.StatusBadRequest, -32001, "Session not found")
}

func StoreUnavailable(c *gin.Context) {
	c.Header("Retry-After", "5")
	Abort(c, http.StatusServiceUnavailable, -32000, "Service Unavailable: session store")
}

func Internal(c *gin.Context) {
	Abort(c, http.StatusInternalServerError, -32603, "Internal error")
}
