// Command ssegate answers MCP requests over SSE and keeps each session's
// event log so a dropped stream can be resumed with Last-Event-ID.
package main

import (
	"log"
	"net/http"
	"time"
)

func main() {
	g := &gateway{sessions: map[string]*sseSession{}, retention: 10 * time.Minute}
	go g.reap()

	mux := http.NewServeMux()
	mux.Handle("/mcp", g)
	log.Fatal(http.ListenAndServe(":8099", mux))
}
