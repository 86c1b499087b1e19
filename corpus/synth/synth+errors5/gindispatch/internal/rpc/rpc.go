// Package rpc is the error vocabulary of the dispatcher. Handlers return
// *Error for anything the client should see; Respond writes it.
package rpc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
)

type Error struct {
	HTTPStatus int
	Code       int
	Message    string
	Data       any
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Message) }

func Parse() *Error {
	return &Error{HTTPStatus: http.StatusBadRequest, Code: -32700, Message: "Parse error"}
}

func Invalid(msg string) *Error {
	return &Error{HTTPStatus: http.StatusBadRequest, Code: -32600, Message: "Invalid Request: " + msg}
}

func Unreadable() *Error {
	return &Error{HTTPStatus: http.StatusBadRequest, Code: -32000, Message: "Bad Request: the request body could not be read"}
}

func TooLarge(limit int64) *Error {
	return &Error{HTTPStatus: http.StatusRequestEntityTooLarge, Code: -32000, Message: fmt.Sprintf("Request body larger than %d bytes", limit)}
}

func NoSession() *Error {
	return &Error{HTTPStatus: http.StatusBadRequest, Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
}

func UnknownSession() *Error {
	return &Error{HTTPStatus: http.StatusNotFound, Code: -32001, Message: "Session not found"}
}

type wireErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// Respond writes err. An *Error keeps its status; anything else is the
// failure of a method that ran, reported in-band as JSON-RPC requires.
func Respond(c *gin.Context, id json.RawMessage, err error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	var e *Error
	if errors.As(err, &e) {
		c.AbortWithStatusJSON(e.HTTPStatus, gin.H{"jsonrpc": "2.0", "id": id, "error": wireErr{e.Code, e.Message, e.Data}})
		return
	}
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": id, "error": wireErr{Code: -32603, Message: err.Error()}})
}

func Result(c *gin.Context, id json.RawMessage, v any) {
	c.JSON(http.StatusOK, gin.H{"jsonrpc": "2.0", "id": id, "result": v})
}
