package server

import (
	"bytes"
	"encoding/json"
)

func bindParams(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	return dec.Decode(v)
}
