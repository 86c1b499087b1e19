// Package good: helpers given the request's Mcp-Session-Id and a flag
// that resolve no session for an empty id on a request that is not an
// initialize, or callers that refuse such a request first.
package good

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

var (
	errMissing = errors.New("Mcp-Session-Id required")
	errUnknown = errors.New("session not found")
)

type conn struct {
	id   string
	user string
}

type hub struct {
	mu    sync.Mutex
	conns map[string]*conn
}

type message struct {
	Method string `json:"method"`
}

func mint() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// refuse answers a helper's error: 400 for a missing id, 404 for an
// unknown one.
func refuse(w http.ResponseWriter, err error) {
	if errors.Is(err, errMissing) {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	http.Error(w, err.Error(), http.StatusNotFound)
}

// pick finds the session for a batch. With no id and no initialize in
// the batch, it falls back on the only live session, else makes one.
func (h *hub) pick(want string, fresh bool) (*conn, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if want != "" && !fresh {
		c, ok := h.conns[want]
		if !ok {
			return nil, errUnknown
		}
		return c, nil
	}
	if want == "" && !fresh && len(h.conns) == 1 {
		for _, c := range h.conns {
			return c, nil
		}
	}
	c := &conn{id: mint()}
	h.conns[c.id] = c
	return c, nil
}

// Right: the flag is a direct test of the method, and the helper makes a
// session for an empty id only when the flag says initialize.
func (h *hub) postOne(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	c, err := h.get(r.Header.Get("Mcp-Session-Id"), m.Method == "initialize")
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func (h *hub) get(id string, initialize bool) (*conn, error) {
	if id == "" {
		if !initialize {
			return nil, errMissing
		}
		c := &conn{id: mint()}
		h.conns[c.id] = c
		return c, nil
	}
	c, ok := h.conns[id]
	if !ok {
		return nil, errUnknown
	}
	return c, nil
}

// Right: a request without an id that is not an initialize is refused
// before the helper runs.
func (h *hub) postChecked(w http.ResponseWriter, r *http.Request) {
	var batch []message
	if err := json.NewDecoder(r.Body).Decode(&batch); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" && (len(batch) != 1 || batch[0].Method != "initialize") {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	c, err := h.pick(id, id == "")
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

// Right: only an initialize reaches the helper.
func (h *hub) postInit(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if m.Method == "initialize" {
		c, err := h.pick(r.Header.Get("Mcp-Session-Id"), false)
		if err != nil {
			refuse(w, err)
			return
		}
		w.Header().Set("Mcp-Session-Id", c.id)
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
}

// Silent: the flag comes from a call this package cannot read, which may
// say the request is an initialize.
func (h *hub) postOpaque(w http.ResponseWriter, r *http.Request) {
	c, err := h.pick(r.Header.Get("Mcp-Session-Id"), wantsNew(r))
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func wantsNew(r *http.Request) bool { return r.URL.Query().Get("new") == "1" }

// Right: without the listen flag the helper fails for an empty id, and
// the failure is refused 400.
func (h *hub) post(w http.ResponseWriter, r *http.Request) {
	c, err := h.attach(r.Header.Get("Mcp-Session-Id"), false)
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func (h *hub) attach(sid string, listen bool) (*conn, error) {
	if sid != "" {
		c, ok := h.conns[sid]
		if !ok {
			return nil, errUnknown
		}
		return c, nil
	}
	if !listen {
		return nil, errMissing
	}
	c := &conn{id: mint()}
	h.conns[c.id] = c
	return c, nil
}

// Right: the helper's empty-id branch depends on what the caller hands
// in besides the id (the request's method), which this reading does not
// decide.
func (h *hub) postByMethod(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	c, err := h.byMethod(r.Header.Get("Mcp-Session-Id"), m.Method)
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func (h *hub) byMethod(id, method string) (*conn, error) {
	if id == "" {
		if method != "initialize" {
			return nil, errMissing
		}
		c := &conn{id: mint()}
		h.conns[c.id] = c
		return c, nil
	}
	c, ok := h.conns[id]
	if !ok {
		return nil, errUnknown
	}
	return c, nil
}

// Right: only the dispatcher's initialize case calls it, so a request
// without an id that reaches the helper is an initialize.
func (h *hub) startSession(w http.ResponseWriter, r *http.Request) {
	c, err := h.pick(r.Header.Get("Mcp-Session-Id"), false)
	if err != nil {
		refuse(w, err)
		return
	}
	w.Header().Set("Mcp-Session-Id", c.id)
	w.WriteHeader(http.StatusOK)
}

func (h *hub) dispatch(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	switch m.Method {
	case "initialize":
		h.startSession(w, r)
	default:
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
	}
}
