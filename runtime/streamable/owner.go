package streamable

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/auth"
)

// TokenPrincipal is the principal of a request when [Options.Principal] is
// nil: the UserID of the go-sdk TokenInfo that auth.RequireBearerToken put
// in the request's context, "" when there is none.
func TokenPrincipal(r *http.Request) string {
	if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
		return ti.UserID
	}
	return ""
}

// principalOf returns the principal of r under the transport's options.
func (t *Transport) principalOf(r *http.Request) string {
	if t.opts.Principal != nil {
		return t.opts.Principal(r)
	}
	return TokenPrincipal(r)
}

// Principal returns the principal recorded for the session: that of the
// handshake that established it, or the one a resumed transport was given.
// "" means the session has no owner and any caller may use it.
func (t *Transport) Principal() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.principal
}

// CheckOwner refuses 403 a request that names this transport's session
// under a principal other than the one recorded for it, before anything of
// the session is read or changed. Requests naming another id, or none, are
// left to the checks that answer them 404 or 400; a session recorded
// without a principal is anyone's, as in go-sdk's handler. ServeHTTP runs
// it first; a handler that does work of its own for a session before
// handing it the request (a session store's refresh) runs it before that.
func (t *Transport) CheckOwner(r *http.Request) error {
	if t.stateless {
		return nil
	}
	got := r.Header.Get(protocol.HeaderSessionID)
	if got == "" {
		return nil
	}
	t.mu.Lock()
	owner, id, fresh := t.principal, t.sessionID, t.state == stateFresh
	t.mu.Unlock()
	if owner == "" || fresh || got != id {
		return nil
	}
	if t.principalOf(r) != owner {
		return protocol.SessionForbidden()
	}
	return nil
}
