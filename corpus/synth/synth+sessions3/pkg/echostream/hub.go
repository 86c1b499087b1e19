package echostream

import (
	"sync"
	"time"
)

type Session struct {
	ID       string
	Created  time.Time
	Outbound chan []byte
}

type Hub struct {
	mu   sync.Mutex
	byID map[string]*Session
}

func NewHub() *Hub { return &Hub{byID: make(map[string]*Session)} }

// Find returns nil when there is no such session.
func (h *Hub) Find(id string) *Session {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.byID[id]
}

func (h *Hub) Add(s *Session) {
	h.mu.Lock()
	h.byID[s.ID] = s
	h.mu.Unlock()
}

func (h *Hub) Remove(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.byID[id]
	if ok {
		close(s.Outbound)
		delete(h.byID, id)
	}
	return ok
}
