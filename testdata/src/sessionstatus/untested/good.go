package untested

import (
	"net/http"
	"time"
)

// Right: the id is looked up before anything is stored under it.
func (x *relay) resume(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	} else if _, ok := x.streams[tok]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	x.streams[tok] = &stream{id: tok}
	w.WriteHeader(http.StatusOK)
}

// Right: a check of the package's own, whatever its name, given the id.
func (x *relay) rejoin(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok != "" && !x.peek(tok) {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	if tok == "" {
		tok = newToken()
	}
	x.streams[tok] = &stream{id: tok}
	w.WriteHeader(http.StatusOK)
}

func (x *relay) peek(tok string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	_, ok := x.streams[tok]
	return ok
}

// Right: a helper given the request that reads the id itself may look it
// up; the way past it is not judged.
func (x *relay) attach(w http.ResponseWriter, r *http.Request) {
	if err := x.owned(r); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	tok := r.Header.Get("Mcp-Session-Id")
	x.streams[tok] = &stream{id: tok}
	w.WriteHeader(http.StatusOK)
}

func (x *relay) owned(r *http.Request) error {
	_ = r.Header.Get("Mcp-Session-Id")
	return nil
}

// Right: the key is a parameter; whether it was checked is the callers'
// to say.
func (x *relay) register(tok string) {
	x.streams[tok] = &stream{id: tok}
}

// Right: what is kept per id is not a session (a time), nor a session
// made elsewhere and stored again.
func (x *relay) touch(w http.ResponseWriter, r *http.Request, seen map[string]time.Time) {
	tok := r.Header.Get("Mcp-Session-Id")
	seen[tok] = time.Now()
	x.mu.Lock()
	s := x.streams["primary"]
	x.streams[tok] = s
	x.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

// Right: the helper is handed the id only after the lookup refused an
// unknown one.
func (x *relay) subscribeChecked(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	if _, ok := x.streams[tok]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	_ = x.bind(tok)
	w.WriteHeader(http.StatusOK)
}

// Right: the helper checks the id itself before it stores.
func (x *relay) bindKnown(tok string, known map[string]bool) {
	if !known[tok] {
		return
	}
	x.streams[tok] = &stream{id: tok}
}

func (x *relay) subscribeKnown(w http.ResponseWriter, r *http.Request, known map[string]bool) {
	tok := r.Header.Get("Mcp-Session-Id")
	x.bindKnown(tok, known)
	w.WriteHeader(http.StatusOK)
}

// Right: the key is minted here.
func (h *hub) openFresh(w http.ResponseWriter, r *http.Request) {
	tok := newToken()
	h.reg.Add(tok, &stream{id: tok})
	w.Header().Set("Mcp-Session-Id", tok)
	w.WriteHeader(http.StatusOK)
}

// Right: the spelled key is looked up before anything is stored under it.
func (x *relay) prefixedKnown(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	if tok == "" {
		tok = newToken()
	}
	key := "stream:" + tok
	if _, ok := x.streams[key]; !ok {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	x.streams[key] = &stream{id: tok}
	w.WriteHeader(http.StatusOK)
}

// resolve maps a client's id to the key its session is kept under, or ""
// for an id this server never issued.
func (x *relay) resolve(tok string) string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if s, ok := x.streams["stream:"+tok]; ok {
		return "stream:" + s.id
	}
	return ""
}

// Right: the key is what a lookup of the id returned, not the id spelled.
func (x *relay) resolved(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Mcp-Session-Id")
	key := x.resolve(tok)
	x.streams[key] = &stream{id: tok}
	w.WriteHeader(http.StatusOK)
}
