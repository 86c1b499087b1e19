package mcphttp

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/streamable"
)

// principal is the principal of r under h's options: Options.Principal, or
// by default the user go-sdk's bearer-token middleware put in the request's
// context, as the session transports read it.
func (h *Handler) principal(r *http.Request) string {
	if h.opts.Principal != nil {
		return h.opts.Principal(r)
	}
	return streamable.TokenPrincipal(r)
}
