// Package rpcdecode reads a single JSON-RPC request from an HTTP body.
package rpcdecode

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"example.com/synth/errors/internal/rpcerr"
)

// DefaultLimit bounds how much of a body we are willing to buffer.
const DefaultLimit = 4 << 20

// Envelope is the part of a request every handler needs.
type Envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// IsNotification reports whether the client expects no answer.
func (e *Envelope) IsNotification() bool {
	return len(e.ID) == 0 || string(e.ID) == "null"
}

// Request reads and checks the body of r. Every error it returns is the
// client's: the body could not be read, is not JSON, or is not a request.
func Request(w http.ResponseWriter, r *http.Request, limit int64) (*Envelope, *rpcerr.Error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, &rpcerr.Error{Status: http.StatusRequestEntityTooLarge, Code: rpcerr.CodeServer, Message: "Request body too large"}
		}
		return nil, rpcerr.BadRequest("the request body could not be read")
	}
	if !json.Valid(body) {
		return nil, rpcerr.Parse("body is not valid JSON")
	}
	var env Envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return nil, rpcerr.InvalidRequest("expected a single JSON-RPC request object")
	}
	if env.JSONRPC != "2.0" || env.Method == "" {
		return nil, rpcerr.InvalidRequest("jsonrpc must be \"2.0\" and method a non-empty string")
	}
	return &env, nil
}
