// Package implicit200: JSON-RPC refusals written by helpers that never set
// a status, so net/http sends them with HTTP 200.
package implicit200

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

type call struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// fail builds the error object from its code parameter and encodes it;
// it never writes a status.
func fail(w http.ResponseWriter, id any, code int, text string) { // want `fail writes HTTP 200 for the refusals its 2 callers pass \(-32700, -32600\)`
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(envelope{Version: "2.0", ID: id, Error: &rpcErr{Code: code, Message: text}})
}

func serveCodes(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		fail(w, nil, -32700, "Parse error")
		return
	}
	if c.Version != "2.0" {
		fail(w, c.ID, -32600, "Invalid Request")
		return
	}
	// A method's answer rides on 200.
	fail(w, c.ID, -32601, "Method not found")
}

// stream writes whatever message it is handed as one SSE event.
func stream(w http.ResponseWriter, msg envelope) {
	w.Header().Set("Content-Type", "text/event-stream")
	data, err := json.Marshal(msg)
	if err != nil {
		return
	}
	fmt.Fprintf(w, "event: message\ndata: %s\n\n", data)
}

func serveEvents(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	var c call
	if err := json.Unmarshal(raw, &c); err != nil {
		stream(w, envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}}) // want `answers -32700 \(Parse error\) with HTTP 200: a request refused before any method runs is 400` "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	stream(w, envelope{Version: "2.0", ID: c.ID})
}

// writeErr encodes an error object it is handed, inside an envelope; the
// two refusals below go through it, so it is reported once.
func writeErr(w http.ResponseWriter, e *rpcErr) { // want `writeErr writes HTTP 200 for the refusals its 2 callers pass \(-32700, -32600\)`
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(envelope{Version: "2.0", Error: e})
}

func serveObject(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		writeErr(w, &rpcErr{Code: -32700, Message: "Parse error"}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
}

// The direct form: the handler encodes the error itself, with no status.
func serveDirect(w http.ResponseWriter, r *http.Request) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		resp := envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}} // want `answers -32700 \(Parse error\) with HTTP 200`
		json.NewEncoder(w).Encode(resp)
		return
	}
	if c.Version != "2.0" {
		json.NewEncoder(w).Encode(envelope{Version: "2.0", ID: c.ID, Error: &rpcErr{Code: -32600, Message: "Invalid Request"}}) // want `answers -32600 \(Invalid Request\) with HTTP 200`
		return
	}
}

// A refused protocol-version header, under a test of the header.
func serveHeader(w http.ResponseWriter, r *http.Request, c call) {
	if v := r.Header.Get("MCP-Protocol-Version"); v != "" && v != "2025-06-18" {
		writeErr(w, &rpcErr{Code: -32600, Message: "unsupported protocol version"})
		return
	}
}

func newErrorResponse(id any, code int, text string) envelope {
	return envelope{Version: "2.0", ID: id, Error: &rpcErr{Code: code, Message: text}}
}

// writeWith writes a message with the status it is given.
func writeWith(w http.ResponseWriter, status int, msg envelope) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(msg)
}

// The code, chosen between the two refusal codes, is a local variable.
func serveChosen(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeWith(w, http.StatusBadRequest, newErrorResponse(nil, -32000, "read failed"))
		return
	}
	var c call
	if err := json.Unmarshal(raw, &c); err != nil {
		code := -32700
		if c.Method == "" {
			code = -32600
		}
		writeWith(w, http.StatusOK, newErrorResponse(nil, code, err.Error())) // want `answers -32700 \(Parse error\) with HTTP 200`
		return
	}
}
