package mcphttp

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// tokenUser is the default [Options.Principal]: the user go-sdk's bearer-token
// middleware put in the request's context, "" without one.
func tokenUser(r *http.Request) string {
	if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
		return ti.UserID
	}
	return ""
}

// principal is the principal of r under h's options.
func (h *Handler) principal(r *http.Request) string {
	if h.opts.Principal != nil {
		return h.opts.Principal(r)
	}
	return tokenUser(r)
}
