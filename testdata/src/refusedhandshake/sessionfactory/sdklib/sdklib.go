// Package sdklib exports helpers that build and connect a go-sdk transport
// and return the session: their callers own it.
package sdklib

import (
	"context"
	"crypto/rand"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Connect builds a transport, connects it and returns both.
func Connect(ctx context.Context, s *mcp.Server) (*mcp.StreamableServerTransport, *mcp.ServerSession, error) { // want Connect:`sessionFactory\(1/3\)`
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := s.Connect(ctx, t, nil)
	if err != nil {
		return nil, nil, err
	}
	return t, ss, nil
}

// Session wraps Connect and returns its session first.
func Session(ctx context.Context, s *mcp.Server) (*mcp.ServerSession, *mcp.StreamableServerTransport) { // want Session:`sessionFactory\(0/2\)`
	t, ss, err := Connect(ctx, s)
	if err != nil {
		return nil, nil
	}
	return ss, t
}

// Tracked keeps the session in a registry as well: handed on, not a factory.
var registry []*mcp.ServerSession

func Tracked(ctx context.Context, s *mcp.Server) (*mcp.StreamableServerTransport, *mcp.ServerSession) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, _ := s.Connect(ctx, t, nil)
	registry = append(registry, ss)
	return t, ss
}

// Given connects a transport it did not build: not a factory, but a
// wrapper of Connect; its callers own the session.
func Given(ctx context.Context, s *mcp.Server, t *mcp.StreamableServerTransport) (*mcp.ServerSession, error) { // want Given:`connector\(t=2, 0/2\)`
	return s.Connect(ctx, t, nil)
}
