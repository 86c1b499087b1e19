// Package sinks holds answer helpers of every shape the answers analyzer
// summarises, each with the fact it must export, and helpers that are not
// sinks (no fact).
package sinks

import (
	"encoding/json"
	"net/http"
)

const codeParseError = -32700

// Reply writes a JSON-RPC error with the status and code its caller picks.
func Reply(w http.ResponseWriter, status int, code int, message string) { // want Reply:`sink\(status=arg2 code=arg3 object=0 err=0\)`
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": message},
	})
}

// Unparsable is Reply with a fixed parse error about err, summarised
// through Reply's own summary.
func Unparsable(w http.ResponseWriter, err error) { // want Unparsable:`sink\(status=400 code=-32700 object=0 err=2\)`
	Reply(w, http.StatusBadRequest, codeParseError, err.Error())
}

// Gone always answers 404.
func Gone(w http.ResponseWriter) { // want Gone:`sink\(status=404 code=- object=0 err=0\)`
	http.Error(w, "no such session", http.StatusNotFound)
}

// Plain answers the status it is given.
func Plain(w http.ResponseWriter, status int, msg string) { // want Plain:`sink\(status=arg2 code=- object=0 err=0\)`
	http.Error(w, msg, status)
}

// Pick writes one of two answers: not a sink, so no fact; its callers are
// not judged through it.
func Pick(w http.ResponseWriter, missing bool) {
	if missing {
		http.Error(w, "missing", http.StatusBadRequest)
		return
	}
	http.Error(w, "gone", http.StatusNotFound)
}

// gone is a sink, but callers outside the package cannot name it: no fact.
func gone(w http.ResponseWriter) {
	http.Error(w, "no such session", http.StatusNotFound)
}

var _ = gone

// RPCError is an answer as an error value: the framework or adapter it is
// returned to writes its status and its JSON-RPC error.
type RPCError struct {
	Status  int    `json:"-"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *RPCError) Error() string { return e.Message }

// ParseFailure builds one with a status and a code of its own.
func ParseFailure(msg string) *RPCError { // want ParseFailure:`carries\(status=400 code=-32700\)`
	return &RPCError{Status: http.StatusBadRequest, Code: -32700, Message: msg}
}

// Refuse builds one with the status it is given; NotYours, through it,
// one with 403.
func Refuse(status int, msg string) *RPCError { // want Refuse:`carries\(status=arg1 code=-\)`
	return &RPCError{Status: status, Message: msg}
}
