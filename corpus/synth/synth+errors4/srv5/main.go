// srv5 exposes a handful of shell utilities (uptime, df, git log) as MCP
// tools over a fiber endpoint. Meant to run on a build box behind the VPN.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log"
	"os/exec"
	"time"

	"github.com/bytedance/sonic"
	"github.com/gofiber/fiber/v2"
)

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  sonicRawMessage `json:"params,omitempty"`
}

type sonicRawMessage = sonic.NoCopyRawMessage

type toolCall struct {
	Name      string            `json:"name"`
	Arguments map[string]string `json:"arguments"`
}

var commands = map[string][]string{
	"uptime":  {"uptime"},
	"disk":    {"df", "-h"},
	"git_log": {"git", "log", "--oneline", "-n", "20"},
}

func rpcErr(c *fiber.Ctx, status int, id any, code int, msg string) error {
	out, _ := sonic.Marshal(fiber.Map{"jsonrpc": "2.0", "id": id, "error": fiber.Map{"code": code, "message": msg}})
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Status(status).Send(out)
}

func newSessionID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func handle(c *fiber.Ctx) error {
	var msg rpcMessage
	if err := sonic.Unmarshal(c.Body(), &msg); err != nil {
		return rpcErr(c, fiber.StatusBadRequest, nil, -32700, "Parse error")
	}
	if msg.JSONRPC != "2.0" {
		return rpcErr(c, fiber.StatusBadRequest, msg.ID, -32700, "Parse error: unsupported jsonrpc version")
	}

	switch msg.Method {
	case "initialize":
		sid, err := newSessionID()
		if err != nil {
			log.Printf("session id: %v", err)
			return rpcErr(c, fiber.StatusBadRequest, msg.ID, -32700, "could not start session")
		}
		c.Set("Mcp-Session-Id", sid)
		return reply(c, msg.ID, fiber.Map{
			"protocolVersion": "2025-06-18",
			"capabilities":    fiber.Map{"tools": fiber.Map{}},
			"serverInfo":      fiber.Map{"name": "buildbox", "version": "0.2.0"},
		})
	case "notifications/initialized":
		return c.SendStatus(fiber.StatusAccepted)
	case "tools/call":
		var call toolCall
		if err := sonic.Unmarshal(msg.Params, &call); err != nil {
			return rpcErr(c, fiber.StatusBadRequest, msg.ID, -32602, "Invalid params")
		}
		argv, ok := commands[call.Name]
		if !ok {
			return rpcErr(c, fiber.StatusBadRequest, msg.ID, -32602, "Invalid params: unknown tool "+call.Name)
		}
		ctx, cancel := context.WithTimeout(c.UserContext(), 10*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).Output()
		if err != nil {
			log.Printf("%s: %v", call.Name, err)
			return rpcErr(c, fiber.StatusBadRequest, msg.ID, -32603, "command failed: "+err.Error())
		}
		return reply(c, msg.ID, fiber.Map{"content": []fiber.Map{{"type": "text", "text": string(out)}}})
	default:
		return rpcErr(c, fiber.StatusOK, msg.ID, -32601, "Method not found")
	}
}

func reply(c *fiber.Ctx, id any, result any) error {
	out, err := sonic.Marshal(fiber.Map{"jsonrpc": "2.0", "id": id, "result": result})
	if err != nil {
		return rpcErr(c, fiber.StatusInternalServerError, id, -32603, "Internal error")
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(out)
}

func main() {
	app := fiber.New(fiber.Config{BodyLimit: 1 << 20})
	app.Post("/mcp", handle)
	log.Fatal(app.Listen("127.0.0.1:7011"))
}
