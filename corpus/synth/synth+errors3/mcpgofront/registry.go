package mcpgofront

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type memRegistry struct {
	mu  sync.Mutex
	ids map[string]struct{}
}

func NewMemRegistry() SessionRegistry { return &memRegistry{ids: map[string]struct{}{}} }

func (m *memRegistry) Add(_ context.Context, id string) error {
	m.mu.Lock()
	m.ids[id] = struct{}{}
	m.mu.Unlock()
	return nil
}

func (m *memRegistry) Exists(_ context.Context, id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.ids[id]
	return ok, nil
}

func RandomID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

func NewEchoServer() *server.MCPServer {
	s := server.NewMCPServer("echo-front", "0.1.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("echo",
		mcp.WithDescription("Echo the message back"),
		mcp.WithString("message", mcp.Required()),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		msg, err := req.RequireString("message")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(msg), nil
	})
	return s
}
