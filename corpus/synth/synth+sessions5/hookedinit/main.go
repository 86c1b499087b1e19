// Command hookedinit runs a go-sdk server whose sessions can move between
// nodes: state is saved to Redis when a handshake completes.
package main

import (
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"

	"example.com/synth/sessions5/hookedinit/internal/persist"
	"example.com/synth/sessions5/hookedinit/node"
)

func main() {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hookedinit", Version: "0.8.0"}, nil)
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	n := node.New(srv, persist.New(rdb, 6*time.Hour), slog.Default())
	log.Fatal(http.ListenAndServe(":8500", n))
}
