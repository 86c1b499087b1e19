// gw6: fiber-based MCP relay that lets browser extensions reach a local MCP
// server running on another port, adding CORS headers on the way.
package main

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
	jsoniter "github.com/json-iterator/go"
)

const maxPayload = 512 << 10

var (
	json     = jsoniter.ConfigCompatibleWithStandardLibrary
	upstream = envOr("MCP_UPSTREAM", "http://127.0.0.1:8808/mcp")
	client   = &http.Client{Timeout: 60 * time.Second}
)

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

type rpcErrorBody struct {
	JSONRPC string            `json:"jsonrpc"`
	ID      any               `json:"id"`
	Error   map[string]any    `json:"error"`
	Meta    map[string]string `json:"_relay,omitempty"`
}

func errorBody(id any, code int, msg string) rpcErrorBody {
	return rpcErrorBody{JSONRPC: "2.0", ID: id, Error: map[string]any{"code": code, "message": msg}}
}

func relay(c *fiber.Ctx) error {
	if c.Request().Header.ContentLength() > maxPayload {
		return c.Status(fiber.StatusRequestEntityTooLarge).JSON(errorBody(nil, -32000, "Request body larger than 512 KiB"))
	}
	body := c.Body()
	var probe struct {
		ID any `json:"id"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return c.JSON(errorBody(nil, -32700, "Parse error"))
	}

	req, err := http.NewRequestWithContext(c.UserContext(), http.MethodPost, upstream, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", c.Get("Accept", "application/json, text/event-stream"))
	if sid := c.Get("Mcp-Session-Id"); sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	if v := c.Get("MCP-Protocol-Version"); v != "" {
		req.Header.Set("MCP-Protocol-Version", v)
	}

	resp, err := client.Do(req)
	if err != nil {
		log.Printf("relay: %v", err)
		return c.Status(fiber.StatusOK).JSON(errorBody(probe.ID, -32603, "upstream unreachable"))
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return c.Status(fiber.StatusBadGateway).JSON(errorBody(probe.ID, -32603, "upstream error"))
	}
	payload, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
		c.Set("Mcp-Session-Id", sid)
	}
	c.Set(fiber.HeaderContentType, resp.Header.Get("Content-Type"))
	return c.Status(resp.StatusCode).Send(payload)
}

func main() {
	app := fiber.New(fiber.Config{BodyLimit: 4 * maxPayload})
	app.Use(cors.New(cors.Config{
		AllowOrigins:  "chrome-extension://abcdefghijklmnop",
		AllowHeaders:  "Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version",
		ExposeHeaders: "Mcp-Session-Id",
	}))
	app.Post("/mcp", relay)
	log.Fatal(app.Listen("127.0.0.1:8809"))
}
