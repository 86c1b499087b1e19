// Package rpcerr builds JSON-RPC error objects for the package that
// writes them.
package rpcerr

// Object is a JSON-RPC error object.
type Object struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// InvalidRequest is JSON-RPC's -32600.
const InvalidRequest = -32600

// New builds an error object.
func New(code int, msg string) *Object { return &Object{Code: code, Message: msg} }
