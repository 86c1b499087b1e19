// Package sdkwritejsonrpcerror pins go-sdk's writer shape: a helper that
// takes the status and a *jsonrpc.Error and writes both, so the code comes
// from the error object its caller builds.
package sdkwritejsonrpcerror

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

func writeJSONRPCError(w http.ResponseWriter, status int, id jsonrpc.ID, jerr *jsonrpc.Error) {
	resp := &jsonrpc.Response{ID: id, Error: jerr}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if data, err := jsonrpc.EncodeMessage(resp); err == nil {
		w.Write(data)
	}
}

func serve(w http.ResponseWriter, id jsonrpc.ID) {
	writeJSONRPCError(w, http.StatusBadRequest, id, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "boom"}) // want `pairs -32603 \(Internal error\) with HTTP 400`
	writeJSONRPCError(w, http.StatusNotFound, id, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no such method"})
}
