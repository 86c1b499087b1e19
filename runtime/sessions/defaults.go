package sessions

import "time"

// The limits mcpgen's generated handler and scaffold use when their options
// are left at zero, so that a server whose operator changed nothing cannot
// be exhausted by one client opening sessions (without them, 20,000
// initializes kept 20,000 sessions: 898 MiB and 40,000 goroutines).
const (
	// DefaultMaxSessions: about 45 MiB of idle sessions, far more than one
	// process serves in practice.
	DefaultMaxSessions = 1000
	// DefaultIdleTimeout: a client that neither calls nor deletes its
	// session for this long has gone; its session is closed.
	DefaultIdleTimeout = 10 * time.Minute
)

// RefuseHandshake counts, in HandshakesRefused, a handshake refused before
// Reserve: one whose headers alone decide the refusal is answered before
// any server is built for it.
func (t *Table[S]) RefuseHandshake() { t.refused.Add(1) }
