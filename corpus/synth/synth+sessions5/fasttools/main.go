// Command fasttools serves quick utility tools over MCP.
package main

import (
	"log"
	"time"

	"github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"

	"example.com/synth/sessions5/fasttools/internal/sessions"
	"example.com/synth/sessions5/fasttools/server"
)

func main() {
	app := fiber.New(fiber.Config{
		JSONEncoder: json.Marshal,
		JSONDecoder: json.Unmarshal,
	})
	(&server.Server{Sessions: sessions.NewTable(20 * time.Minute)}).Register(app)
	log.Fatal(app.Listen(":3400"))
}
