// Package envelopeparams: the request's body decoded into the JSON-RPC
// message, its failure answered -32602 (Invalid params). That decode fails
// on bytes that are not JSON (-32700) or JSON that is not a request
// (-32600); params are decoded later, once the method is known.
package envelopeparams

import (
	"encoding/json"
	"net/http"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Verb    string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type callArgs struct {
	Name string `json:"name"`
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func serve(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		fail(w, http.StatusBadRequest, -32602, "Invalid params") // want `answers -32602 \(Invalid params\) when the body does not decode as a JSON-RPC message`
		return
	}
	var args callArgs
	if err := json.Unmarshal(m.Params, &args); err != nil {
		fail(w, http.StatusOK, -32602, "Invalid params") // the params' own decode: silent
		return
	}
	w.WriteHeader(http.StatusOK)
}

// parse answers the message's decode -32700: silent here.
func parse(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	w.WriteHeader(http.StatusOK)
}

// tool decodes a body that is a tool's arguments, not a JSON-RPC
// message (a REST route beside the endpoint): silent.
func tool(w http.ResponseWriter, r *http.Request) {
	var args callArgs
	if err := json.NewDecoder(r.Body).Decode(&args); err != nil {
		fail(w, http.StatusBadRequest, -32602, "Invalid params")
		return
	}
	w.WriteHeader(http.StatusOK)
}
