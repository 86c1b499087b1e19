// Package serverside: failures of the server's own operations answered
// with a client's code or status.
package serverside

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
)

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	Version string  `json:"jsonrpc"`
	ID      any     `json:"id"`
	Error   *rpcErr `json:"error,omitempty"`
}

func refuse(w http.ResponseWriter, status, code int, text string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: text}})
}

var errNoSuchSession = errors.New("no such session")

func newID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

type table struct{ ids map[string]bool }

// resolve fails for an unknown id (the client's) and when minting fails
// (the server's).
func (t *table) resolve(r *http.Request) (string, error) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		return newID()
	}
	if !t.ids[id] {
		return "", errNoSuchSession
	}
	return id, nil
}

// Every error but the unknown session is answered 400, the generator's
// failure too.
func (t *table) serve(w http.ResponseWriter, r *http.Request) {
	id, err := t.resolve(r)
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, errNoSuchSession) {
			status = http.StatusNotFound
		}
		refuse(w, status, -32000, err.Error()) // want `answers 400 for an error from rand.Read, a server-side failure: answer 500`
		return
	}
	_ = id
}

type Backend interface {
	Start(ctx context.Context) error
}

// send writes an error object with no status: HTTP 200.
func send(w http.ResponseWriter, code int, text string) {
	_ = json.NewEncoder(w).Encode(reply{Version: "2.0", Error: &rpcErr{Code: code, Message: text}})
}

// The server's own backend failing to start, answered -32600.
func serveStart(w http.ResponseWriter, r *http.Request, b Backend) {
	if err := b.Start(r.Context()); err != nil {
		send(w, -32600, "backend unavailable") // want `answers -32600 \(Invalid Request\) for an error from b.Start, a server-side failure`
		return
	}
}

type Store interface {
	Lookup(ctx context.Context, name string) (string, error)
}

var errUnknownName = errors.New("unknown name")

type finder struct{}

// find fails for a name nobody registered: the client's input.
func (finder) find(name string) (string, error) {
	if name == "" {
		return "", errUnknownName
	}
	return name, nil
}

// A lookup keyed by the client's input that fails with "not found" is
// the client's: -32600 stays.
func serveLookup(w http.ResponseWriter, r *http.Request, f finder) {
	if _, err := f.find(r.URL.Query().Get("name")); err != nil {
		send(w, -32600, "unknown name")
		return
	}
}
