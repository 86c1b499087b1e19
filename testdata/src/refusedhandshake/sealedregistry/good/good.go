// Package good: the same wiring, silent. One handler takes the entry out
// through the interface when the initialize is refused; one reaches the
// registrar through an interface other packages may implement, whose
// implementations are out of sight.
package good

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"fixtures/refusedhandshake/sealedregistry/ledger"
)

type sessions interface {
	begin() *ledger.Entry
	end(id string)
}

type ledgerSessions struct{ l *ledger.Ledger }

func (s ledgerSessions) begin() *ledger.Entry { return s.l.Open() }
func (s ledgerSessions) end(id string)        { s.l.Close(id) }

type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

type RollsBack struct {
	sessions sessions
}

func (h *RollsBack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Mcp-Session-Id") != "" || env.Method != "initialize" {
		http.Error(w, "not served here", http.StatusNotFound)
		return
	}
	entry := h.sessions.begin()
	var p initParams
	if err := json.Unmarshal(env.Params, &p); err != nil {
		h.sessions.end(entry.ID)
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", entry.ID)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{}})
}

// Opener is exported with exported methods: a type of another package
// may implement it, and what Open does there is not known.
type Opener interface {
	Open() *ledger.Entry
}

type Open struct {
	sessions Opener
}

func (h *Open) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Mcp-Session-Id") != "" || env.Method != "initialize" {
		http.Error(w, "not served here", http.StatusNotFound)
		return
	}
	entry := h.sessions.Open()
	var p initParams
	if err := json.Unmarshal(env.Params, &p); err != nil {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", entry.ID)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{}})
}

// Calls holds an entry per tool call, under an id of its own, in a case
// of the method switch other than initialize's: nothing says that table
// holds sessions.
type Calls struct {
	ledger *ledger.Ledger
	engine interface {
		Call(params json.RawMessage) (any, error)
	}
}

func (c *Calls) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	switch env.Method {
	case "initialize":
		w.Header().Set("Mcp-Session-Id", r.Header.Get("X-Request-Id"))
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{}})
	case "tools/call":
		c.call(w, env)
	}
}

func (c *Calls) call(w http.ResponseWriter, env envelope) {
	id := fmt.Sprintf("call-%d", time.Now().UnixNano())
	c.ledger.Hold(id)
	out, err := c.engine.Call(env.Params)
	if err != nil {
		http.Error(w, "tool failed", http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": out})
}
