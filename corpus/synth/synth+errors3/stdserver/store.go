package stdserver

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Note is a single saved memory.
type Note struct {
	ID      string    `json:"id"`
	Text    string    `json:"text"`
	Created time.Time `json:"created"`
}

type NoteStore interface {
	Save(ctx context.Context, n Note) error
	List(ctx context.Context) ([]Note, error)
}

var ErrFull = errors.New("note store is full")

type memStore struct {
	mu    sync.Mutex
	max   int
	notes []Note
}

func NewMemStore(max int) NoteStore {
	return &memStore{max: max}
}

func (m *memStore) Save(_ context.Context, n Note) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.notes) >= m.max {
		return ErrFull
	}
	m.notes = append(m.notes, n)
	return nil
}

func (m *memStore) List(_ context.Context) ([]Note, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Note, len(m.notes))
	copy(out, m.notes)
	return out, nil
}
