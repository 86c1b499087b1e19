// Package fiber stands in for fiber v2 in the analyzer fixtures: the
// context type and the methods through which a handler reads a request and
// answers, which the analyzers recognise by import path and name. Bodies
// are empty: the analyzers read fiber's answers from the call.
package fiber

// Map is a JSON object.
type Map map[string]interface{}

// Handler is a handler; its error is answered by the app's error handler.
type Handler = func(*Ctx) error

// Ctx is one request's context.
type Ctx struct{}

// Get returns a request header.
func (c *Ctx) Get(key string, defaultValue ...string) string { return "" }

// Set sets a response header.
func (c *Ctx) Set(key, val string) {}

// Status sets the answer's status.
func (c *Ctx) Status(status int) *Ctx { return c }

// JSON writes data as JSON with the status set before, 200 when none was.
func (c *Ctx) JSON(data interface{}, ctype ...string) error { return nil }

// SendStatus answers with the status alone.
func (c *Ctx) SendStatus(status int) error { return nil }

// SendString writes a text body.
func (c *Ctx) SendString(body string) error { return nil }

// Body returns the request body.
func (c *Ctx) Body() []byte { return nil }

// BodyParser decodes the request body into out.
func (c *Ctx) BodyParser(out interface{}) error { return nil }

// Error is an error carrying a status.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// NewError returns an error answered with the status.
func NewError(code int, message ...string) *Error {
	err := &Error{Code: code}
	if len(message) > 0 {
		err.Message = message[0]
	}
	return err
}
