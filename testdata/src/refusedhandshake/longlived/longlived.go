// Package longlived sets CloseOnRefusedHandshake on transports built once
// for a long-lived endpoint: the first refused request, such as a client's
// version-negotiation probe, would close the endpoint for every client.
package longlived

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

var Endpoint = streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID, CloseOnRefusedHandshake: true}) // want `long-lived transport with CloseOnRefusedHandshake closes for everyone on the first refusal`

var mux = func() *http.ServeMux { return http.NewServeMux() }()

func init() {
	mux.Handle("/mcp", streamable.NewTransport(streamable.Options{ // want `long-lived transport with CloseOnRefusedHandshake closes`
		SessionIDGenerator:      streamable.RandomSessionID,
		CloseOnRefusedHandshake: true,
		JSONResponse:            true,
	}))
}
