package streamable

import (
	"crypto/rand"
	"errors"
)

// RandomSessionID returns a session id of 26 base32 characters from
// crypto/rand (130 bits), all visible ASCII as protocol revision 2025-11-25
// requires. It is the recommended [Options.SessionIDGenerator].
func RandomSessionID() (string, error) {
	return rand.Text(), nil
}

// validSessionID reports whether id is non-empty visible ASCII (0x21–0x7E),
// the only bytes an Mcp-Session-Id may hold.
func validSessionID(id string) error {
	if id == "" {
		return errors.New("session id generator returned an empty id")
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return errors.New("session id generator returned an id with bytes outside visible ASCII (0x21-0x7E)")
		}
	}
	return nil
}
