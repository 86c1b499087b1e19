// Package routedendpoint: handlers that carry no mark of MCP themselves
// are on MCP's endpoint because a router registers them at an MCP path,
// through middleware, a sub-router, a group or a type's ServeHTTP, or because they
// decode a JSON-RPC message. Each answers 400 for its database's failure
// and is reported; the same handler at a REST path is not.
package routedendpoint

import (
	"database/sql"
	"encoding/json"
	"net/http"
)

type app struct{ db *sql.DB }

// router is the shape of chi's: a sub-router under a path.
type router interface {
	Route(pattern string, fn func(r router))
	Post(pattern string, h http.HandlerFunc)
}

// engine and group are the shape of gin's: routes under a group's path.
type engine interface {
	Group(path string) group
}

type group interface {
	POST(path string, h http.HandlerFunc)
}

func auth(next http.Handler) http.Handler { return next }

func (a *app) routes(mux *http.ServeMux, r router, e engine) {
	g := e.Group("/mcp")
	g.POST("", a.grouped)
	g.POST("/usage", a.usage)
	mux.Handle("/mcp/{tenant}", auth(http.HandlerFunc(a.wrapped)))
	mux.Handle("/v2/mcp", &stream{db: a.db})
	r.Route("/rpc/mcp", func(r router) {
		r.Post("/", a.sub)
	})
	mux.HandleFunc("POST /api/tools", a.rest)
}

func (a *app) wrapped(w http.ResponseWriter, r *http.Request) {
	if _, err := a.db.ExecContext(r.Context(), "insert into calls default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
	}
}

func (a *app) sub(w http.ResponseWriter, r *http.Request) {
	if _, err := a.db.ExecContext(r.Context(), "insert into calls default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
	}
}

func (a *app) grouped(w http.ResponseWriter, r *http.Request) {
	if _, err := a.db.ExecContext(r.Context(), "insert into calls default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
	}
}

// usage is a route the /mcp group registers under a path of its own:
// MCP's endpoint is one path, and this route is beside it.
func (a *app) usage(w http.ResponseWriter, r *http.Request) {
	if _, err := a.db.ExecContext(r.Context(), "insert into calls default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

// rest is a REST route's: not MCP's endpoint.
func (a *app) rest(w http.ResponseWriter, r *http.Request) {
	if _, err := a.db.ExecContext(r.Context(), "insert into calls default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

type stream struct{ db *sql.DB }

func (s *stream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.ExecContext(r.Context(), "insert into streams default values"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
	}
}

// envelope is a JSON-RPC request by its members, without "jsonrpc".
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type request struct {
	envelope
	Meta map[string]any `json:"_meta"`
}

// Exported and mounted elsewhere; what it decodes says it is MCP's.
func (a *app) Dispatch(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	if _, err := a.db.ExecContext(r.Context(), "insert into calls values ($1)", req.Method); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*sql.DB\).ExecContext`
	}
}
