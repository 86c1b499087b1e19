// Package foreigncodec: the server's own result, encoded by a third-party
// codec, fails — a server-side failure — and is answered as the client's
// fault through a helper whose error object another package builds.
package foreigncodec

import (
	"io"
	"net/http"

	"fixtures/errclass/foreigncodec/fastjson"
	"fixtures/errclass/foreigncodec/rpcerr"
)

type envelope struct {
	Version string         `json:"jsonrpc"`
	ID      any            `json:"id"`
	Result  any            `json:"result,omitempty"`
	Error   *rpcerr.Object `json:"error,omitempty"`
}

func answerError(w http.ResponseWriter, status int, obj *rpcerr.Object) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	out, _ := fastjson.Marshal(envelope{Version: "2.0", Error: obj})
	_, _ = w.Write(out)
}

type server struct{}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		answerError(w, http.StatusBadRequest, rpcerr.New(-32700, "unreadable body"))
		return
	}
	var req map[string]any
	if err := fastjson.Unmarshal(body, &req); err != nil {
		// The client's bytes: 400 is right.
		answerError(w, http.StatusBadRequest, rpcerr.New(-32700, "Parse error"))
		return
	}
	result := map[string]any{"tools": []string{"echo"}}
	out, err := fastjson.Marshal(envelope{Version: "2.0", ID: req["id"], Result: result})
	if err != nil {
		answerError(w, http.StatusBadRequest, rpcerr.New(rpcerr.InvalidRequest, "could not encode the result")) // want `answers 400 for an error from fastjson.Marshal`
		return
	}
	again, err := fastjson.Std.Marshal(result)
	if err != nil {
		answerError(w, http.StatusBadRequest, rpcerr.New(rpcerr.InvalidRequest, "could not encode the result")) // want `answers 400 for an error from`
		return
	}
	var back map[string]any
	if err := fastjson.Std.Unmarshal(body, &back); err != nil {
		// Decoding the client's bytes again: the client's input.
		answerError(w, http.StatusBadRequest, rpcerr.New(-32700, "Parse error"))
		return
	}
	_, _ = w.Write(out)
	_, _ = w.Write(again)
}
