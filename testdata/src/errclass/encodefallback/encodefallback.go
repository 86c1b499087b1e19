// Package encodefallback: helpers that write a response with HTTP 200 and
// answer 500 only when encoding that response fails. The 500 is the
// helper's own failure; what the helper writes for its callers is 200, so
// a refusal of the request's bytes handed to it goes out as 200.
package encodefallback

import (
	"encoding/json"
	"net/http"

	"fixtures/errclass/encodefallback/respond"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type envelope struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Result  any     `json:"result,omitempty"`
	Error   *rpcErr `json:"error,omitempty"`
}

type request struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// writeRPC pins 200 through another package's writer.
func writeRPC(w http.ResponseWriter, id any, code int, msg string) { // want `writeRPC writes HTTP 200 for the refusals its 2 callers pass \(-32700, -32600\)`
	respond.JSON(w, http.StatusOK, envelope{Version: "2.0", ID: id, Error: &rpcErr{Code: code, Message: msg}})
}

// writeReply marshals first and answers 500 if that fails.
func writeReply(w http.ResponseWriter, rep envelope) {
	b, err := json.Marshal(rep)
	if err != nil {
		http.Error(w, "encoding failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

func serve(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeRPC(w, nil, -32700, "Parse error")
		return
	}
	if req.Version != "2.0" {
		writeRPC(w, req.ID, -32600, "Invalid Request")
		return
	}
	// A method's own error after dispatch rides on 200.
	writeRPC(w, req.ID, -32601, "Method not found")
}

func serveReply(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeReply(w, envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}}) // want `answers -32700 \(Parse error\) with HTTP 200` "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	writeReply(w, envelope{Version: "2.0", ID: req.ID, Error: &rpcErr{Code: -32602, Message: "Invalid params"}})
}

// Near miss: the writer given the refusal's own status.
func serveStatus(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		respond.JSON(w, http.StatusBadRequest, envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}}) // want "answers -32700 \\(Parse error\\) to every failure of a typed decode" "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	respond.JSON(w, http.StatusOK, envelope{Version: "2.0", ID: req.ID, Result: map[string]any{}})
}
