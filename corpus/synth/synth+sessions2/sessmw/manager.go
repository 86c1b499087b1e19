package sessmw

import (
	"context"
	"errors"
	"sync"
	"time"
)

var (
	ErrSessionNotFound = errors.New("sessmw: session not found")
	ErrTerminated      = errors.New("sessmw: session terminated")
)

// Manager is the session bookkeeping the middleware needs.
type Manager interface {
	Begin(ctx context.Context, id string) error
	Touch(ctx context.Context, id string) error
	End(ctx context.Context, id string) error
}

type state struct {
	last  time.Time
	ended bool
}

type LocalManager struct {
	mu sync.Mutex
	m  map[string]*state
}

func NewLocalManager() *LocalManager { return &LocalManager{m: map[string]*state{}} }

func (l *LocalManager) Begin(_ context.Context, id string) error {
	l.mu.Lock()
	l.m[id] = &state{last: time.Now()}
	l.mu.Unlock()
	return nil
}

func (l *LocalManager) Touch(_ context.Context, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	st, ok := l.m[id]
	switch {
	case !ok:
		return ErrSessionNotFound
	case st.ended:
		return ErrTerminated
	}
	st.last = time.Now()
	return nil
}

func (l *LocalManager) End(_ context.Context, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	st, ok := l.m[id]
	if !ok || st.ended {
		return ErrSessionNotFound
	}
	st.ended = true
	return nil
}
