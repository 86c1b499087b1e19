// Command notesrv exposes a tiny note-taking toolset over the MCP
// Streamable HTTP transport. Sessions live in process memory only.
package main

import (
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := os.Getenv("NOTESRV_ADDR")
	if addr == "" {
		addr = "127.0.0.1:7410"
	}

	srv := &server{
		sessions: newSessionTable(),
		notes:    map[string]string{},
	}

	mux := http.NewServeMux()
	mux.HandleFunc("POST /mcp", srv.handlePost)
	mux.HandleFunc("GET /mcp", srv.handleStream)
	mux.HandleFunc("DELETE /mcp", srv.handleDelete)

	hs := &http.Server{
		Addr:              addr,
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
	}
	log.Printf("notesrv listening on %s", addr)
	log.Fatal(hs.ListenAndServe())
}
