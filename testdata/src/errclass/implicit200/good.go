package implicit200

import (
	"encoding/json"
	"net/http"
)

// The caller sets 400 before the helper encodes the body: not 200.
func serveStatusFirst(w http.ResponseWriter, r *http.Request) {
	var c json.RawMessage // any JSON fits: only bytes that are not JSON fail
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeErr(w, &rpcErr{Code: -32700, Message: "Parse error"})
		return
	}
}

// The direct form with the status set first.
func serveDirectStatus(w http.ResponseWriter, r *http.Request) {
	var c json.RawMessage // any JSON fits: only bytes that are not JSON fail
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(envelope{Version: "2.0", Error: &rpcErr{Code: -32700, Message: "Parse error"}})
		return
	}
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

// A method's own -32600, after dispatch: the function is handed a decoded
// message and judges its params; it rides on 200.
func handleInitialize(w http.ResponseWriter, r *http.Request, c *call) {
	var p initParams
	if err := json.Unmarshal(c.Params, &p); err != nil {
		writeErr(w, &rpcErr{Code: -32602, Message: "Invalid params"})
		return
	}
	if p.ProtocolVersion != "2025-06-18" {
		writeErr(w, &rpcErr{Code: -32600, Message: "unsupported version"})
		return
	}
}

type dispatcher interface {
	Dispatch(c *call) (any, error)
}

// A -32600 for an error a method returned, in the function that read the
// body: the method's own answer, not a refusal of the bytes.
func serveDispatch(w http.ResponseWriter, r *http.Request, d dispatcher) {
	var c call
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if _, err := d.Dispatch(&c); err != nil {
		writeErr(w, &rpcErr{Code: -32600, Message: err.Error()})
		return
	}
}
