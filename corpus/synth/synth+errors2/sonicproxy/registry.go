package sonicproxy

import (
	"strings"
	"sync"
)

// Upstream is one MCP server aggregated behind the proxy. Its tools are
// exposed as "<prefix>__<tool>".
type Upstream struct {
	Prefix string
	URL    string
	Token  string
}

type Registry struct {
	mu  sync.RWMutex
	ups map[string]Upstream
}

func NewRegistry(ups ...Upstream) *Registry {
	r := &Registry{ups: map[string]Upstream{}}
	for _, u := range ups {
		r.ups[u.Prefix] = u
	}
	return r
}

// Resolve splits a namespaced tool name and returns its upstream.
func (r *Registry) Resolve(name string) (Upstream, string, bool) {
	prefix, tool, ok := strings.Cut(name, "__")
	if !ok {
		return Upstream{}, "", false
	}
	r.mu.RLock()
	u, found := r.ups[prefix]
	r.mu.RUnlock()
	return u, tool, found
}
