package server

import (
	"context"
	"net/http"
)

// ClientSession is the session a tool handler is called in.
type ClientSession interface {
	SessionID() string
}

// streamableSession keeps the id its request carried, as the real one
// does once the id is validated.
type streamableSession struct{ id string }

func (s *streamableSession) SessionID() string { return s.id }

type sessionKey struct{}

// ServeHTTP stands in for the transport: it puts the request's session
// in the context the tool handlers get.
func (s *StreamableHTTPServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sess := &streamableSession{id: r.Header.Get("Mcp-Session-Id")}
	_ = context.WithValue(r.Context(), sessionKey{}, ClientSession(sess))
	w.WriteHeader(http.StatusAccepted)
}

// ClientSessionFromContext returns the session a tool handler runs in.
func ClientSessionFromContext(ctx context.Context) ClientSession {
	s, _ := ctx.Value(sessionKey{}).(ClientSession)
	return s
}
