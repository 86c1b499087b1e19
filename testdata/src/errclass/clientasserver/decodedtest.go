package clientasserver

import (
	"encoding/json"
	"errors"
	"net/http"
)

type dispatcher struct {
	tools map[string]func() error
}

// envelope refuses JSON that decoded but is no JSON-RPC request as if the
// server had failed; the test reads only the decoded message's members.
func (d *dispatcher) envelope(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcError(w, http.StatusOK, -32603, "internal error") // want `answers -32603 \(Internal error\) when the request body does not decode`
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		rpcError(w, http.StatusInternalServerError, -32603, "bad envelope") // want `answers 500 with -32603 \(Internal error\) to JSON that decoded but is not a valid request`
		return
	}
	if len(req.Method) > 64 {
		rpcError(w, http.StatusOK, -32603, "method name too long") // want `answers -32603 \(Internal error\) to JSON that decoded but is not a valid request`
		return
	}
	// The server's own table is part of this test: its state, not only
	// the client's message, decides. Silent.
	if d.tools[req.Method] == nil {
		rpcError(w, http.StatusInternalServerError, -32603, "no tools configured")
		return
	}
	// A tool's failure after dispatch rides on 200 with -32603: silent.
	if err := d.tools[req.Method](); err != nil {
		rpcError(w, http.StatusOK, -32603, err.Error())
		return
	}
	if errors.Is(r.Context().Err(), http.ErrAbortHandler) {
		rpcError(w, http.StatusOK, -32603, "aborted")
		return
	}
}
