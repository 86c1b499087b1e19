// Package falsenegatives keeps leaks the analyzer deliberately does not
// report, so a change that starts reporting them is a conscious one. Each
// would need interprocedural ownership tracking that risks false positives.
package falsenegatives

import (
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// The session is handed to a helper that only waits on it: a transfer of
// ownership as far as the analyzer can tell.
func watch(ss *mcp.ServerSession) { go ss.Wait() }

func handedToLeakyHelper(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	watch(ss)
	t.ServeHTTP(w, r)
}

// Exported helpers may be called from anywhere, so they are not known to
// run per request even when every caller in the package is a handler.
func Connect(r *http.Request) *mcp.StreamableServerTransport {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, _ := server.Connect(r.Context(), t, nil)
	_ = ss
	return t
}

func usesExported(w http.ResponseWriter, r *http.Request) {
	Connect(r).ServeHTTP(w, r)
}

// A generator held in a variable may be nil (a stateless transport), so the
// transport is not known to be sessionful.
var generator = streamable.RandomSessionID

func variableGenerator(w http.ResponseWriter, r *http.Request) {
	streamable.NewTransport(streamable.Options{SessionIDGenerator: generator}).ServeHTTP(w, r)
}
