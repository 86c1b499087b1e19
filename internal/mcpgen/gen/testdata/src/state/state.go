package mcphandler

import (
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Session is what one client's session keeps between its calls.
//
//mcpgen:state
type Session struct {
	mu    sync.Mutex
	User  string   `json:"user"`
	Notes []string `json:"notes"`
}

// NewSession builds a session's state when its handshake is accepted.
func NewSession(_ *http.Request, principal string, _ *mcp.InitializeParams) (*Session, error) {
	return &Session{User: principal}, nil
}

// Close releases the session's state.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Notes = nil
	return nil
}
