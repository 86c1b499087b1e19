// Command fiberhub is an MCP hub that aggregates a few internal tools.
package main

import (
	"log"

	"github.com/gofiber/fiber/v2"

	"example.com/synth/sessions5/fiberhub/internal/apierr"
	"example.com/synth/sessions5/fiberhub/internal/registry"
)

func main() {
	app := fiber.New(fiber.Config{
		ErrorHandler: apierr.Handler,
		BodyLimit:    1 << 20,
	})
	h := &hub{reg: registry.New()}
	app.Post("/mcp", h.post)
	app.Delete("/mcp", h.del)
	app.Get("/healthz", func(c *fiber.Ctx) error {
		return c.JSON(fiber.Map{"sessions": h.reg.Len()})
	})
	log.Fatal(app.Listen(":3000"))
}
