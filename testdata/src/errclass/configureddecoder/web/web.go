// Package web is a small web framework of the kind handlers are written
// on: the application is configured with the function that decodes JSON,
// and a request's context parses its body with it.
package web

import "context"

// Config is how an application is set up.
type Config struct {
	// JSONDecoder decodes a request body; any function with
	// json.Unmarshal's shape will do (a faster codec, a lenient one).
	JSONDecoder func(data []byte, v any) error
}

// App is a configured application.
type App struct{ config Config }

// New returns an application configured by c.
func New(c Config) *App { return &App{config: c} }

// Ctx is one request as a handler sees it.
type Ctx struct {
	app  *App
	ctx  context.Context
	body []byte
}

// Context is the request's context.
func (c *Ctx) Context() context.Context { return c.ctx }

// NewCtx returns the context of a request whose body is body.
func (a *App) NewCtx(body []byte) *Ctx { return &Ctx{app: a, ctx: context.Background(), body: body} }

// BodyParser decodes the request's body into out with the configured
// decoder.
func (c *Ctx) BodyParser(out any) error {
	return c.app.config.JSONDecoder(c.body, out)
}
