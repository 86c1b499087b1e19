package gorillagw

import (
	"crypto/rand"
	"encoding/base32"
	"io"
	"strings"
)

// IDSource mints session ids. The default reads crypto/rand; tests swap it.
type IDSource interface {
	Next() (string, error)
}

type randomIDs struct{ r io.Reader }

func (s randomIDs) Next() (string, error) {
	var b [20]byte
	if _, err := io.ReadFull(s.r, b[:]); err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])), nil
}

var DefaultIDs IDSource = randomIDs{r: rand.Reader}
