// Package slicedverdict registers a session for an initialize, forwards
// each message of the request to a backend process and collects the
// answers in a slice written with 200; when the backend fails, a JSON-RPC
// error is answered in the message's place. An initialize answered so gets
// no session, and the entry stays in the table. A handler that removes the
// entry when the backend fails, or that reads the answers before writing
// them, stays silent.
package slicedverdict

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
)

type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method"`
	Raw    json.RawMessage `json:"-"`
}

type backend struct{ in chan json.RawMessage }

// call hands one message to the process and waits for its answer.
func (b *backend) call(ctx context.Context, msg json.RawMessage) (json.RawMessage, error) {
	select {
	case b.in <- msg:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case out, ok := <-b.in:
		if !ok {
			return nil, errors.New("backend exited")
		}
		return out, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func errorPayload(id json.RawMessage, code int, msg string) json.RawMessage {
	out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return out
}

type Bridge struct {
	mu       sync.Mutex
	sessions map[string]*backend
}

func (g *Bridge) open(w http.ResponseWriter, r *http.Request) ([]message, *backend, string, bool) {
	var msgs []message
	if err := json.NewDecoder(r.Body).Decode(&msgs); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return nil, nil, "", false
	}
	id := r.Header.Get("Mcp-Session-Id")
	g.mu.Lock()
	b := g.sessions[id]
	g.mu.Unlock()
	if b == nil {
		http.Error(w, "no such session", http.StatusNotFound)
		return nil, nil, "", false
	}
	return msgs, b, id, true
}

// ServeHTTP keeps the session whatever the backend answered the
// initialize.
func (g *Bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msgs []message
	if err := json.NewDecoder(r.Body).Decode(&msgs); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	hasInit := false
	for _, m := range msgs {
		if m.Method == "initialize" {
			hasInit = true
		}
	}
	if !hasInit {
		g.serve(w, r)
		return
	}
	id := rand.Text()
	b := &backend{in: make(chan json.RawMessage)}
	g.mu.Lock()
	g.sessions[id] = b // want `registered in sessions for an initialize whatever its dispatch answers`
	g.mu.Unlock()
	w.Header().Set("Mcp-Session-Id", id)
	var answers []json.RawMessage
	for _, m := range msgs {
		payload, err := b.call(r.Context(), m.Raw)
		if err != nil {
			payload = errorPayload(m.ID, -32603, "backend failed: "+err.Error())
		}
		answers = append(answers, payload)
	}
	if len(answers) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if len(msgs) > 1 {
		w.Write(joinAnswers(answers))
		return
	}
	w.Write(answers[0])
}

func joinAnswers(answers []json.RawMessage) []byte {
	out, _ := json.Marshal(answers)
	return out
}

// serve answers the messages of a session that exists.
func (g *Bridge) serve(w http.ResponseWriter, r *http.Request) {
	msgs, b, _, ok := g.open(w, r)
	if !ok {
		return
	}
	var answers []json.RawMessage
	for _, m := range msgs {
		payload, err := b.call(r.Context(), m.Raw)
		if err != nil {
			payload = errorPayload(m.ID, -32603, "backend failed")
		}
		answers = append(answers, payload)
	}
	json.NewEncoder(w).Encode(answers)
}

// Careful removes the entry when the backend fails the initialize.
type Careful struct {
	mu       sync.Mutex
	sessions map[string]*backend
}

func (g *Careful) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msgs []message
	if err := json.NewDecoder(r.Body).Decode(&msgs); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	hasInit := false
	for _, m := range msgs {
		if m.Method == "initialize" {
			hasInit = true
		}
	}
	if !hasInit {
		http.Error(w, "initialize first", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	b := &backend{in: make(chan json.RawMessage)}
	g.mu.Lock()
	g.sessions[id] = b
	g.mu.Unlock()
	var answers []json.RawMessage
	for _, m := range msgs {
		payload, err := b.call(r.Context(), m.Raw)
		if err != nil {
			g.mu.Lock()
			delete(g.sessions, id)
			g.mu.Unlock()
			payload = errorPayload(m.ID, -32603, "backend failed")
		}
		answers = append(answers, payload)
	}
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(answers)
}

// Judged reads each answer before it writes them: what it does for a
// failed one is decided there.
type Judged struct {
	mu       sync.Mutex
	sessions map[string]*backend
}

func (g *Judged) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msgs []message
	if err := json.NewDecoder(r.Body).Decode(&msgs); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if _, ok := g.sessions[r.Header.Get("Mcp-Session-Id")]; !ok && len(msgs) > 0 && msgs[0].Method != "initialize" {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	id := rand.Text()
	b := &backend{in: make(chan json.RawMessage)}
	if msgs[0].Method == "initialize" {
		g.mu.Lock()
		g.sessions[id] = b
		g.mu.Unlock()
	}
	var answers []json.RawMessage
	for _, m := range msgs {
		payload, err := b.call(r.Context(), m.Raw)
		if err != nil {
			payload = errorPayload(m.ID, -32603, "backend failed")
		}
		answers = append(answers, payload)
	}
	for _, a := range answers {
		if refused(a) {
			g.mu.Lock()
			delete(g.sessions, id)
			g.mu.Unlock()
		}
	}
	w.Header().Set("Mcp-Session-Id", id)
	json.NewEncoder(w).Encode(answers)
}

func refused(a json.RawMessage) bool {
	var v struct {
		Error *struct{ Code int } `json:"error"`
	}
	return json.Unmarshal(a, &v) == nil && v.Error != nil
}

// Pool resolves the request's session in a helper told whether the
// request is an initialize: for one, it registers a fresh session.
type Pool struct {
	mu       sync.Mutex
	sessions map[string]*backend
}

func (p *Pool) sessionFor(id string, renew bool) (*backend, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !renew {
		return p.sessions[id], id
	}
	fresh := rand.Text()
	b := &backend{in: make(chan json.RawMessage)}
	p.sessions[fresh] = b
	return b, fresh
}

func (p *Pool) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		p.post(w, r)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (p *Pool) post(w http.ResponseWriter, r *http.Request) {
	var msgs []message
	if err := json.NewDecoder(r.Body).Decode(&msgs); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	isInit := len(msgs) == 1 && msgs[0].Method == "initialize"
	b, id := p.sessionFor(r.Header.Get("Mcp-Session-Id"), isInit) // want `registered in sessions for an initialize whatever its dispatch answers`
	if b == nil {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	w.Header().Set("Mcp-Session-Id", id)
	var answers []json.RawMessage
	for _, m := range msgs {
		payload, err := b.call(r.Context(), m.Raw)
		if err != nil {
			payload = errorPayload(m.ID, -32603, "backend failed")
		}
		answers = append(answers, payload)
	}
	json.NewEncoder(w).Encode(answers)
}
