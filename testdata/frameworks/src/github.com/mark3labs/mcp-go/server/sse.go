package server

import (
	"fmt"
	"net/http"
)

// SSEServer is the stand-in of mcp-go's HTTP+SSE transport: its GET stream
// announces the message endpoint.
type SSEServer struct{}

func (s *SSEServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: endpoint\ndata: %s\n\n", "/message")
}
