package streamable

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
)

// RandomSessionID returns a session id of 26 base32 characters from
// crypto/rand (130 bits), all visible ASCII as protocol revision 2025-11-25
// requires. It is the recommended [Options.SessionIDGenerator].
func RandomSessionID() (string, error) {
	return rand.Text(), nil
}

// MaxNodeIDLen bounds a node id: it travels in every Mcp-Session-Id.
const MaxNodeIDLen = 32

// ValidNodeID reports whether node can key a session id to its node: 1 to
// [MaxNodeIDLen] of a-z, 0-9 and '-', starting with a letter or digit. That
// alphabet is safe in a header, needs no quoting in a load balancer's match
// (HAProxy's `req.hdr(Mcp-Session-Id) -m beg n1.`, an nginx map regex), and
// cannot contain the '.' that ends the node key.
func ValidNodeID(node string) error {
	if node == "" || len(node) > MaxNodeIDLen {
		return fmt.Errorf("node id %q: want 1 to %d characters", node, MaxNodeIDLen)
	}
	for i := 0; i < len(node); i++ {
		c := node[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && i > 0:
		default:
			return fmt.Errorf("node id %q: only a-z, 0-9 and '-' (not first) are allowed", node)
		}
	}
	return nil
}

// NodeSessionIDs returns a session id generator for a node of a deployment
// with more than one: ids are "<node>.<random>", the random part as
// [RandomSessionID] (130 bits). A load balancer routes a session's requests
// by the key before the '.', which exists before any routing decision is
// made, unlike a hash of an id minted after it.
func NodeSessionIDs(node string) (func() (string, error), error) {
	if err := ValidNodeID(node); err != nil {
		return nil, err
	}
	prefix := node + "."
	return func() (string, error) { return prefix + rand.Text(), nil }, nil
}

// SessionNode returns the node key of a session id minted by
// [NodeSessionIDs], or "" when id carries none.
func SessionNode(id string) string {
	node, _, ok := strings.Cut(id, ".")
	if !ok || ValidNodeID(node) != nil {
		return ""
	}
	return node
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
