// Package mcpgoids: session id managers handed to mcp-go. One mints ids
// and then accepts and ends any id; one looks ids up; one is stateless.
package mcpgoids

import (
	"crypto/rand"
	"encoding/hex"
	"sync"

	"github.com/mark3labs/mcp-go/server"
)

type lenient struct{}

func (lenient) Generate() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (lenient) Validate(string) (bool, error) { return false, nil } // want `lenient.Validate accepts every Mcp-Session-Id without reading it`

func (lenient) Terminate(id string) (bool, error) { // want `lenient.Terminate ends every Mcp-Session-Id without reading it`
	return false, nil
}

type tracked struct {
	mu   sync.Mutex
	live map[string]bool
}

func (t *tracked) Generate() string { return "s-" + hex.EncodeToString([]byte{1, 2}) }

func (t *tracked) Validate(id string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.live[id], nil
}

func (t *tracked) Terminate(id string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.live, id)
	return false, nil
}

// stateless mints no id: mcp-go checks none, rightly.
type stateless struct{}

func (stateless) Generate() string               { return "" }
func (stateless) Validate(string) (bool, error)  { return false, nil }
func (stateless) Terminate(string) (bool, error) { return false, nil }

func servers() []*server.StreamableHTTPServer {
	return []*server.StreamableHTTPServer{
		server.NewStreamableHTTPServer(server.WithSessionIdManager(lenient{})),
		server.NewStreamableHTTPServer(server.WithSessionIdManager(&tracked{live: map[string]bool{}})),
		server.NewStreamableHTTPServer(server.WithSessionIdManager(stateless{})),
	}
}
