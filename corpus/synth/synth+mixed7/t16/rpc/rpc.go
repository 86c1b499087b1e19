package rpc

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"
)

// StatusError is an error that knows how it should be answered.
type StatusError struct {
	HTTPStatus int
	Code       int
	Msg        string
}

func (e StatusError) Error() string { return e.Msg }

func NewError(status, code int, msg string) error {
	return StatusError{HTTPStatus: status, Code: code, Msg: msg}
}

// HandlerFunc is an http handler that may fail.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

func (f HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := f(w, r)
	if err == nil {
		return
	}
	se := StatusError{HTTPStatus: http.StatusInternalServerError, Code: -32603, Msg: "Internal error"}
	if !errors.As(err, &se) {
		log.Printf("handler error: %v", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(se.HTTPStatus)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": se.Code, "message": se.Msg},
	})
}
