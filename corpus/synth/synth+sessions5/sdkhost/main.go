// Command sdkhost runs a go-sdk server behind sdkhost's own session table.
package main

import (
	"log"
	"log/slog"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/synth/sessions5/sdkhost/transport"
)

func main() {
	srv := mcp.NewServer(&mcp.Implementation{Name: "sdkhost", Version: "1.0.3"}, nil)
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	http.Handle("/mcp", transport.New(srv, logger))
	log.Fatal(http.ListenAndServe("127.0.0.1:9300", nil))
}
