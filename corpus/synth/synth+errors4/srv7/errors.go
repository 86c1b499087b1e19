package srv7

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"
)

// Error is returned by handlers to control the HTTP status and JSON-RPC
// error code of the response.
type Error struct {
	Status  int
	Code    int
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (f handlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := f(w, r)
	if err == nil {
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		log.Printf("unhandled: %v", err)
		e = &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error"}
	}
	if e.Err != nil {
		log.Printf("%s %s: %v", r.Method, r.URL.Path, e)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": e.Code, "message": e.Message},
	})
}
