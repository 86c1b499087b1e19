// Package ssetransport is an HTTP+SSE transport in a package of its own: // want package:"legacySSE"
// its GET stream announces the POST endpoint.
package ssetransport

import (
	"fmt"
	"net/http"
)

// Stream opens the event stream and announces where to post.
func Stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: endpoint\ndata: /messages?sessionId=%s\n\n", "abc")
}
