package muxguard

import (
	"encoding/json"
	"log"
	"net/http"
)

// StatusError carries the HTTP status and JSON-RPC code a handler wants.
type StatusError struct {
	Status int
	Code   int
	Msg    string
}

func (e *StatusError) Error() string { return e.Msg }

func badRequest(msg string) error {
	return &StatusError{Status: http.StatusBadRequest, Code: -32600, Msg: msg}
}

// HandlerFunc is an http handler that may fail.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

func (fn HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := fn(w, r)
	if err == nil {
		return
	}
	se, ok := err.(*StatusError)
	if !ok {
		log.Printf("muxguard: %s %s: %v", r.Method, r.URL.Path, err)
		se = &StatusError{Status: http.StatusInternalServerError, Code: -32603, Msg: "Internal error"}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(se.Status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": se.Code, "message": se.Msg},
	})
}
