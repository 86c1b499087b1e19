// Package stream is a server's HTTP+SSE transport kept in a package of
// its own: its GET stream announces where messages are posted.
package stream

import (
	"fmt"
	"net/http"
)

// Transport hands each posted message to Handle.
type Transport struct {
	Handle func(method string, params []byte) any
}

// Open answers the GET that opens a client's stream.
func (t *Transport) Open(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: endpoint\ndata: /messages?sessionId=%s\n\n", "abc")
}
