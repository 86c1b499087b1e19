// Package jsonrpcdec reads one JSON-RPC 2.0 message (or a batch) from a request
// body. Every error it returns describes the client's bytes.
package jsonrpcdec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"

	json "github.com/goccy/go-json"
)

const (
	CodeParse          = -32700
	CodeInvalidRequest = -32600
)

// DecodeError is a refusal of the client's body.
type DecodeError struct {
	Status int
	Code   int
	Msg    string
}

func (e *DecodeError) Error() string { return fmt.Sprintf("%d/%d %s", e.Status, e.Code, e.Msg) }

type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  *string         `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

func (m *Message) IsRequest() bool { return m.Method != nil && len(m.ID) > 0 && string(m.ID) != "null" }

func parseErr(msg string) *DecodeError {
	return &DecodeError{Status: http.StatusBadRequest, Code: CodeParse, Msg: "Parse error: " + msg}
}

func invalid(msg string) *DecodeError {
	return &DecodeError{Status: http.StatusBadRequest, Code: CodeInvalidRequest, Msg: "Invalid Request: " + msg}
}

// Read decodes the body into one or more messages; batch reports whether the
// body was a JSON array.
func Read(r *http.Request, limit int64) (msgs []Message, batch bool, err error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, false, &DecodeError{Status: http.StatusBadRequest, Code: -32000, Msg: "Bad Request: the request body could not be read"}
	}
	if int64(len(body)) > limit {
		return nil, false, &DecodeError{Status: http.StatusRequestEntityTooLarge, Code: -32000, Msg: "Request body too large"}
	}
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return nil, false, parseErr("body is not valid JSON")
	}
	if len(body) > 0 && body[0] == '[' {
		if err := json.Unmarshal(body, &msgs); err != nil {
			return nil, true, invalid("batch element is not a message")
		}
		if len(msgs) == 0 {
			return nil, true, invalid("empty batch")
		}
		batch = true
	} else {
		var m Message
		if err := json.Unmarshal(body, &m); err != nil {
			return nil, false, invalid("not a JSON-RPC object")
		}
		msgs = []Message{m}
	}
	for i := range msgs {
		if msgs[i].JSONRPC != "2.0" {
			return nil, batch, invalid(`jsonrpc must be "2.0"`)
		}
	}
	return msgs, batch, nil
}

// AsDecodeError unwraps err into a *DecodeError.
func AsDecodeError(err error) (*DecodeError, bool) {
	var de *DecodeError
	ok := errors.As(err, &de)
	return de, ok
}
