// Package fiberreply: a fiber handler hands the raw body to its engine and
// writes the response it returns with c.JSON, which sends 200 unless a
// status was set first; the engine answers bytes that are not JSON with a
// -32700 response built by a constructor.
package fiberreply

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      any       `json:"id,omitempty"`
	Result  any       `json:"result,omitempty"`
	Error   *rpcError `json:"error,omitempty"`
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Method  string `json:"method"`
}

func errorResponse(id any, code int, text string) response {
	return response{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: text}}
}

type engine struct{}

func (e *engine) fail(id any, code int, text string) *response {
	r := errorResponse(id, code, text)
	return &r
}

func (e *engine) handle(raw []byte) *response {
	var req request
	if err := json.Unmarshal(raw, &req); err != nil {
		return e.fail(nil, -32700, "Parse error")
	}
	return &response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
}

type server struct{ e *engine }

func (s *server) post(c *fiber.Ctx) error {
	resp := s.e.handle(c.Body())
	return c.JSON(resp) // want `writes the -32700 \(Parse error\) response handle returns with HTTP 200`
}

// postStatus sets the status from the response first: silent.
func (s *server) postStatus(c *fiber.Ctx) error {
	resp := s.e.handle(c.Body())
	if resp.Error != nil {
		return c.Status(400).JSON(resp)
	}
	return c.JSON(resp)
}
