// Package calleerefused: an initialize gets its session registered by a
// helper that resolves the request's session, and the handler's later
// step, another helper handed the writer, may answer that initialize with
// an error (the server failed to handle it) without taking the entry out.
package calleerefused

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

var errUnknown = errors.New("unknown session")

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

type engine interface {
	Handle(m message) (any, error)
}

type endpoint struct {
	mu     sync.Mutex
	known  map[string]bool
	engine engine
}

// mint fails only when the system's randomness does.
func mint() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func (e *endpoint) remember(id string) {
	e.mu.Lock()
	e.known[id] = true
	e.mu.Unlock()
}

func (e *endpoint) holds(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.known[id]
}

// sessionFor registers a fresh id for an initialize and checks the
// client's id otherwise.
func (e *endpoint) sessionFor(r *http.Request, m message) (string, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if m.Method == "initialize" {
		if id != "" {
			return "", errors.New("initialize carries a session")
		}
		fresh, err := mint()
		if err != nil {
			return "", err
		}
		e.remember(fresh)
		return fresh, nil
	}
	if id == "" {
		return "", errors.New("missing session")
	}
	if !e.holds(id) {
		return "", errUnknown
	}
	return id, nil
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id, err := e.sessionFor(r, m) // want `a session is registered in known before the handshake is accepted, and a later refusal answers an error without removing it`
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, errUnknown) {
			status = http.StatusNotFound
		}
		http.Error(w, err.Error(), status)
		return
	}
	e.reply(w, m, id)
}

// reply answers 500 when the engine fails, before the id is sent.
func (e *endpoint) reply(w http.ResponseWriter, m message, id string) {
	out, err := e.engine.Handle(m)
	if err != nil {
		writeFailure(w, m.ID, -32603, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": out})
}

func writeFailure(w http.ResponseWriter, id json.RawMessage, code int, msg string, status int) {
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
