// Package defaultok: refusals written with the framework's default 200 —
// fiber's c.JSON(v) with no status set, gin's c.JSON(200, ...) handed a
// constructor named for an "Err" — beside the same refusal chained on
// c.Status(400), which is right.
package defaultok

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
)

type body struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      any            `json:"id"`
	Error   map[string]any `json:"error"`
}

func errorBody(id any, code int, msg string) body {
	return body{JSONRPC: "2.0", ID: id, Error: map[string]any{"code": code, "message": msg}}
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

func newRPCErr(id any, code int, msg string) reply {
	return reply{JSONRPC: "2.0", ID: id, Error: &rpcErr{Code: code, Message: msg}}
}

func relay(c *fiber.Ctx) error {
	var probe struct {
		ID any `json:"id"`
	}
	if err := json.Unmarshal(c.Body(), &probe); err != nil {
		return c.JSON(errorBody(nil, -32700, "Parse error")) // want `answers -32700 \(Parse error\) with HTTP 200`
	}
	return nil
}

func relayRight(c *fiber.Ctx) error {
	var probe any // any JSON fits: only bytes that are not JSON fail
	if err := json.Unmarshal(c.Body(), &probe); err != nil {
		return c.Status(http.StatusBadRequest).JSON(errorBody(nil, -32700, "Parse error"))
	}
	return nil
}

func bridge(c *gin.Context) {
	var msg map[string]any
	if err := json.NewDecoder(c.Request.Body).Decode(&msg); err != nil {
		c.JSON(http.StatusOK, newRPCErr(nil, -32700, "Parse error")) // want `answers -32700 \(Parse error\) with HTTP 200`
		return
	}
}
