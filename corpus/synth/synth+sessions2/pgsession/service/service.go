// Package service holds the session lifecycle rules.
package service

import (
	"context"
	"errors"
	"strings"
	"time"

	"example.com/synth/sessions2/pgsession/store"
)

var ErrSessionExpired = errors.New("session expired")

type Service struct {
	st  *store.Sessions
	ttl time.Duration
	now func() time.Time
}

func New(st *store.Sessions, ttl time.Duration) *Service {
	return &Service{st: st, ttl: ttl, now: time.Now}
}

// Resume loads the session a request names and slides its expiry.
func (s *Service) Resume(ctx context.Context, id string) (*store.Row, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, store.ErrNotFound
	}
	row, err := s.st.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if row.Closed {
		return nil, store.ErrNotFound
	}
	if s.now().After(row.ExpiresAt) {
		return nil, ErrSessionExpired
	}
	if err := s.st.Extend(ctx, id, s.now().Add(s.ttl)); err != nil {
		return nil, err
	}
	return row, nil
}

func (s *Service) Start(ctx context.Context, id, tenant, version string) error {
	return s.st.Insert(ctx, &store.Row{ID: id, Tenant: tenant, Version: version, ExpiresAt: s.now().Add(s.ttl)})
}

func (s *Service) End(ctx context.Context, id string) error {
	ok, err := s.st.Close(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return store.ErrNotFound
	}
	return nil
}
