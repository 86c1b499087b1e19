// Package sessionsreaper closes idle sessions by ranging over
// (*mcp.Server).Sessions(): that reaches every session of the server,
// refused handshakes included, however the handler keeps (or drops) them.
// It must produce no findings.
package sessionsreaper

import (
	"crypto/rand"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

var transports = map[string]*mcp.StreamableServerTransport{}

func serve(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	if _, err := server.Connect(r.Context(), t, nil); err != nil {
		return
	}
	transports[t.SessionID] = t
	t.ServeHTTP(w, r)
}

// Reap runs from a ticker in main.
func Reap(started map[*mcp.ServerSession]time.Time) {
	for ss := range server.Sessions() {
		if ss.InitializeParams() == nil && time.Since(started[ss]) > time.Minute {
			ss.Close()
		}
	}
}
