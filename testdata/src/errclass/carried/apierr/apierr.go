// Package apierr keeps a server's error answers in constructors: each
// returns an error that carries the status (and the JSON-RPC code) the
// framework it is returned to writes.
package apierr

import (
	"net/http"

	"github.com/gofiber/fiber/v2"
)

// Error is an answer: an HTTP status and a JSON-RPC error.
type Error struct {
	Status  int    `json:"-"`
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func ParseError(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: -32700, Message: "Parse error: " + msg}
}

func Internal() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "Internal error"}
}

// refuse builds a framework error with the status it is given.
func refuse(status int, msg string) *fiber.Error {
	return fiber.NewError(status, msg)
}

func Unavailable(what string) *fiber.Error {
	return refuse(http.StatusBadRequest, what+" unavailable")
}
