// Package fiber is a stand-in with the shape of fiber's Ctx API that the
// analyzers recognise; it is not fiber.
package fiber

// Ctx is a request's context.
type Ctx struct{}

func (c *Ctx) Get(key string, defaultValue ...string) string { return "" }
func (c *Ctx) Status(status int) *Ctx                        { return c }
func (c *Ctx) SendStatus(status int) error                   { return nil }
func (c *Ctx) JSON(data any, ctype ...string) error          { return nil }
func (c *Ctx) Method(override ...string) string              { return "" }
func (c *Ctx) Body() []byte                                  { return nil }

// Error is an error with the status fiber's error handler answers.
type Error struct {
	Code    int
	Message string
}

func (e *Error) Error() string { return e.Message }

// NewError is an error answered with code.
func NewError(code int, message ...string) *Error { return &Error{Code: code} }

// StatusGone is HTTP 410.
const StatusGone = 410

// MethodDelete is the DELETE method.
const MethodDelete = "DELETE"

// Map is a shortcut for map[string]interface{}.
type Map map[string]interface{}

// Predefined errors, answered with their status by fiber's error handler.
var (
	ErrUnauthorized = NewError(401)
	ErrNotFound     = NewError(404)
)
