// Package guardplaced: an error a helper makes afresh where it returns
// (errors.New, fmt.Errorf wrapping nothing, a value of its own error type)
// says what the test it is returned under says: under if err != nil, it
// fails exactly when that err's call does.
package guardplaced

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// SessionStore keeps sessions; its failures are the server's.
type SessionStore interface {
	Save(ctx context.Context, id string) error
}

type server struct {
	store SessionStore
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	ID      json.RawMessage `json:"id,omitempty"`
}

type rpcFailure struct {
	reason string
}

func (e *rpcFailure) Error() string { return e.reason }

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{"code": code, "message": msg}})
}

// register hides the store's error behind one of its own words.
func (s *server) register(ctx context.Context, id string) error {
	if err := s.store.Save(ctx, id); err != nil {
		return errors.New("could not register the session")
	}
	return nil
}

// record does the same with its own error type.
func (s *server) record(ctx context.Context, id string) error {
	err := s.store.Save(ctx, id)
	if err != nil {
		return &rpcFailure{reason: "session not recorded"}
	}
	return nil
}

// decode says the body did not decode, in its own words.
func decode(r *http.Request) (message, error) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		return message{}, fmt.Errorf("malformed request")
	}
	return m, nil
}

// tolerant returns its own error only for a store failure other than the
// one it expects; that error is not placed.
func (s *server) tolerant(ctx context.Context, id string) error {
	if err := s.store.Save(ctx, id); err != nil && !errors.Is(err, context.Canceled) {
		return errors.New("could not register the session")
	}
	return nil
}

func (s *server) handle(w http.ResponseWriter, r *http.Request) {
	m, err := decode(r)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if err := s.register(r.Context(), id); err != nil {
		writeRPCError(w, http.StatusBadRequest, -32600, err.Error()) // want `answers 400 with -32600 \(Invalid Request\) for an error from s.store.Save, a server-side failure: answer 500`
		return
	}
	if err := s.record(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from s.store.Save, a server-side failure: answer 500`
		return
	}
	if err := s.tolerant(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_ = m
}

// dispatch hands the decode's failure up; its caller answers every error 500.
func (s *server) dispatch(r *http.Request) error {
	m, err := decode(r)
	if err != nil {
		return err
	}
	_ = m
	return s.store.Save(r.Context(), r.Header.Get("Mcp-Session-Id"))
}

func (s *server) catchAll(w http.ResponseWriter, r *http.Request) {
	if err := s.dispatch(r); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError) // want `answers HTTP 500 to every error of s.dispatch\(...\), also when the request body does not decode`
	}
}

func validateID(id string) error {
	if id == "" {
		return errors.New("empty id")
	}
	return nil
}

// captured returns an error a callback stored, under a test of another:
// what the callback stored is not what the test tested.
func (s *server) captured(ctx context.Context, id string) error {
	var failed error
	check := func() { failed = validateID(id) }
	check()
	if err := s.store.Save(ctx, id); err != nil {
		return failed
	}
	return nil
}

func (s *server) handleCaptured(w http.ResponseWriter, r *http.Request) {
	if err := s.captured(r.Context(), r.Header.Get("Mcp-Session-Id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}
