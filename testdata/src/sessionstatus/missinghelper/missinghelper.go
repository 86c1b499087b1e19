// Package missinghelper: handlers that hand the request's Mcp-Session-Id,
// and a flag, to a helper that resolves the session. For an empty id the
// helper returns a session without failing: one it makes and registers,
// or the one live session it finds by ranging over its table. A request
// without an id that is not an initialize is the 400 row; resolving it
// serves it.
package missinghelper

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type conn struct {
	id   string
	user string
}

type hub struct {
	mu    sync.Mutex
	conns map[string]*conn
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func open(id string) (*conn, error) {
	if id == "" {
		return nil, errors.New("no id")
	}
	return &conn{id: id}, nil
}

type message struct {
	Method string          `json:"method"`
	ID     json.RawMessage `json:"id"`
}

// pick finds the session for a batch. With no id and no initialize in
// the batch, it falls back on the only live session, else makes one.
func (h *hub) pick(want string, fresh bool) (*conn, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if want != "" && !fresh {
		c, ok := h.conns[want]
		if !ok {
			return nil, errors.New("no such session")
		}
		return c, nil
	}
	if want == "" && !fresh && len(h.conns) == 1 {
		for _, c := range h.conns {
			return c, nil
		}
	}
	id := mint()
	c, err := open(id)
	if err != nil {
		return nil, err
	}
	h.conns[id] = c
	return c, nil
}

func (h *hub) postBatch(w http.ResponseWriter, r *http.Request) {
	var batch []message
	if err := json.NewDecoder(r.Body).Decode(&batch); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	sawInit := false
	for _, m := range batch {
		if m.Method == "initialize" {
			sawInit = true
			break
		}
	}
	c, err := h.pick(r.Header.Get("Mcp-Session-Id"), sawInit) // want `a request without Mcp-Session-Id is served in another live session or a fresh one by this helper: answer 400 unless initialize`
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

// bind attaches a request to its user's session; with no id and listen
// set, it opens one for the stream and hands its id out.
func (h *hub) bind(w http.ResponseWriter, user, sid string, listen bool) *conn {
	if sid != "" {
		if c := h.conns[sid]; c != nil && c.user == user {
			return c
		}
		return nil
	}
	if !listen {
		return nil
	}
	c := &conn{id: mint(), user: user}
	c2 := h.adopt(c)
	w.Header().Set("Mcp-Session-Id", c2.id)
	return c2
}

func (h *hub) adopt(c *conn) *conn {
	h.conns[c.id] = c
	return c
}

func (h *hub) stream(w http.ResponseWriter, r *http.Request) {
	user := r.Header.Get("X-User")
	sid := r.Header.Get("Mcp-Session-Id")
	c := h.bind(w, user, sid, true) // want `a request without Mcp-Session-Id is served in a fresh session by this helper: answer 400 unless initialize`
	if c == nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
}
