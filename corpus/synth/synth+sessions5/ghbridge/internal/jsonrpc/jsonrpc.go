// Package jsonrpc holds the wire types and error helpers shared by the
// bridge's HTTP handlers.
package jsonrpc

import (
	"encoding/json"

	"github.com/gin-gonic/gin"
)

const (
	CodeParseError      = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternalError   = -32603
	CodeServerError     = -32000
	CodeSessionNotFound = -32001
	Version             = "2.0"
)

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func (r *Request) IsNotification() bool { return len(r.ID) == 0 || string(r.ID) == "null" }

type ErrorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *ErrorObject    `json:"error,omitempty"`
}

// Abort stops the gin chain with a JSON-RPC error body.
func Abort(c *gin.Context, status, code int, message string, id json.RawMessage) {
	if id == nil {
		id = json.RawMessage("null")
	}
	c.AbortWithStatusJSON(status, Response{
		JSONRPC: Version,
		ID:      id,
		Error:   &ErrorObject{Code: code, Message: message},
	})
}

func Result(c *gin.Context, id json.RawMessage, result any) {
	c.JSON(200, Response{JSONRPC: Version, ID: id, Result: result})
}
