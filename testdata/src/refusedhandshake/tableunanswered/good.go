package tableunanswered

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
)

// Rolled takes the entry back on every branch that does not hand the id
// out.
type Rolled struct{ endpoint }

func (e *Rolled) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	e.reg.open(id)
	out := e.dispatch(&m)
	if out == nil {
		e.reg.drop(id)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if out.Error != nil {
		e.reg.drop(id)
		writeReply(w, out)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	writeReply(w, out)
}

// Deferred removes the entry unless the id was answered.
type Deferred struct{ endpoint }

func (e *Deferred) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	e.reg.open(id)
	accepted := false
	defer func() {
		if !accepted {
			e.reg.drop(id)
		}
	}()
	out := e.dispatch(&m)
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	accepted = true
	w.Header().Set("Mcp-Session-Id", id)
	writeReply(w, out)
}

// Late answers the id first: what follows is no longer a handshake answer.
type Late struct{ endpoint }

func (e *Late) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	c := e.reg.open(id)
	w.Header().Set("Mcp-Session-Id", c.id)
	out := e.dispatch(&m)
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if out.Error != nil {
		e.reg.drop(id)
	}
	writeReply(w, out)
}

// Streamed hands the session it registered to the stream that serves it:
// that branch answers with the session, not without it.
type Streamed struct {
	endpoint
	stream func(http.ResponseWriter, *conn)
}

func (e *Streamed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	c := e.reg.open(id)
	if r.Header.Get("Accept") == "text/event-stream" {
		e.stream(w, c)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	out := e.dispatch(&m)
	if out.Error != nil {
		e.reg.drop(id)
	}
	writeReply(w, out)
}

// Bodied never answers the id in a header (it goes in the result), so a
// branch that returns early is not known to leave the handshake
// unanswered: silent.
type Bodied struct{ endpoint }

func (e *Bodied) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Mcp-Session-Id") != "" {
		http.Error(w, "already initialized", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	e.reg.open(id)
	out := e.dispatch(&m)
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"session": id, "result": out.Result})
}

type ctxKey struct{}

// Carried hands the id on in the request's context to the stream that
// answers it: that branch may answer with the id.
type Carried struct {
	endpoint
	stream func(http.ResponseWriter, *http.Request)
}

func (e *Carried) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m.Method != "initialize" {
		http.Error(w, "expected initialize", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	e.reg.open(id)
	ctx := context.WithValue(r.Context(), ctxKey{}, id)
	if r.Header.Get("Accept") == "text/event-stream" {
		e.stream(w, r.WithContext(ctx))
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	out := e.dispatch(&m)
	if out.Error != nil {
		e.reg.drop(id)
	}
	writeReply(w, out)
}
