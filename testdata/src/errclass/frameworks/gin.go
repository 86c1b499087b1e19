// Package frameworks: errclass's rows in handlers written for gin and
// fiber, which decode the body and answer through their context type.
package frameworks

import (
	"crypto/rand"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
)

type message struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
}

func ginError(c *gin.Context, status, code int, msg string) {
	c.JSON(status, gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": code, "message": msg}})
}

func ginMCP(c *gin.Context) {
	var msg message
	if err := c.ShouldBindJSON(&msg); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"jsonrpc": "2.0", "id": nil, "error": gin.H{"code": -32603, "message": "decode"}}) // want `answers 500 with -32603 \(Internal error\) when the request body does not decode`
		return
	}
	if msg.JSONRPC != "2.0" {
		ginError(c, http.StatusBadRequest, -32700, "Parse error") // want `answers -32700 \(Parse error\) to JSON that decoded but is not a valid request`
		return
	}
	nonce := make([]byte, 8)
	if _, err := rand.Read(nonce); err != nil {
		ginError(c, http.StatusBadRequest, -32700, "Parse error") // want `answers 400 with -32700 \(Parse error\) for an error from rand.Read`
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
}

// ginRaw reads the body itself: bytes that are not JSON are -32700.
func ginRaw(c *gin.Context) {
	data, err := c.GetRawData()
	if err != nil {
		ginError(c, http.StatusBadRequest, -32000, "unreadable body")
		return
	}
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		ginError(c, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": 1, "result": gin.H{}})
}
