// Package gin stands in for gin in the analyzer fixtures: the context
// type and the methods through which a handler reads a request and
// answers, which the analyzers recognise by import path and name. Bodies
// are empty: the analyzers read gin's answers from the call, not from
// gin's code.
package gin

import "net/http"

// H is a JSON object.
type H map[string]any

// HandlerFunc is a handler.
type HandlerFunc func(*Context)

// Context is one request's context.
type Context struct {
	Request *http.Request
}

// GetHeader returns a request header.
func (c *Context) GetHeader(key string) string { return "" }

// Header sets a response header.
func (c *Context) Header(key, value string) {}

// JSON answers with the status and obj as JSON.
func (c *Context) JSON(code int, obj any) {}

// AbortWithStatusJSON answers with the status and obj as JSON and stops
// the handler chain.
func (c *Context) AbortWithStatusJSON(code int, jsonObj any) {}

// AbortWithStatus answers with the status alone and stops the chain.
func (c *Context) AbortWithStatus(code int) {}

// String answers with the status and a formatted text.
func (c *Context) String(code int, format string, values ...any) {}

// Status sets the answer's status.
func (c *Context) Status(code int) {}

// ShouldBindJSON decodes the request body into obj.
func (c *Context) ShouldBindJSON(obj any) error { return nil }

// GetRawData reads the request body.
func (c *Context) GetRawData() ([]byte, error) { return nil, nil }
