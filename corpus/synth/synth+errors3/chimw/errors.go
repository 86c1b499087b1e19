package chimw

import (
	"encoding/json"
	"errors"
	"net/http"
)

// Sentinel errors handlers return; the error middleware maps them to
// wire answers.
var (
	ErrDecode      = errors.New("malformed JSON body")
	ErrNotJSONRPC  = errors.New("not a JSON-RPC 2.0 request")
	ErrBadParams   = errors.New("invalid params")
	ErrStore       = errors.New("storage failure")
	ErrUnknownTool = errors.New("unknown tool")
)

type AppHandler func(w http.ResponseWriter, r *http.Request) error

type wireErr struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	var e wireErr
	e.JSONRPC = "2.0"
	e.Error.Code = code
	e.Error.Message = msg
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(e)
}

// Handle adapts an AppHandler, translating its error into a JSON-RPC
// error response.
func Handle(h AppHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		switch {
		case errors.Is(err, ErrDecode):
			writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		case errors.Is(err, ErrNotJSONRPC):
			writeErr(w, http.StatusBadRequest, -32600, "Invalid Request")
		case errors.Is(err, ErrBadParams), errors.Is(err, ErrStore):
			writeErr(w, http.StatusBadRequest, -32602, err.Error())
		case errors.Is(err, ErrUnknownTool):
			writeErr(w, http.StatusNotFound, -32601, err.Error())
		default:
			writeErr(w, http.StatusInternalServerError, -32603, "Internal error")
		}
	}
}
