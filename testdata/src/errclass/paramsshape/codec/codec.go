// Package codec decodes a message and the params of its method.
package codec

import (
	"context"
	"encoding/json"
)

type Message struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type ReadParams struct {
	URI string `json:"uri"`
}

// Parse decodes the bytes, then the params of the methods it knows.
func Parse(ctx context.Context, data []byte) (*Message, *ReadParams, error) { // want Parse:`errors\(decode, shape\)`
	var m Message
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, nil, err
	}
	var p ReadParams
	if m.Method == "resources/read" {
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, nil, err
		}
	}
	return &m, &p, nil
}
