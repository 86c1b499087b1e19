// Package parsenotdecode: -32700 says the request's bytes are not JSON.
// Under a test of a message that already decoded, or under the error of a
// call handed none of the request's bytes (a backend given members that
// already parsed), it claims what did not happen. A call given the body,
// a reader or the request, or one named for decoding, may fail on the
// bytes: silent.
package parsenotdecode

import (
	"encoding/json"
	"io"
	"net/http"
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	ID      json.RawMessage `json:"id"`
	Params  json.RawMessage `json:"params"`
}

func fail(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: text}})
}

type tools interface {
	Invoke(name string, args json.RawMessage) (any, error)
	Forward(body []byte) (any, error)
}

type gateway struct{ up tools }

func (g *gateway) envelope(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if m.JSONRPC != "2.0" || len(m.Method) == 0 {
		fail(w, http.StatusBadRequest, -32700, "not a JSON-RPC request") // want `answers -32700 \(Parse error\) to JSON that decoded but is not a valid request: answer -32600`
		return
	}
	out, err := g.up.Invoke(m.Method, m.Params)
	if err != nil {
		fail(w, http.StatusBadGateway, -32700, err.Error()) // want `answers -32700 \(Parse error\) for an error of g.up.Invoke, which parses none of the request's bytes`
		return
	}
	json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", ID: m.ID, Result: out})
}

// forward hands the raw body on: the upstream may be the one that finds
// the bytes are not JSON.
func (g *gateway) forward(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32000, "cannot read body")
		return
	}
	out, err := g.up.Forward(body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32700, err.Error())
		return
	}
	json.NewEncoder(w).Encode(reply{JSONRPC: "2.0", Result: out})
}

func parseMessage(raw []byte) (message, error) {
	var m message
	err := json.Unmarshal(raw, &m)
	return m, err
}

// helper decodes through a function named for it: silent.
func (g *gateway) helper(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m, err := parseMessage(body)
	if err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	_ = m
}

// mixed tests an error beside a member: not judged.
func (g *gateway) mixed(w http.ResponseWriter, r *http.Request) {
	var m message
	err := json.NewDecoder(r.Body).Decode(&m)
	if err != nil || m.JSONRPC != "2.0" {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}
