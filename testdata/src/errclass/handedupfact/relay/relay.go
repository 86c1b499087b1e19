// Package relay: request functions that decode the request's own body
// and return that failure with their other errors, for a handler in
// another package to answer.
package relay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  string          `json:"method"`
	ID      json.RawMessage `json:"id,omitempty"`
}

// ErrBadBody is the decode's failure, named for callers to tell apart.
var ErrBadBody = errors.New("request body is not JSON")

type Relay struct{ Upstream string }

// Pass decodes the body, then sends it upstream: its errors are the
// client's (the decode) and the server's (the upstream).
func (x *Relay) Pass(w http.ResponseWriter, r *http.Request) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	if env.JSONRPC != "2.0" {
		return fmt.Errorf("relay: not a jsonrpc message")
	}
	resp, err := http.Post(x.Upstream, "application/json", bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("upstream: %w", err)
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
	_, err = io.Copy(w, resp.Body)
	return err
}

// Refused answers the decode's failure itself before returning it.
func (x *Relay) Refused(w http.ResponseWriter, r *http.Request) error {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}`, http.StatusBadRequest)
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// Named returns the decode's failure as ErrBadBody.
func (x *Relay) Named(w http.ResponseWriter, r *http.Request) error {
	var env envelope
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		return ErrBadBody
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}
