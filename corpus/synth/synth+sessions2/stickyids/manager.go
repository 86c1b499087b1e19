// Package stickyids is a SessionIdManager for mcp-go that survives restarts
// of a single replica: ids are remembered in a small on-disk journal and
// reloaded at start-up, so clients keep their sessions across deploys.
package stickyids

import (
	"bufio"
	"crypto/rand"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

type record struct {
	seen       time.Time
	terminated bool
}

type Manager struct {
	mu      sync.Mutex
	ids     map[string]*record
	journal *os.File
}

var _ server.SessionIdManager = (*Manager)(nil)

func Open(path string) (*Manager, error) {
	m := &Manager{ids: make(map[string]*record)}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			id, state, _ := strings.Cut(sc.Text(), " ")
			m.ids[id] = &record{seen: time.Now(), terminated: state == "x"}
		}
		f.Close()
	}
	j, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	m.journal = j
	return m, nil
}

func (m *Manager) note(id, state string) {
	fmt.Fprintf(m.journal, "%s %s\n", id, state)
}

func (m *Manager) Generate() string {
	id := "mcp-" + rand.Text()
	m.mu.Lock()
	m.ids[id] = &record{seen: time.Now()}
	m.note(id, "+")
	m.mu.Unlock()
	return id
}

func (m *Manager) Validate(sessionID string) (isTerminated bool, err error) {
	if !strings.HasPrefix(sessionID, "mcp-") {
		return false, fmt.Errorf("malformed session id %q", sessionID)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	rec, ok := m.ids[sessionID]
	if !ok {
		// Probably minted before the journal was rotated; keep it going.
		rec = &record{}
		m.ids[sessionID] = rec
		m.note(sessionID, "+")
	}
	rec.seen = time.Now()
	return rec.terminated, nil
}

func (m *Manager) Terminate(sessionID string) (isNotAllowed bool, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if rec, ok := m.ids[sessionID]; ok {
		rec.terminated = true
		m.note(sessionID, "x")
	}
	return false, nil
}

// NewServer wires the manager into a Streamable HTTP server.
func NewServer(s *server.MCPServer, m *Manager) *server.StreamableHTTPServer {
	return server.NewStreamableHTTPServer(s,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdManager(m),
	)
}
