// Package switchcause: a tagless switch that sorts a store's errors, its
// `case err != nil:` answering every other failure of the store 400; and a
// helper that fills its error object's code from a parameter in a tuple
// assignment, handed code 0 with a 500.
package switchcause

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

var errGone = errors.New("gone")

type store interface {
	Delete(ctx context.Context, id string) (int, error)
}

type errBody struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func fail(w http.ResponseWriter, status int, id any, code int, msg string) {
	var b errBody
	b.JSONRPC, b.ID = "2.0", id
	b.Error.Code, b.Error.Message = code, msg
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(b)
}

type server struct{ st store }

func (s *server) del(w http.ResponseWriter, r *http.Request) {
	n, err := s.st.Delete(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, context.Canceled):
		return
	case errors.Is(err, errGone):
		fail(w, http.StatusNotFound, nil, -32001, "Session not found")
	case err != nil:
		fail(w, http.StatusBadRequest, nil, -32000, "could not delete session") // want `answers 400 for an error from`
	case n == 0:
		fail(w, http.StatusNotFound, nil, -32001, "Session not found")
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *server) mint(w http.ResponseWriter, r *http.Request) {
	fail(w, http.StatusInternalServerError, nil, 0, "internal error") // want `JSON-RPC error with code 0`
}
