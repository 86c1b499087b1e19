// Package rpcutil holds helpers other fixture packages call, so errclass
// must recognise them through facts: a writer that takes the status and
// code, a decoder, and a function whose errors come from a store.
package rpcutil

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// WriteError writes a JSON-RPC error with the given status and code.
func WriteError(w http.ResponseWriter, status int, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": message},
	})
}

// Fail answers err as a parse error: its callers decide what err is.
func Fail(w http.ResponseWriter, err error) {
	WriteError(w, http.StatusBadRequest, -32700, err.Error())
}

// Message is a decoded request.
type Message struct {
	Method string `json:"method"`
}

// ReadMessage reads and decodes the body: its errors are the client's.
func ReadMessage(r *http.Request) (*Message, error) { // want ReadMessage:`errors\(decode, read\)`
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	var m Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// Store keeps sessions.
type Store interface {
	Put(ctx context.Context, id string) error
}

// Register records a session: its errors are the server's.
func Register(ctx context.Context, s Store, id string) error { // want Register:`errors\(internal s.Put\)`
	return s.Put(ctx, id)
}

// ReadAndRegister decodes the body and records the session: its errors are
// the client's or the server's.
func ReadAndRegister(r *http.Request, s Store) (*Message, error) { // want ReadAndRegister:`errors\(decode, read, internal s.Put\)`
	m, err := ReadMessage(r)
	if err != nil {
		return nil, err
	}
	if err := s.Put(r.Context(), m.Method); err != nil {
		return nil, err
	}
	return m, nil
}
