package tablebeforeinit

import (
	"encoding/json"
	"net/http"
)

// Strict registers only for an initialize: the test of the method comes
// first.
type Strict struct{ g Gateway }

func (s *Strict) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		if msg.Method != "initialize" {
			http.Error(w, "missing session id", http.StatusBadRequest)
			return
		}
		id = newID()
		s.g.attach(id)
		w.Header().Set("Mcp-Session-Id", id)
	}
	w.WriteHeader(http.StatusOK)
}

// Probing registers first and takes the entry out again unless the
// request turned out to be an accepted initialize.
type Probing struct{ g Gateway }

func (p *Probing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" {
		w.WriteHeader(http.StatusOK)
		return
	}
	id = newID()
	p.g.attach(id)
	accepted := false
	defer func() {
		if !accepted {
			p.g.mu.Lock()
			delete(p.g.conns, id)
			p.g.mu.Unlock()
		}
	}()
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil || msg.Method != "initialize" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	accepted = true
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}

// Kept mints only for an initialize and refuses any other request
// without an id before the registration after the test.
type Kept struct{ g Gateway }

func (k *Kept) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		Method string `json:"method"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && msg.Method != "initialize" {
		http.Error(w, "missing session id", http.StatusBadRequest)
		return
	}
	if id == "" {
		id = newID()
	}
	k.g.attach(id)
	w.Header().Set("Mcp-Session-Id", id)
	w.WriteHeader(http.StatusOK)
}
