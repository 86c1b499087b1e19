// Package server stands in for mcp-go's server package: only the session
// id manager option the analyzers recognise.
package server

// SessionIdManager decides about the Mcp-Session-Id of each request.
type SessionIdManager interface {
	Generate() string
	Validate(sessionID string) (isTerminated bool, err error)
	Terminate(sessionID string) (isNotAllowed bool, err error)
}

// StreamableHTTPOption configures the stand-in server.
type StreamableHTTPOption func(*StreamableHTTPServer)

// StreamableHTTPServer is the stand-in server.
type StreamableHTTPServer struct{ ids SessionIdManager }

// WithSessionIdManager sets the manager.
func WithSessionIdManager(m SessionIdManager) StreamableHTTPOption {
	return func(s *StreamableHTTPServer) { s.ids = m }
}

// NewStreamableHTTPServer builds the stand-in server.
func NewStreamableHTTPServer(opts ...StreamableHTTPOption) *StreamableHTTPServer {
	s := &StreamableHTTPServer{}
	for _, o := range opts {
		o(s)
	}
	return s
}
