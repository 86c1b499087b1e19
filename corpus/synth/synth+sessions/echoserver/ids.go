package echoserver

import (
	"crypto/rand"
	"encoding/base64"
)

func newID() string {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
