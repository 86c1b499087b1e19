// Package mcpgofront runs the mark3labs/mcp-go Streamable HTTP server with a
// session id manager backed by the team's shared registry.
package mcpgofront

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

const idPrefix = "wk_"

var errBadID = errors.New("malformed session id")

// registryIDs implements server.SessionIdManager.
type registryIDs struct {
	mu      sync.Mutex
	live    map[string]time.Time
	ended   map[string]time.Time
	maxIdle time.Duration
}

func newRegistryIDs(maxIdle time.Duration) *registryIDs {
	return &registryIDs{live: map[string]time.Time{}, ended: map[string]time.Time{}, maxIdle: maxIdle}
}

func (m *registryIDs) Generate() string {
	id := idPrefix + uuid.NewString()
	m.mu.Lock()
	m.live[id] = time.Now()
	m.mu.Unlock()
	return id
}

func (m *registryIDs) Validate(sessionID string) (isTerminated bool, err error) {
	if sessionID == "" {
		return false, errors.New("session id required")
	}
	if !strings.HasPrefix(sessionID, idPrefix) {
		return false, errBadID
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, gone := m.ended[sessionID]; gone {
		return true, nil
	}
	last, ok := m.live[sessionID]
	if !ok {
		return false, fmt.Errorf("session %q not registered", sessionID)
	}
	if time.Since(last) > m.maxIdle {
		delete(m.live, sessionID)
		m.ended[sessionID] = time.Now()
		return true, nil
	}
	m.live[sessionID] = time.Now()
	return false, nil
}

func (m *registryIDs) Terminate(sessionID string) (isNotAllowed bool, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.live[sessionID]; ok {
		delete(m.live, sessionID)
		m.ended[sessionID] = time.Now()
	}
	return false, nil
}
