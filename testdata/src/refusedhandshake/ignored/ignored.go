// Package ignored checks that //mcpvet:ignore directives silence this
// analyzer and that one silencing nothing is reported.
package ignored

import (
	"crypto/rand"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

func suppressed(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	//mcpvet:ignore refusedhandshake the process serves one test client and exits
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	_ = ss.ID()
	t.ServeHTTP(w, r)
}

//mcpvet:ignore refusedhandshake this function leaks nothing // want `unused mcpvet:ignore directive: refusedhandshake reports nothing here; remove the directive`
func clean(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	defer ss.Close()
	t.ServeHTTP(w, r)
}
