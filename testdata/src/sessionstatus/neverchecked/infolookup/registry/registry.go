// Package registry keeps the sessions a server opened; Info is a lookup,
// not a logger's level, though it shares the name.
package registry

import "sync"

type Entry struct{ Opened int64 }

type Registry struct {
	mu   sync.Mutex
	open map[string]Entry
	n    int64
}

// New opens a session and returns its id.
func (g *Registry) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n++
	id := string(rune('a' + g.n%26))
	g.open[id] = Entry{Opened: g.n}
	return id
}

// Info looks a session up by its id.
func (g *Registry) Info(id string) (Entry, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.open[id]
	return e, ok
}
