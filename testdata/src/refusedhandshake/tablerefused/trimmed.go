package tablerefused

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"fixtures/refusedhandshake/tablerefused/uuid"
)

// A header read through strings.TrimSpace is the header still: an id
// replaced by a minted one when the request carries none is fresh on that
// path. Two registrations in one table that the same refusal leaves
// behind are one finding.

type conn struct{ id string }

type Gateway struct {
	conns  sync.Map
	engine func(json.RawMessage) any
}

func (g *Gateway) attach(id string) *conn {
	if c, ok := g.conns.Load(id); ok {
		return c.(*conn)
	}
	c, _ := g.conns.LoadOrStore(id, &conn{id: id})
	return c.(*conn)
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := strings.TrimSpace(r.Header.Get("Mcp-Session-Id"))
	if id == "" && req.Method != "initialize" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if id == "" {
		id = uuid.NewString()
	}
	g.conns.LoadOrStore(id, &conn{id: id}) // want `a session is registered in conns and its id put on the answer before the handshake is accepted, and a later refusal answers an error without removing it`
	_ = g.attach(id)
	w.Header().Set("Mcp-Session-Id", id)
	out, err := json.Marshal(g.engine(req.Params))
	if err != nil {
		http.Error(w, "encode failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(out)
}

// DELETE ends a session; the table is keyed by the request's id.
func (g *Gateway) end(w http.ResponseWriter, r *http.Request) {
	if _, ok := g.conns.LoadAndDelete(r.Header.Get("Mcp-Session-Id")); !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
