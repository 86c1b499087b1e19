// Package onesidedclose builds a closable session for each initialize and
// closes it on one refusal of the handshake but not on another: the auth
// refusal returns with the session (and the goroutine it runs) still open.
package onesidedclose

import (
	"errors"
	"net/http"
)

type Conversation struct{ stop chan struct{} }

func Start() (*Conversation, error) {
	c := &Conversation{stop: make(chan struct{})}
	go func() { <-c.stop }()
	return c, nil
}

func (c *Conversation) Close()                          { close(c.stop) }
func (c *Conversation) Handshake(r *http.Request) error { return nil }
func (c *Conversation) ID() string                      { return "x" }
func (c *Conversation) Annotate(key, value string)      {}

var errNeedsLogin = errors.New("login required")

type Store interface {
	Save(id string, c *Conversation) error
}

type Endpoint struct{ store Store }

func challenge(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", "Bearer")
	w.WriteHeader(http.StatusUnauthorized)
}

func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conv, err := Start()
	if err != nil {
		http.Error(w, "cannot start", http.StatusInternalServerError)
		return
	}
	conv.Annotate("agent", r.Header.Get("User-Agent"))
	if err := conv.Handshake(r); err != nil {
		if errors.Is(err, errNeedsLogin) { // want `conv, built for this handshake, is closed on another refusal but not on this one`
			challenge(w)
			return
		}
		conv.Close()
		http.Error(w, "handshake failed", http.StatusInternalServerError)
		return
	}
	if err := e.store.Save(conv.ID(), conv); err != nil {
		conv.Close()
		http.Error(w, "cannot save", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", conv.ID())
	w.WriteHeader(http.StatusOK)
}

// Tidy closes it on every refusal.
type Tidy struct{ store Store }

func (e *Tidy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conv, err := Start()
	if err != nil {
		http.Error(w, "cannot start", http.StatusInternalServerError)
		return
	}
	if err := conv.Handshake(r); err != nil {
		conv.Close()
		if errors.Is(err, errNeedsLogin) {
			challenge(w)
			return
		}
		http.Error(w, "handshake failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", conv.ID())
	w.WriteHeader(http.StatusOK)
}
