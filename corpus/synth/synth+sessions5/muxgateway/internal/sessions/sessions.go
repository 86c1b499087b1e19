// Package sessions is the gateway's session registry.
package sessions

import (
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNoHeader   = errors.New("sessions: Mcp-Session-Id header missing")
	ErrUnknown    = errors.New("sessions: unknown session")
	ErrTerminated = errors.New("sessions: session terminated")
)

const Header = "Mcp-Session-Id"

type State int

const (
	Pending State = iota
	Active
	Terminated
)

type Session struct {
	ID        string
	State     State
	Client    string
	UpdatedAt time.Time
}

type Registry struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func NewRegistry() *Registry { return &Registry{byID: map[string]*Session{}} }

// Open registers a pending session for an initialize in progress.
func (r *Registry) Open() *Session {
	s := &Session{ID: uuid.NewString(), State: Pending, UpdatedAt: time.Now()}
	r.mu.Lock()
	r.byID[s.ID] = s
	r.mu.Unlock()
	return s
}

func (r *Registry) Activate(id, client string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.byID[id]; ok {
		s.State, s.Client, s.UpdatedAt = Active, client, time.Now()
	}
}

// Discard forgets a session outright (used for handshakes that failed).
func (r *Registry) Discard(id string) {
	r.mu.Lock()
	delete(r.byID, id)
	r.mu.Unlock()
}

// Terminate marks the session ended; the record is kept for auditing.
func (r *Registry) Terminate(id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.byID[id]
	switch {
	case !ok || s.State == Pending:
		return ErrUnknown
	case s.State == Terminated:
		return ErrTerminated
	}
	s.State, s.UpdatedAt = Terminated, time.Now()
	return nil
}

// Require returns the active session named by the request.
func (r *Registry) Require(req *http.Request) (*Session, error) {
	id := req.Header.Get(Header)
	if id == "" {
		return nil, ErrNoHeader
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.byID[id]
	if !ok || s.State == Pending {
		return nil, ErrUnknown
	}
	if s.State == Terminated {
		return nil, ErrTerminated
	}
	return s, nil
}
