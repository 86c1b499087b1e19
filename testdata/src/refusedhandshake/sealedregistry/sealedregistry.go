// Package sealedregistry: the handler opens a session for an initialize
// through an interface of its own, whose one implementation calls another
// package's registrar, and a later step handed the writer may refuse the
// initialize without closing it.
package sealedregistry

import (
	"encoding/json"
	"net/http"

	"fixtures/refusedhandshake/sealedregistry/ledger"
)

// sessions is sealed: its unexported methods keep other packages' types
// out, so the adapter below is what a call runs.
type sessions interface {
	begin() *ledger.Entry
	lookup(id string) (*ledger.Entry, bool)
	end(id string)
}

type ledgerSessions struct{ l *ledger.Ledger }

func (s ledgerSessions) begin() *ledger.Entry                   { return s.l.Open() }
func (s ledgerSessions) lookup(id string) (*ledger.Entry, bool) { return s.l.Find(id) }
func (s ledgerSessions) end(id string)                          { s.l.Close(id) }

type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type Engine interface {
	Handle(method string, params json.RawMessage) (any, error)
}

type Handler struct {
	sessions sessions
	engine   Engine
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	initializing := env.Method == "initialize"
	var entry *ledger.Entry
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		found, ok := h.sessions.lookup(id)
		if !ok {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		entry = found
	} else if initializing {
		entry = h.sessions.begin() // want `a session is registered in open before the handshake is accepted, and a later refusal answers an error without removing it`
	} else {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	h.answer(w, env, entry)
}

// answer fails when the engine does, before it names the session.
func (h *Handler) answer(w http.ResponseWriter, env envelope, entry *ledger.Entry) {
	result, err := h.engine.Handle(env.Method, env.Params)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", entry.ID)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": result})
}

// Direct hands an initialize to the handshake's own function, which opens
// the session in the ledger before it reads the params: the entry is made
// and refused there, and the call that returns its answer adds nothing.
type Direct struct {
	ledger *ledger.Ledger
}

func (d *Direct) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if env.Method == "initialize" {
		d.initialize(w, env)
		return
	}
	if r.Header.Get("Mcp-Session-Id") == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{}})
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
}

func (d *Direct) initialize(w http.ResponseWriter, env envelope) {
	entry := d.ledger.Open() // want `a session is registered in open before the handshake is accepted, and a later refusal answers an error without removing it`
	var p initParams
	if err := json.Unmarshal(env.Params, &p); err != nil {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", entry.ID)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": env.ID, "result": map[string]any{"protocolVersion": p.ProtocolVersion}})
}
