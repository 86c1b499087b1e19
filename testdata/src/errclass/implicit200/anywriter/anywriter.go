// Package anywriter: refusals handed to writers of any value. The status
// is never set, so each goes out with HTTP 200; the code is that of the
// response a constructor builds.
package anywriter

import (
	"encoding/json"
	"log"
	"net/http"
)

type fault struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *fault          `json:"error,omitempty"`
}

type request struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

// failed builds a response carrying the code it is given.
func failed(id json.RawMessage, code int, text string) reply {
	return reply{Version: "2.0", ID: id, Error: &fault{Code: code, Message: text}}
}

// encode writes any value; it names no response type.
func encode(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// refuse hands encode what failed builds.
func refuse(w http.ResponseWriter, id json.RawMessage, code int, text string) {
	encode(w, failed(id, code, text))
}

// respond sets a status only when the encoding fails, after the body has
// gone out with 200.
func respond(w http.ResponseWriter, r reply) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(r); err != nil {
		log.Printf("encode: %v", err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
	}
}

func Serve(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		resp := failed(nil, -32700, "Parse error")
		respond(w, resp) // want `answers -32700 \(Parse error\) with HTTP 200: a request refused before any method runs is 400`
		return
	}
	if req.Version != "2.0" {
		refuse(w, req.ID, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) with HTTP 200`
		return
	}
	encode(w, reply{Version: "2.0", ID: req.ID, Result: map[string]any{}})
}
