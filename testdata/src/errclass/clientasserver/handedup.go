package clientasserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// A dispatcher returns its decode's error, wrapped, with its other
// errors; the handler answers every error 500.

var errBackend = errors.New("backend unavailable")

type forwarder struct{ up bool }

func (s *forwarder) process(w http.ResponseWriter, r *http.Request) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	var m request
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("decode %s: %w", r.Header.Get("Mcp-Session-Id"), err)
	}
	if !s.up {
		return errBackend
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

func (s *forwarder) serve(w http.ResponseWriter, r *http.Request) {
	if err := s.process(w, r); err != nil {
		http.Error(w, "relay: "+err.Error(), http.StatusInternalServerError) // want `answers HTTP 500 to every error of s.process\(...\), also when the request body does not decode: answer that one 400 with -32700`
		return
	}
}

// Right: the caller tells the backend's failure from the rest.
func (s *forwarder) serveSorted(w http.ResponseWriter, r *http.Request) {
	if err := s.process(w, r); err != nil {
		if errors.Is(err, errBackend) {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
}

// The decode's failure answered where it happens; its error is returned
// only to be logged.
func (s *forwarder) processAnswered(w http.ResponseWriter, r *http.Request) error {
	var m request
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		rpcError(w, http.StatusBadRequest, -32700, "Parse error") // want "answers -32700 \\(Parse error\\) to every failure of a typed decode"
		return err
	}
	if !s.up {
		return errBackend
	}
	return nil
}

// Right: the 500 after the decode's own 400 is never sent.
func (s *forwarder) serveAnswered(w http.ResponseWriter, r *http.Request) {
	if err := s.processAnswered(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}

// fetchUpstream decodes a reply from upstream, not the client's body.
func (s *forwarder) fetchUpstream(r *http.Request) error {
	resp, err := http.Get("http://127.0.0.1:1/mcp")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var m request
	return json.NewDecoder(resp.Body).Decode(&m)
}

// Right: an upstream reply that does not decode is the server's problem.
func (s *forwarder) serveUpstream(w http.ResponseWriter, r *http.Request) {
	if err := s.fetchUpstream(r); err != nil {
		rpcError(w, http.StatusBadGateway, -32603, "upstream reply unreadable")
		return
	}
}
