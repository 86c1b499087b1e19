// Package crosspkg calls another package's transport constructors per
// request: the LeakyConstructor fact carries what the callee builds.
package crosspkg

import (
	"net/http"

	"fixtures/refusedhandshake/crosspkg/lib"
)

func leaks(w http.ResponseWriter, r *http.Request) {
	lib.NewSessionTransport().ServeHTTP(w, r) // want `lib.NewSessionTransport returns a transport without CloseOnRefusedHandshake; per request it leaks on refusal`
	t := lib.Wrapped()                        // want `lib.Wrapped returns a transport without CloseOnRefusedHandshake`
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

var Closing = lib.NewClosingTransport() // want `lib.NewClosingTransport sets CloseOnRefusedHandshake: this long-lived endpoint closes on the first refusal`

func init() {
	http.Handle("/mcp", lib.NewClosingTransport()) // want `lib.NewClosingTransport sets CloseOnRefusedHandshake`
	http.Handle("/choose", lib.Choose(true))
}
