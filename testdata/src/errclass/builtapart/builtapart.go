// Package builtapart: JSON-RPC responses whose error object is built
// apart from the envelope that carries it, then written with HTTP 200.
package builtapart

import (
	"encoding/json"
	"net/http"
)

type wireError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

type reply struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *wireError      `json:"error,omitempty"`
}

type call struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

// fail builds the error object in a variable, adds its data, and only then
// puts it in the reply. It pins 200.
func fail(w http.ResponseWriter, id json.RawMessage, code int, msg string, data ...json.RawMessage) { // want `fail writes HTTP 200 for the refusals its 2 callers pass \(-32700, -32600\)`
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	obj := &wireError{Code: code, Message: msg}
	if len(data) > 0 {
		obj.Data = data[0]
	}
	var out reply
	out.Version = "2.0"
	out.ID = id
	out.Error = obj
	_ = json.NewEncoder(w).Encode(out)
}

func oldStyle(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, nil, -32700, "parse error")
		return
	}
	if c.Version != "2.0" {
		fail(w, c.ID, -32600, "jsonrpc must be 2.0")
		return
	}
}

// errorReply builds a whole reply; send encodes whatever reply it is
// given, with no status: 200.
func errorReply(id json.RawMessage, code int, msg string) reply {
	return reply{Version: "2.0", ID: id, Error: &wireError{Code: code, Message: msg}}
}

func notFound(id json.RawMessage) reply {
	return reply{Version: "2.0", ID: id, Error: &wireError{Code: -32601, Message: "method not found"}}
}

func send(w http.ResponseWriter, out reply) { // want `send writes HTTP 200 for the refusals its 3 callers pass \(-32700, -32600\)`
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

func newStyle(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		send(w, errorReply(nil, -32700, "parse error")) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if c.Version != "2.0" {
		send(w, reply{Version: "2.0", ID: c.ID, Error: &wireError{Code: -32600, Message: "bad version"}})
		return
	}
	if c.Method == "" {
		send(w, errorReply(c.ID, -32600, "no method"))
		return
	}
	switch c.Method {
	case "ping":
		send(w, reply{Version: "2.0", ID: c.ID, Result: struct{}{}})
	default:
		// A method the server lacks is answered in the body: 200 is right.
		send(w, notFound(c.ID))
	}
}
