// Package good: the same pool, used rightly: a backend is acquired only for
// an initialize, and a stream that acquires one for its own lifetime
// releases it when it ends.
package good

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"fixtures/refusedhandshake/perbackend/backends"
)

type Proxy struct {
	pool *backends.Pool
}

func (p *Proxy) sessionOf(r *http.Request) string {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		return id
	}
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (p *Proxy) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/mcp", p.serve)
	mux.HandleFunc("/stream", p.stream)
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if msg.Method != "initialize" {
		http.Error(w, "initialize first", http.StatusBadRequest)
		return
	}
	id := p.sessionOf(r)
	if _, err := p.pool.Acquire(id, "server"); err != nil {
		http.Error(w, "backend unavailable", http.StatusBadGateway)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
}

func (p *Proxy) stream(w http.ResponseWriter, r *http.Request) {
	id := p.sessionOf(r)
	defer p.pool.Release(id)
	if _, err := p.pool.Acquire(id, "server"); err != nil {
		http.Error(w, "backend unavailable", http.StatusBadGateway)
		return
	}
	<-r.Context().Done()
}
