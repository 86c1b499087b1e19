package store

import (
	"context"
	"sync"

	"github.com/google/uuid"
)

type Session struct {
	ID   string
	Meta map[string]string
}

type Sessions struct {
	m sync.Map
}

func (s *Sessions) Open() *Session {
	sess := &Session{ID: uuid.NewString(), Meta: map[string]string{}}
	s.m.Store(sess.ID, sess)
	return sess
}

func (s *Sessions) Lookup(id string) (*Session, bool) {
	v, ok := s.m.Load(id)
	if !ok {
		return nil, false
	}
	return v.(*Session), true
}

func (s *Sessions) Close(id string) { s.m.Delete(id) }

type ctxKey struct{}

func WithSession(ctx context.Context, sess *Session) context.Context {
	return context.WithValue(ctx, ctxKey{}, sess)
}

func FromContext(ctx context.Context) *Session {
	sess, _ := ctx.Value(ctxKey{}).(*Session)
	return sess
}
