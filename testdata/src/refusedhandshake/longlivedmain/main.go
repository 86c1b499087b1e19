// Command longlivedmain builds its endpoint in main and in a helper only
// main calls: both run once per process.
package main

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

func main() {
	t := streamable.NewTransport(streamable.Options{ // want `long-lived transport with CloseOnRefusedHandshake closes`
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: true,
	})
	http.Handle("/a", t)
	http.Handle("/b", setup())
	http.ListenAndServe("127.0.0.1:0", nil)
}

func setup() http.Handler {
	opts := streamable.Options{
		CloseOnRefusedHandshake: true,
		SessionIDGenerator:      streamable.RandomSessionID,
	}
	return streamable.NewTransport(opts) // want `long-lived transport with CloseOnRefusedHandshake closes`
}
