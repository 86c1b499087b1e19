package carriedid

import (
	"net/http"
	"sync"
)

// checked hands on only an id it found in the table.
type checked struct{ b *bridge }

func (c *checked) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := sessionOf(r)
	if id == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	if !c.b.known(id) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	c.open(w, id)
}

func (c *checked) open(w http.ResponseWriter, id string) {
	conn := c.b.connFor(id)
	w.Header().Set("Content-Type", "text/event-stream")
	for ev := range conn.events {
		_, _ = w.Write(ev)
	}
}

// opened makes the session itself (a LoadOrStore keyed by the id) before
// handing the id on: what the callee makes under it belongs to that
// session, so the callee is not judged. The session is judged where it is
// made: under the client's own id when one came, never checked.
type opened struct {
	b        *bridge
	sessions sync.Map
}

func (o *opened) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		id = mint()
	}
	o.sessions.LoadOrStore(id, &conn{id: id}) // want `creates a session under the client's Mcp-Session-Id, never checked`
	o.attach(w, id)
}

func (o *opened) attach(w http.ResponseWriter, id string) {
	conn := o.b.connFor(id)
	w.Header().Set("Content-Type", "text/event-stream")
	for ev := range conn.events {
		_, _ = w.Write(ev)
	}
}
