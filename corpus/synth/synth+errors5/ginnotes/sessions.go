package ginnotes

import (
	"context"
	"errors"
	"sync"
	"time"
)

var errNoSession = errors.New("no such session")

type session struct {
	id       string
	user     string
	created  time.Time
	lastSeen time.Time
}

// persister mirrors session activity to durable storage so that an
// operator can see who is connected. The sqlite implementation lives in
// cmd/notes.
type persister interface {
	SaveSeen(ctx context.Context, id string, at time.Time) error
	Forget(ctx context.Context, id string) error
}

type sessionTable struct {
	mu   sync.Mutex
	byID map[string]*session
	db   persister
}

func newSessionTable(db persister) *sessionTable {
	return &sessionTable{byID: make(map[string]*session), db: db}
}

func (t *sessionTable) add(s *session) {
	t.mu.Lock()
	t.byID[s.id] = s
	t.mu.Unlock()
}

// touch marks the session as seen and returns it.
func (t *sessionTable) touch(ctx context.Context, id string) (*session, error) {
	t.mu.Lock()
	s, ok := t.byID[id]
	if ok {
		s.lastSeen = time.Now()
	}
	t.mu.Unlock()
	if !ok {
		return nil, errNoSession
	}
	if err := t.db.SaveSeen(ctx, id, s.lastSeen); err != nil {
		return nil, err
	}
	return s, nil
}

func (t *sessionTable) drop(ctx context.Context, id string) error {
	t.mu.Lock()
	_, ok := t.byID[id]
	delete(t.byID, id)
	t.mu.Unlock()
	if !ok {
		return errNoSession
	}
	return t.db.Forget(ctx, id)
}
