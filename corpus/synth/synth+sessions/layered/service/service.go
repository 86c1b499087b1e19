// Package service holds the session rules of the MCP endpoint.
package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"example.com/synth/sessions/layered/apperr"
	"example.com/synth/sessions/layered/store"
)

// Session is the service's view of a session.
type Session struct {
	ID       string
	Account  string
	Protocol string
}

// Service is used by the HTTP layer.
type Service struct {
	store store.Sessions
	now   func() time.Time
}

func New(s store.Sessions) *Service {
	return &Service{store: s, now: time.Now}
}

// Open records a session after a successful initialize.
func (s *Service) Open(ctx context.Context, account, protocol string) (*Session, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, apperr.Internal(err)
	}
	rec := store.Record{ID: hex.EncodeToString(b[:]), Account: account, Protocol: protocol, CreatedAt: s.now()}
	if err := s.store.Insert(ctx, rec); err != nil {
		return nil, apperr.Unavailable(err)
	}
	return &Session{ID: rec.ID, Account: account, Protocol: protocol}, nil
}

// Resume loads the session a POST refers to.
func (s *Service) Resume(ctx context.Context, id string) (*Session, error) {
	if id == "" {
		return nil, apperr.New(http.StatusBadRequest, apperr.CodeServer, "Bad Request: Mcp-Session-Id header is required")
	}
	rec, err := s.store.Load(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, apperr.New(http.StatusBadRequest, apperr.CodeInvalidRequest, "Invalid session")
	case err != nil:
		return nil, apperr.Unavailable(err)
	}
	return &Session{ID: rec.ID, Account: rec.Account, Protocol: rec.Protocol}, nil
}

// Attach returns the session for a GET stream, restoring it if this node
// has no record of it.
func (s *Service) Attach(ctx context.Context, id, account string) (*Session, error) {
	if id == "" {
		return nil, apperr.New(http.StatusNotFound, apperr.CodeSessionNotFound, "Session not found")
	}
	rec, err := s.store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		rec = store.Record{ID: id, Account: account, CreatedAt: s.now()}
		if err := s.store.Insert(ctx, rec); err != nil {
			return nil, apperr.Unavailable(err)
		}
	} else if err != nil {
		return nil, apperr.Unavailable(err)
	}
	return &Session{ID: rec.ID, Account: rec.Account, Protocol: rec.Protocol}, nil
}

// End deletes a session at the client's request.
func (s *Service) End(ctx context.Context, id string) error {
	if id == "" {
		return apperr.New(http.StatusBadRequest, apperr.CodeServer, "Bad Request: Mcp-Session-Id header is required")
	}
	ok, err := s.store.Delete(ctx, id)
	if err != nil {
		return apperr.Unavailable(err)
	}
	if !ok {
		return apperr.New(http.StatusNotFound, apperr.CodeSessionNotFound, "Session not found")
	}
	return nil
}
