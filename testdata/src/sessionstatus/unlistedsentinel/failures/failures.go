// Package failures declares the errors a dispatcher reports, as a library
// keeps them in a package of their own: two are about the session (one that
// has ended, one that was never issued), one about the message.
package failures

import "errors"

var (
	ErrSessionEnded   = errors.New("session ended")
	ErrNoSuchSession  = errors.New("no such session")
	ErrBadFrame       = errors.New("malformed frame")
	ErrSessionMissing = errors.New("Mcp-Session-Id required")
)
