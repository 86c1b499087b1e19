package frameworks

import (
	"encoding/json"
	"net/http"

	"github.com/gofiber/fiber/v2"
)

func fiberMCP(c *fiber.Ctx) error {
	var msg message
	if err := json.Unmarshal(c.Body(), &msg); err != nil {
		return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32603, "message": "decode"}}) // want `answers -32603 \(Internal error\) when the request body does not decode`
	}
	if msg.Method == "" {
		return c.Status(http.StatusInternalServerError).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32603, "message": "no method"}}) // want `answers 500 with -32603 \(Internal error\) to JSON that decoded but is not a valid request`
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}

// fiberRight answers both as the protocol does: silent.
func fiberRight(c *fiber.Ctx) error {
	var msg message
	if err := c.BodyParser(&msg); err != nil {
		return c.Status(http.StatusBadRequest).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32700, "message": "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
	}
	if msg.JSONRPC != "2.0" {
		return c.Status(http.StatusBadRequest).JSON(fiber.Map{"jsonrpc": "2.0", "id": nil, "error": fiber.Map{"code": -32600, "message": "Invalid Request"}})
	}
	return c.JSON(fiber.Map{"jsonrpc": "2.0", "id": 1, "result": fiber.Map{}})
}
