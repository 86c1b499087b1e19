package toolhost

import (
	"encoding/json"
	"io"
	"net/http"

	"example.com/synth/errors3/jsonrpc2"
)

type HTTPHandler struct {
	D       *Dispatcher
	MaxBody int64
}

func (h *HTTPHandler) reply(w http.ResponseWriter, id json.RawMessage, result any, rpcErr *jsonrpc2.Error) {
	status := http.StatusOK
	if rpcErr != nil {
		status = jsonrpc2.StatusFor(rpcErr)
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(jsonrpc2.Response{JSONRPC: "2.0", ID: id, Result: result, Error: rpcErr})
}

func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, h.MaxBody))
	if err != nil {
		h.reply(w, nil, nil, &jsonrpc2.Error{Code: -32000, Message: "Bad Request: the request body could not be read"})
		return
	}
	var req jsonrpc2.Request
	if err := json.Unmarshal(body, &req); err != nil {
		h.reply(w, nil, nil, jsonrpc2.NewError(jsonrpc2.CodeParseError, "parse error"))
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		h.reply(w, req.ID, nil, jsonrpc2.NewError(jsonrpc2.CodeInvalidRequest, "invalid request"))
		return
	}
	if req.IsNotification() {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	defer func() {
		if v := recover(); v != nil {
			h.reply(w, req.ID, nil, jsonrpc2.NewError(jsonrpc2.CodeInternalError, "internal error"))
		}
	}()
	res, rpcErr := h.D.Dispatch(r.Context(), &req)
	h.reply(w, req.ID, res, rpcErr)
}
