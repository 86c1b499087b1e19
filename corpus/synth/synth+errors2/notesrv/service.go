package notesrv

import (
	"context"
	"errors"
	"time"

	"example.com/synth/errors2/apierr"
)

type Service struct {
	store Store
	now   func() time.Time
}

func NewService(store Store) *Service { return &Service{store: store, now: time.Now} }

func (s *Service) Read(ctx context.Context, id string) (*Note, error) {
	n, err := s.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, apierr.NotFound("Resource not found: note://" + id)
	}
	if err != nil {
		return nil, apierr.Internal(err)
	}
	return n, nil
}

func (s *Service) Write(ctx context.Context, n *Note) error {
	n.Updated = s.now().UTC()
	if err := s.store.Save(ctx, n); err != nil {
		return apierr.InvalidParams("note could not be saved", err)
	}
	return nil
}
