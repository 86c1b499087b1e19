package fiberkv

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/gofiber/fiber/v2"
)

type KV interface {
	Get(ctx context.Context, key string) (string, bool, error)
	Put(ctx context.Context, key, value string) error
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func rpcErr(id json.RawMessage, code int, msg string) fiber.Map {
	if id == nil {
		id = json.RawMessage("null")
	}
	return fiber.Map{"jsonrpc": "2.0", "id": id, "error": rpcError{code, msg}}
}

func rpcResult(id json.RawMessage, result any) fiber.Map {
	return fiber.Map{"jsonrpc": "2.0", "id": id, "result": result}
}

// rpcErrorHandler turns errors returned from handlers into JSON-RPC
// bodies; the status of a *fiber.Error is kept.
func rpcErrorHandler(c *fiber.Ctx, err error) error {
	status := fiber.StatusInternalServerError
	msg := "Internal error"
	code := -32603
	var fe *fiber.Error
	if errors.As(err, &fe) {
		status, msg = fe.Code, fe.Message
		switch {
		case status == fiber.StatusNotFound:
			code = -32001
		case status < 500:
			code = -32000
		}
	}
	return c.Status(status).JSON(rpcErr(nil, code, msg))
}

func (h *Handler) call(ctx context.Context, msg *message) (any, *rpcError) {
	switch msg.Method {
	case "ping":
		return fiber.Map{}, nil
	case "tools/list":
		return fiber.Map{"tools": []fiber.Map{
			{"name": "kv_get", "inputSchema": fiber.Map{"type": "object", "properties": fiber.Map{"key": fiber.Map{"type": "string"}}}},
		}}, nil
	case "tools/call":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		if err := json.Unmarshal(msg.Params, &p); err != nil || p.Name != "kv_get" {
			return nil, &rpcError{-32602, "Invalid params"}
		}
		v, ok, err := h.kv.Get(ctx, p.Arguments["key"])
		if err != nil {
			return fiber.Map{"isError": true, "content": []fiber.Map{{"type": "text", "text": err.Error()}}}, nil
		}
		if !ok {
			v = ""
		}
		return fiber.Map{"content": []fiber.Map{{"type": "text", "text": v}}}, nil
	}
	return nil, &rpcError{-32601, "Method not found"}
}
