// Command ghbridge exposes a read-only GitHub issue search as MCP tools.
package main

import (
	"log"
	"log/slog"
	"os"
	"time"

	"github.com/gin-gonic/gin"

	"example.com/synth/sessions5/ghbridge/internal/sessions"
	"example.com/synth/sessions5/ghbridge/server"
)

func main() {
	r := gin.New()
	r.Use(gin.Recovery())
	h := &server.Handler{
		Store:  sessions.NewStore(30 * time.Minute),
		Logger: slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	}
	h.Register(r)
	log.Fatal(r.Run(":8090"))
}
