package goccyproxy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/goccy/go-json"
)

var errUnknownTenant = errors.New("goccyproxy: unknown tenant")

// Resolver asks the service catalogue where a tenant's MCP server lives
// and caches the answer for a minute.
type Resolver struct {
	catalog string
	hc      *http.Client

	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	u   *url.URL
	exp time.Time
}

func NewResolver(catalogURL string) *Resolver {
	return &Resolver{catalog: catalogURL, hc: &http.Client{Timeout: 3 * time.Second}, cache: map[string]cached{}}
}

func (r *Resolver) Resolve(ctx context.Context, tenant string) (*url.URL, error) {
	r.mu.Lock()
	c, ok := r.cache[tenant]
	r.mu.Unlock()
	if ok && time.Now().Before(c.exp) {
		return c.u, nil
	}

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.catalog+"/v1/services/mcp/"+url.PathEscape(tenant), nil)
	if err != nil {
		return nil, err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, errUnknownTenant
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("catalog: status %d", resp.StatusCode)
	}
	var entry struct {
		Address string `json:"address"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&entry); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	u, err := url.Parse(entry.Address)
	if err != nil {
		return nil, fmt.Errorf("catalog: bad address %q: %w", entry.Address, err)
	}
	r.mu.Lock()
	r.cache[tenant] = cached{u: u, exp: time.Now().Add(time.Minute)}
	r.mu.Unlock()
	return u, nil
}
