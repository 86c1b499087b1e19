// Package storedid: a proxy that holds one session per backend in a
// field, hands that id out as the answer's Mcp-Session-Id, and compares
// the request's id with it. A request whose id is not the one held is
// unknown to the proxy: 404.
package storedid

import (
	"encoding/json"
	"log"
	"net/http"
	"sync"
)

type backend struct {
	mu      sync.Mutex
	session string
	url     string
}

type proxy struct{ b *backend }

func (p *proxy) call(body []byte) (json.RawMessage, error) { return body, nil }

// The mismatch is only logged; the request goes on and is answered 200.
func (p *proxy) post(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	p.b.mu.Lock()
	if id != "" && id != p.b.session { // want `an Mcp-Session-Id other than the one held in session is only noted, then served: answer 404 unless initialize`
		log.Printf("client session %s is not %s", id, p.b.session)
	}
	p.b.mu.Unlock()
	out, err := p.call(nil)
	if err != nil {
		http.Error(w, "upstream failed", http.StatusBadGateway)
		return
	}
	w.Header().Set("Mcp-Session-Id", p.b.session)
	json.NewEncoder(w).Encode(out)
}

// Right: a mismatch is refused 404.
func (p *proxy) postChecked(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != "" && id != p.b.session {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	out, _ := p.call(nil)
	w.Header().Set("Mcp-Session-Id", p.b.session)
	json.NewEncoder(w).Encode(out)
}

// Right: the client's id takes the held one's place and goes upstream,
// whose own check answers it.
func (p *proxy) postForwarded(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != p.b.session {
		log.Printf("switching to %s", id)
		p.b.session = id
	}
	out, _ := p.call([]byte(id))
	w.Header().Set("Mcp-Session-Id", p.b.session)
	json.NewEncoder(w).Encode(out)
}

// Right: the id is forwarded after the note, so the backend judges it.
func (p *proxy) postRelayed(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id != p.b.session {
		log.Printf("client session %s is not %s", id, p.b.session)
	}
	out, _ := p.call([]byte(id))
	json.NewEncoder(w).Encode(out)
}

// Right: the comparison is only in the initialize's branch.
func (p *proxy) initialize(w http.ResponseWriter, r *http.Request) {
	var m struct {
		Method string `json:"method"`
	}
	_ = json.NewDecoder(r.Body).Decode(&m)
	if m.Method == "initialize" {
		if id := r.Header.Get("Mcp-Session-Id"); id != p.b.session {
			log.Printf("initialize with a stale id %s", id)
		}
		w.Header().Set("Mcp-Session-Id", p.b.session)
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
}
