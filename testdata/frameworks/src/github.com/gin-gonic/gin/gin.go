// Package gin is a stand-in with the shape of gin's Context API that the
// analyzers recognise; it is not gin.
package gin

import "net/http"

// H is a JSON object.
type H map[string]any

// Error is what AbortWithError returns.
type Error struct{ Err error }

// Context is a request's context.
type Context struct {
	Request *http.Request
	Writer  http.ResponseWriter
}

func (c *Context) GetHeader(key string) string                    { return c.Request.Header.Get(key) }
func (c *Context) JSON(code int, obj any)                         {}
func (c *Context) String(code int, format string, values ...any)  {}
func (c *Context) Status(code int)                                {}
func (c *Context) AbortWithStatus(code int)                       {}
func (c *Context) AbortWithStatusJSON(code int, jsonObj any)      {}
func (c *Context) AbortWithError(code int, err error) *Error      { return &Error{err} }
func (c *Context) ShouldBindJSON(obj any) error                   { return nil }
func (c *Context) Get(key string) (any, bool)                     { return nil, false }
func (c *Context) Data(code int, contentType string, data []byte) {}
func (c *Context) GetRawData() ([]byte, error)                    { return nil, nil }

// HandlerFunc is a handler or middleware.
type HandlerFunc func(*Context)

func (c *Context) Header(key, value string) {}
func (c *Context) Next()                    {}
