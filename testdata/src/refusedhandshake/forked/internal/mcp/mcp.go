// Package mcp stands for a copy of the SDK under another import path (a
// fork, a vendored copy, an earlier home such as an internal/mcp package):
// the same names and shapes as go-sdk's, in our own minimal words.
package mcp

import (
	"context"
	"net/http"
)

type Transport interface{ isTransport() }

type Server struct{}

type ServerSession struct{}

func (*ServerSession) Close() error                { return nil }
func (*ServerSession) Wait() error                 { return nil }
func (*ServerSession) InitializeParams() *struct{} { return nil }
func (*Server) Connect(context.Context, Transport) (*ServerSession, error) {
	return &ServerSession{}, nil
}
func (*Server) Run(context.Context, Transport) error { return nil }

// StreamableServerTransport keeps its session id private: it is set by the
// constructor, as in the SDK's earliest releases.
type StreamableServerTransport struct{ id string }

func NewStreamableServerTransport(sessionID string) *StreamableServerTransport {
	return &StreamableServerTransport{id: sessionID}
}

func (*StreamableServerTransport) isTransport()                                 {}
func (*StreamableServerTransport) ServeHTTP(http.ResponseWriter, *http.Request) {}
