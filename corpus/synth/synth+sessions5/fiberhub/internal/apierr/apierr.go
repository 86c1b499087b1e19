// Package apierr renders hub errors as JSON-RPC error responses.
package apierr

import (
	"errors"

	"github.com/gofiber/fiber/v2"
)

type body struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Send writes a JSON-RPC error with the given HTTP status.
func Send(c *fiber.Ctx, status, code int, msg string, id any) error {
	var b body
	b.JSONRPC = "2.0"
	b.ID = id
	b.Error.Code = code
	b.Error.Message = msg
	return c.Status(status).JSON(b)
}

// Handler is the fiber ErrorHandler: errors returned from handlers become
// JSON-RPC errors with code -32000, or -32603 when they carry no status.
func Handler(c *fiber.Ctx, err error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return Send(c, fe.Code, -32000, fe.Message, nil)
	}
	return Send(c, fiber.StatusInternalServerError, -32603, "Internal error", nil)
}
