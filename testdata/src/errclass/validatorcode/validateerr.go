package validatorcode

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// A validator of the decoded envelope that returns a plain error; the
// handler answers its failure -32600 itself, with HTTP 200.

type envelopeRules struct{ maxMethod int }

func (v *envelopeRules) ValidateRequest(req *request) error {
	if req.JSONRPC != "2.0" {
		return errors.New("jsonrpc must be 2.0")
	}
	if len(req.Method) == 0 || len(req.Method) > v.maxMethod {
		return errors.New("bad method")
	}
	return nil
}

func writeRPC(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}})
}

func serveValidated(v *envelopeRules) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		var req request
		if err := json.Unmarshal(raw, &req); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			writeRPC(w, -32700, "Parse error")
			return
		}
		if err := v.ValidateRequest(&req); err != nil {
			writeRPC(w, -32600, err.Error()) // want `answers -32600 \(Invalid Request\) with HTTP 200: a request refused before any method runs is 400`
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

type toolArgs struct {
	Path string `json:"path"`
}

func (a *toolArgs) Validate() error {
	if a.Path == "" {
		return errors.New("path is required")
	}
	return nil
}

// A method's own arguments, decoded from the params after dispatch, are
// not the request's body: their -32600 (a method's own) rides on 200.
func serveTool(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeRPC(w, -32700, "Parse error")
		return
	}
	var args toolArgs
	_ = json.Unmarshal(req.Params, &args)
	if err := args.Validate(); err != nil {
		writeRPC(w, -32600, err.Error())
		return
	}
	w.WriteHeader(http.StatusOK)
}
