// Package jsonrpc2 stands in for go-sdk's internal/jsonrpc2: the message
// types that go-sdk's jsonrpc package aliases, so an alias resolves to a
// type of this package as it does in go-sdk.
package jsonrpc2

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ID is a request id: a number, a string, or absent for a notification.
type ID struct{ value any }

// MakeID returns the id for v, which must be a string or an integer.
func MakeID(v any) (ID, error) {
	switch v := v.(type) {
	case nil:
		return ID{}, nil
	case string:
		return ID{value: v}, nil
	case int64:
		return ID{value: v}, nil
	case float64:
		return ID{value: int64(v)}, nil
	}
	return ID{}, fmt.Errorf("invalid request id type %T", v)
}

// IsValid reports whether the id is present.
func (id ID) IsValid() bool { return id.value != nil }

// Raw returns the id's value.
func (id ID) Raw() any { return id.value }

// Message is a Request or a Response.
type Message interface{ message() }

// Request is a call (with an ID) or a notification (without).
type Request struct {
	ID     ID
	Method string
	Params json.RawMessage
	Extra  any
}

// Response answers a call: a result or an error.
type Response struct {
	Result json.RawMessage
	Error  error
	ID     ID
	Extra  any
}

func (*Request) message()  {}
func (*Response) message() {}

// WireError is the JSON-RPC error object.
type WireError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *WireError) Error() string { return e.Message }

type wireMessage struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *WireError      `json:"error,omitempty"`
}

// EncodeMessage returns msg's wire form.
func EncodeMessage(msg Message) ([]byte, error) {
	wire := wireMessage{Version: "2.0"}
	switch msg := msg.(type) {
	case *Request:
		wire.ID, wire.Method, wire.Params = msg.ID.value, msg.Method, msg.Params
	case *Response:
		wire.ID, wire.Result = msg.ID.value, msg.Result
		if msg.Error != nil {
			wire.Error = &WireError{Message: msg.Error.Error()}
		}
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(wire); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DecodeMessage parses one message.
func DecodeMessage(data []byte) (Message, error) {
	var wire wireMessage
	if err := json.Unmarshal(data, &wire); err != nil {
		return nil, err
	}
	id, err := MakeID(wire.ID)
	if err != nil {
		return nil, err
	}
	if wire.Method != "" {
		return &Request{ID: id, Method: wire.Method, Params: wire.Params}, nil
	}
	if !id.IsValid() {
		return nil, errors.New("response without an id")
	}
	resp := &Response{ID: id, Result: wire.Result}
	if wire.Error != nil {
		resp.Error = wire.Error
	}
	return resp, nil
}
