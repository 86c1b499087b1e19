// Package crosspkg calls another package's transport constructors per
// request: the LeakyConstructor fact carries what the callee builds.
package crosspkg

import (
	"net/http"

	"fixtures/refusedhandshake/crosspkg/lib"
)

func leaks(w http.ResponseWriter, r *http.Request) {
	lib.NewSessionTransport().ServeHTTP(w, r) // want `lib.NewSessionTransport builds a sessionful streamable transport without CloseOnRefusedHandshake and is called here per request, so a refused handshake leaks the transport and its server session; set CloseOnRefusedHandshake: true where lib.NewSessionTransport builds it`
	t := lib.Wrapped()                        // want `lib.Wrapped builds a sessionful streamable transport without CloseOnRefusedHandshake`
	t.ServeHTTP(w, r)
}

func fine(w http.ResponseWriter, r *http.Request) {
	lib.NewClosingTransport().ServeHTTP(w, r)
	lib.NewStateless().ServeHTTP(w, r)
	lib.Choose(true).ServeHTTP(w, r)
	t := lib.NewSessionTransport()
	defer t.Close() // closed here: the handler owns it
	t.ServeHTTP(w, r)
}

// Built once at startup: not per request, so the leaky constructor is fine
// here, and the closing one is not.
var Endpoint = lib.NewSessionTransport()

var Closing = lib.NewClosingTransport() // want `lib.NewClosingTransport builds a transport with CloseOnRefusedHandshake: true and is called here for a long-lived endpoint, so the first refused request \(such as a client's version-negotiation probe\) closes it for every client; build this endpoint without the option`

func init() {
	http.Handle("/mcp", lib.NewClosingTransport()) // want `lib.NewClosingTransport builds a transport with CloseOnRefusedHandshake: true and is called here for a long-lived endpoint`
	http.Handle("/choose", lib.Choose(true))
}
