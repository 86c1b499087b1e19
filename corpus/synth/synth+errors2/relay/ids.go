package relay

import (
	"crypto/rand"
	"encoding/hex"
)

func newLocalID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
