// Package catchall restates the catch-all the TypeScript transport review
// found, in Go: one writer answers every error a serve helper returns as a
// parse error, though the helper's errors come both from the client's bytes
// and from the server's own generator, hook and event store. The finding
// names a server-side origin. A dispatcher's errors (a method handler's) are
// not a store's by shape alone, so a catch-all over them is not judged.
package catchall

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

type message struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type eventLog interface {
	Append(ctx context.Context, stream string, data []byte) error
}

type Transport struct {
	SessionIDGenerator   func() (string, error)
	OnSessionInitialized func(ctx context.Context, id string) error
	events               eventLog
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"error":   map[string]any{"code": code, "message": msg},
		"id":      nil,
	})
}

func (t *Transport) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := t.serve(w, r); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error") // want `answers 400 with -32700 \(Parse error\) for an error that can come from t.SessionIDGenerator`
	}
}

// serve returns the client's faults and the server's alike.
func (t *Transport) serve(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	var msg message
	if err := json.Unmarshal(body, &msg); err != nil {
		return err
	}
	if msg.Method == "initialize" {
		return t.initialize(r.Context(), w)
	}
	return nil
}

func (t *Transport) initialize(ctx context.Context, w http.ResponseWriter) error {
	id, err := t.SessionIDGenerator()
	if err != nil {
		return err
	}
	if err := t.OnSessionInitialized(ctx, id); err != nil {
		return fmt.Errorf("session hook: %w", err)
	}
	if err := t.events.Append(ctx, id, []byte("priming")); err != nil {
		return err
	}
	w.Header().Set("Mcp-Session-Id", id)
	return nil
}

// A dispatcher: its methods' errors are whatever the called method says
// (invalid params are the client's), not a store's failure.
type dispatcher interface {
	Handle(ctx context.Context, method string, params json.RawMessage) (any, error)
}

type Router struct{ methods dispatcher }

func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return
	}
	if _, err := rt.methods.Handle(r.Context(), msg.Method, msg.Params); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32602, err.Error())
	}
}

// Good: the catch-all tells the client's faults apart.
type Good struct {
	SessionIDGenerator func() (string, error)
}

type clientError struct{ err error }

func (e clientError) Error() string { return e.err.Error() }

func (g *Good) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := g.serve(r); err != nil {
		if _, ok := err.(clientError); ok {
			writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
			return
		}
		writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
	}
}

func (g *Good) serve(r *http.Request) error {
	var msg message
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		return clientError{err}
	}
	_, err := g.SessionIDGenerator()
	return err
}
