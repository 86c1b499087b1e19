// Package anyof: a branch taken when any one of several tests holds
// (a || b, the else of a && b) answers every request meeting one of them.
// A missing id and an unknown one in one branch get one answer, right for
// neither both; an unknown id or-ed with a test of its entry gets the
// branch's answer too.
package anyof

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type conn struct {
	ready   bool
	expired bool
	owner   string
}

type validator interface {
	Validate(id string) error
}

type hub struct {
	mu    sync.Mutex
	conns map[string]*conn
	live  map[string]bool
	byID  sync.Map
	check validator
}

func (h *hub) find(id string) *conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.conns[id]
}

func writeRPC(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg},
	})
}

// Bad: a DELETE folding no id into the miss, answered 404.
func (h *hub) endOr(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	_, ok := h.conns[id]
	if id == "" || !ok {
		http.Error(w, "no such session", http.StatusNotFound) // want `answers 404 both to a missing and to an unknown Mcp-Session-Id \(h.conns\[id\]\)`
		return
	}
	delete(h.conns, id)
	w.WriteHeader(http.StatusNoContent)
}

// Bad: a nil-able lookup through a helper, the miss first, answered 400.
func (h *hub) postNil(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("mcp-session-id")
	c := h.find(sid)
	if c == nil || len(sid) == 0 {
		http.Error(w, "session required", http.StatusBadRequest) // want `answers 400 both to a missing and to an unknown Mcp-Session-Id \(h.find\(...\)\)`
		return
	}
	_ = c
}

// Bad: the else of a conjunction is taken when either test fails.
func (h *hub) getElse(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if v, ok := h.byID.Load(id); id != "" && ok {
		_ = v
		w.WriteHeader(http.StatusOK)
	} else {
		w.WriteHeader(http.StatusUnauthorized) // want `answers 401 both to a missing and to an unknown Mcp-Session-Id \(h.byID.Load\(...\)\)`
	}
}

// Bad: the conjunction negated, over a set of live ids.
func (h *hub) postNegated(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if !(id != "" && h.live[id]) {
		http.Error(w, "bad session", http.StatusForbidden) // want `answers 403 both to a missing and to an unknown Mcp-Session-Id \(h.live\[id\]\)`
		return
	}
}

// Bad: a validator's failure or no id, answered 401.
func (h *hub) postValidated(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	err := h.check.Validate(id)
	if len(id) == 0 || err != nil {
		http.Error(w, "invalid session", http.StatusUnauthorized) // want `answers 401 both to a missing and to an unknown Mcp-Session-Id \(h.check.Validate\(...\)\)`
		return
	}
}

// Bad: an unknown id or an entry not ready, answered as a JSON-RPC error
// with 200, in the branch of every method but initialize.
func (h *hub) postNotReady(w http.ResponseWriter, r *http.Request, method string) {
	c := h.find(r.Header.Get("Mcp-Session-Id"))
	if method == "initialize" {
		c = &conn{ready: true}
	} else if c == nil || !c.ready {
		writeRPC(w, -32600, "session not found or not initialized") // want `answers 200 to an unknown or expired Mcp-Session-Id \(h.find\(...\)\): answer 404`
		return
	}
	_ = c
}

// Bad: an unknown id or an expired entry, answered 401.
func (h *hub) postExpired(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	c, ok := h.conns[id]
	if !ok || c.expired {
		http.Error(w, "session expired", http.StatusUnauthorized) // want `answers 401 to an unknown or expired Mcp-Session-Id \(h.conns\[id\]\): answer 404`
		return
	}
}

// Right: the missing id was refused before, so the merge only sees an
// unknown one, answered 404.
func (h *hub) guarded(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := h.conns[id]; id == "" || !ok {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

// Right: inside a branch that holds an id.
func (h *hub) nested(w http.ResponseWriter, r *http.Request) {
	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
		if _, ok := h.conns[id]; id == "" || !ok {
			http.Error(w, "Session not found", http.StatusNotFound)
			return
		}
	}
}

// Right: an unknown id or a closed entry, both 404.
func (h *hub) closedToo(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if c, ok := h.conns[id]; !ok || c.expired {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
}

var errDenied = errors.New("denied")

func authorized(r *http.Request) error {
	if r.Header.Get("Authorization") == "" {
		return errDenied
	}
	return nil
}

// Not judged: the branch is also taken for a reason that is not the
// session's (the caller's credentials).
func (h *hub) credentials(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, ok := h.conns[id]
	if !ok || authorized(r) != nil {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
}

// Not judged: a missing id or-ed with a test of something else.
func (h *hub) missingOrGet(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" || r.Method == http.MethodGet {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
}
