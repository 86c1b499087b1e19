package fiberhub

import (
	"encoding/json"

	"github.com/bytedance/sonic"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
)

type Server struct {
	app    *fiber.App
	broker Broker
	name   string
}

func NewServer(broker Broker) *Server {
	s := &Server{broker: broker, name: "hub"}
	s.app = fiber.New(fiber.Config{
		JSONEncoder:  sonic.Marshal,
		JSONDecoder:  sonic.Unmarshal,
		ServerHeader: "",
	})
	s.app.Post("/mcp", s.post)
	return s
}

func (s *Server) Listen(addr string) error { return s.app.Listen(addr) }

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type jsonrpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type outbound struct {
	JSONRPC string        `json:"jsonrpc"`
	ID      any           `json:"id"`
	Result  any           `json:"result,omitempty"`
	Error   *jsonrpcError `json:"error,omitempty"`
}

func rpcFailure(id any, code int, msg string) outbound {
	return outbound{JSONRPC: "2.0", ID: id, Error: &jsonrpcError{Code: code, Message: msg}}
}

func (s *Server) post(c *fiber.Ctx) error {
	var msg inbound
	if err := sonic.Unmarshal(c.Body(), &msg); err != nil {
		return c.Status(fiber.StatusBadRequest).JSON(rpcFailure(nil, -32700, "Parse error"))
	}
	if msg.JSONRPC != "2.0" || msg.Method == "" {
		return c.JSON(rpcFailure(msg.ID, -32600, "Invalid Request"))
	}

	switch msg.Method {
	case "initialize":
		sid, err := uuid.NewRandom()
		if err != nil {
			return c.Status(fiber.StatusBadRequest).JSON(rpcFailure(msg.ID, -32600, "session id unavailable"))
		}
		c.Set("Mcp-Session-Id", sid.String())
		return s.reply(c, msg.ID, fiber.Map{
			"protocolVersion": "2025-03-26",
			"capabilities":    fiber.Map{"tools": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": s.name, "version": "0.9.0"},
		})
	case "notifications/initialized":
		return c.SendStatus(fiber.StatusAccepted)
	case "hub/publish":
		sid := c.Get("Mcp-Session-Id")
		if sid == "" {
			return c.Status(fiber.StatusBadRequest).JSON(rpcFailure(msg.ID, -32000, "Bad Request: Mcp-Session-Id header is required"))
		}
		if err := s.broker.Publish(c.UserContext(), sid, msg.Params); err != nil {
			return c.Status(fiber.StatusServiceUnavailable).JSON(rpcFailure(msg.ID, -32603, "broker unavailable"))
		}
		return s.reply(c, msg.ID, fiber.Map{"delivered": true})
	default:
		return c.Status(fiber.StatusNotFound).JSON(rpcFailure(msg.ID, -32601, "Method not found"))
	}
}

// reply encodes the result itself so an encoder failure still yields a
// well-formed JSON-RPC answer.
func (s *Server) reply(c *fiber.Ctx, id any, result any) error {
	body, err := sonic.Marshal(outbound{JSONRPC: "2.0", ID: id, Result: result})
	if err != nil {
		return c.Status(fiber.StatusInternalServerError).JSON(rpcFailure(id, -32603, "Internal error"))
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(body)
}
