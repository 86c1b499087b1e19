package adopt

import (
	"context"
	"net/http"
	"sync"
)

// ledger holds what outlives the process: the sessions it minted; an id
// it never saw is an error.
type ledger interface {
	Owner(ctx context.Context, id string) (string, error)
}

type resumedSession struct {
	id, owner string
}

// resumer keeps sessions in memory in front of a ledger.
type resumer struct {
	mu     sync.Mutex
	live   map[string]*resumedSession
	ledger ledger
}

// Get returns session id: from memory, else rebuilt from the ledger, whose
// miss is an error. It is registered only once the ledger knows the id: a
// cache filled from it, nothing adopted.
func (m *resumer) Get(ctx context.Context, id string) (*resumedSession, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.live[id]
	if ok {
		return s, nil
	}
	owner, err := m.ledger.Owner(ctx, id)
	if err != nil {
		return nil, err
	}
	s = &resumedSession{id: id, owner: owner}
	m.live[id] = s
	return s, nil
}

// Right: a session the ledger holds is resumed; one it does not is 404.
func (m *resumer) serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	s, err := m.Get(r.Context(), id)
	if err != nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("X-Owner", s.owner)
	w.WriteHeader(http.StatusOK)
}
