// Package dispatch: the dispatcher of a server whose HTTP transport lives
// elsewhere returns the response for each method; for a method it does not
// serve it returns an internal error where JSON-RPC's Method not found is
// due.
package dispatch

import "encoding/json"

type Request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

type Dispatcher struct{}

func (d *Dispatcher) Handle(req Request) Response {
	switch req.Method {
	case "initialize":
		return Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{"protocolVersion": "2025-11-25"}}
	case "ping":
		return Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{}}
	default:
		return Response{JSONRPC: "2.0", ID: req.ID, Error: &Error{Code: -32603, Message: "unsupported: " + req.Method}} // want `answers -32603 \(Internal error\) to a method the server does not serve`
	}
}
