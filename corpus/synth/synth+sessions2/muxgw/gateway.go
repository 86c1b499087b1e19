// Package muxgw exposes backend tool servers through one MCP endpoint,
// routed with gorilla/mux.
package muxgw

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"
)

type Backend interface {
	Serve(ctx context.Context, sess *Session, w http.ResponseWriter, r *http.Request)
	Open(ctx context.Context, w http.ResponseWriter, r *http.Request) (*Session, bool)
}

type Gateway struct {
	reg     *Registry
	backend Backend
}

func New(reg *Registry, backend Backend) *Gateway { return &Gateway{reg: reg, backend: backend} }

func (g *Gateway) Routes(r *mux.Router) {
	s := r.PathPrefix("/mcp").Subrouter()
	s.HandleFunc("", g.handleInitialize).Methods(http.MethodPost).MatcherFunc(isInitialize)
	s.HandleFunc("", g.handleSession).Methods(http.MethodPost, http.MethodGet)
	s.HandleFunc("", g.handleClose).Methods(http.MethodDelete)
}

func (g *Gateway) authorizeSession(r *http.Request) (status int, sess *Session) {
	status = http.StatusOK
	id := sessionIDFrom(r)
	switch {
	case len(id) == 0:
		status = http.StatusUnauthorized
	case !validID(id):
		status = http.StatusBadRequest
	default:
		if s := g.reg.Lookup(id); s == nil {
			status = http.StatusNotFound
		} else {
			sess = s
		}
	}
	return status, sess
}

var statusMessages = map[int]string{
	http.StatusUnauthorized: "session required",
	http.StatusBadRequest:   "Bad Request: malformed Mcp-Session-Id",
	http.StatusNotFound:     "Session not found",
}

func (g *Gateway) handleSession(w http.ResponseWriter, r *http.Request) {
	status, sess := g.authorizeSession(r)
	if status != http.StatusOK {
		code := -32000
		if status == http.StatusNotFound {
			code = -32001
		}
		writeErr(w, status, code, statusMessages[status])
		return
	}
	g.backend.Serve(r.Context(), sess, w, r)
}

func (g *Gateway) handleInitialize(w http.ResponseWriter, r *http.Request) {
	if sess, ok := g.backend.Open(r.Context(), w, r); ok {
		g.reg.Register(sess)
	}
}

func (g *Gateway) handleClose(w http.ResponseWriter, r *http.Request) {
	id := sessionIDFrom(r)
	if id == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if err := g.reg.Close(id); err != nil {
		writeErr(w, http.StatusInternalServerError, -32603, err.Error())
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
