// Package perbackend: every request without Mcp-Session-Id gets a fresh id
// and a started, kept backend before its body is read, whatever its method;
// the registrar is another package's.
package perbackend

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	"fixtures/refusedhandshake/perbackend/backends"
)

type Proxy struct {
	pool *backends.Pool
}

// sessionOf is the client's id, or a new one for a request that has none.
func (p *Proxy) sessionOf(r *http.Request) string {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		return id
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return fmt.Sprintf("s-%d", time.Now().UnixNano())
	}
	return hex.EncodeToString(b)
}

func (p *Proxy) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", p.serve)
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	id := p.sessionOf(r)
	backend, err := p.pool.Acquire(id, "server") // want `a session is registered in bySes under a freshly minted id whatever the request's method`
	if err != nil {
		http.Error(w, "backend unavailable", http.StatusBadGateway)
		return
	}
	forward(w, r, backend)
}

func forward(w http.ResponseWriter, r *http.Request, b *backends.Backend) {}
