// Package refusalonly pins a call given the session id whose every error
// is the package's "no such session": its failure means an unknown id,
// which must be 404, whatever the handler calls it. Read only when the
// callee's body is in the package (a function, a method of a concrete
// type); through an interface the errors are not known.
package refusalonly

import (
	"errors"
	"net/http"
	"sync"
)

var (
	errNoSuchSession = errors.New("no such session")
	errQueueFull     = errors.New("queue full")
)

type queue struct{ ch chan []byte }

type manager struct {
	mu     sync.Mutex
	queues map[string]*queue
}

// attach fails only for an id it does not hold.
func (m *manager) attach(id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.queues[id]; !ok {
		return errNoSuchSession
	}
	return nil
}

// reopen passes attach's error on.
func (m *manager) reopen(id string) error {
	return m.attach(id)
}

// push also fails for a full queue: its error is not only the session's.
func (m *manager) push(id string, msg []byte) error {
	m.mu.Lock()
	q, ok := m.queues[id]
	m.mu.Unlock()
	if !ok {
		return errNoSuchSession
	}
	select {
	case q.ch <- msg:
		return nil
	default:
		return errQueueFull
	}
}

type attacher interface{ attach(id string) error }

type handler struct {
	m   *manager
	any attacher
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if err := h.m.attach(id); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 when h.m.attach\(...\) fails, and its only error is errNoSuchSession, an unknown session: answer 404`
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *handler) resume(w http.ResponseWriter, r *http.Request) {
	if err := h.m.reopen(r.Header.Get("Mcp-Session-Id")); err != nil {
		w.WriteHeader(409) // want `answers 409 when h.m.reopen\(...\) fails, and its only error is errNoSuchSession`
	}
}

// push's error may be a full queue, so its failure is not an unknown
// session as a whole; but its errNoSuchSession, not told apart, is
// answered 503 with the full queue.
func (h *handler) post(w http.ResponseWriter, r *http.Request) {
	if err := h.m.push(r.Header.Get("Mcp-Session-Id"), nil); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable) // want `answers 503 to an unknown Mcp-Session-Id too \(errNoSuchSession of the lookup is not told apart\)`
	}
}

// Through an interface, attach's errors are whatever the implementation
// makes them: not judged.
func (h *handler) viaInterface(w http.ResponseWriter, r *http.Request) {
	if err := h.any.attach(r.Header.Get("Mcp-Session-Id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
	}
}

// right answers the unknown session 404.
func (h *handler) right(w http.ResponseWriter, r *http.Request) {
	if err := h.m.attach(r.Header.Get("Mcp-Session-Id")); err != nil {
		http.Error(w, "session not found", http.StatusNotFound)
	}
}
