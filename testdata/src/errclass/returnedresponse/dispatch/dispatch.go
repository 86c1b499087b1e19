// Package dispatch parses a message and answers it with a whole response
// value, which a transport in another package writes: it imports nothing
// of HTTP.
package dispatch

import (
	"context"
	"encoding/json"
)

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Reply struct {
	Version string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Result  any    `json:"result,omitempty"`
	Error   *Error `json:"error,omitempty"`
}

type call struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// Answer refuses bytes that are not JSON with a returned -32700 response.
func Answer(ctx context.Context, raw []byte) *Reply { // want Answer:`returns refusal -32700 \(result 0\)`
	var c call
	if err := json.Unmarshal(raw, &c); err != nil {
		return &Reply{Version: "2.0", Error: &Error{Code: -32700, Message: "Parse error"}}
	}
	return &Reply{Version: "2.0", ID: c.ID, Result: map[string]any{}}
}

// Route answers a decoded message: its -32601 is a method's answer,
// after dispatch, and rides on 200.
func Route(ctx context.Context, method string) *Reply {
	if method != "ping" {
		return &Reply{Version: "2.0", Error: &Error{Code: -32601, Message: "Method not found"}}
	}
	return &Reply{Version: "2.0", Result: map[string]any{}}
}

// errorReply builds a reply refusing with code.
func errorReply(id any, code int, text string) Reply {
	return Reply{Version: "2.0", ID: id, Error: &Error{Code: code, Message: text}}
}

// Engine answers raw messages.
type Engine struct{}

func (e *Engine) fail(id any, code int, text string) *Reply {
	r := errorReply(id, code, text)
	return &r
}

// Handle refuses bytes that are not JSON through the constructor.
func (e *Engine) Handle(raw []byte) *Reply { // want Handle:`returns refusal -32700 \(result 0\)`
	var c call
	if err := json.Unmarshal(raw, &c); err != nil {
		return e.fail(nil, -32700, "Parse error")
	}
	return &Reply{Version: "2.0", ID: c.ID, Result: map[string]any{}}
}

// encode encodes a reply refusing with code: the caller gets the
// response's bytes, not the value.
func (e *Engine) encode(id any, code int, text string) ([]byte, error) {
	return json.Marshal(Reply{Version: "2.0", ID: id, Error: &Error{Code: code, Message: text}})
}

// Encoded refuses bytes that are not JSON with the encoded -32700
// response.
func (e *Engine) Encoded(raw []byte) ([]byte, error) { // want Encoded:`returns refusal -32700 \(result 0\)` Encoded:`errors\(own json.Marshal, internal json.Marshal\)`
	var c call
	if err := json.Unmarshal(raw, &c); err != nil {
		return e.encode(nil, -32700, "Parse error")
	}
	return json.Marshal(Reply{Version: "2.0", ID: c.ID, Result: map[string]any{}})
}

// EncodedRoute answers a decoded method's name: its -32601 rides on 200.
func (e *Engine) EncodedRoute(method string) ([]byte, error) { // want EncodedRoute:`errors\(own json.Marshal, internal json.Marshal\)`
	if method != "ping" {
		return e.encode(nil, -32601, "Method not found")
	}
	return json.Marshal(Reply{Version: "2.0", Result: map[string]any{}})
}
