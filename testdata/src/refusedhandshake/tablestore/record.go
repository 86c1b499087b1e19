package tablestore

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
)

// RecordStore keeps a session record whose id is a field of the record.
type RecordStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Create(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

// Records registers the record before the initialize's params are read,
// and leaks it on their refusal as Server does: the store keys the record
// by its ID field, a fresh id.
type Records struct {
	store RecordStore
}

func (s *Records) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil { // want `a session is registered in store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(req.Params, &params); err != nil {
		http.Error(w, "invalid params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

// live is a session as a handler holds it; persisted is the record it is
// kept as, a view its method builds.
type live struct {
	id       string
	protocol string
}

func (l *live) persisted() *Session { return &Session{ID: l.id, Protocol: l.protocol} }

func newLive() *live { return &live{id: rand.Text()} }

// Views persists a view of a session a constructor minted, then refuses
// the params: the view carries the fresh id, and the entry stays.
type Views struct {
	store RecordStore
}

func (s *Views) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	l := newLive()
	if err := s.store.Create(ctx, l.persisted()); err != nil { // want `a session is registered in store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if len(req.Params) == 0 {
		http.Error(w, "initialize needs params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", l.id)
	w.WriteHeader(http.StatusOK)
}

// Settled creates the record only once the params are accepted, and
// RolledBack deletes it on the refusal: neither leaves an entry.
type Settled struct {
	store RecordStore
}

func (s *Settled) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if len(req.Params) == 0 {
		http.Error(w, "initialize needs params", http.StatusBadRequest)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

type RolledBack struct {
	store RecordStore
}

func (s *RolledBack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "parse error", http.StatusBadRequest)
		return
	}
	if req.Method != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	if len(req.Params) == 0 {
		s.store.Delete(ctx, sess.ID)
		http.Error(w, "initialize needs params", http.StatusBadRequest)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

// Echoes keeps a record under the client's own id: not a fresh one, so
// not this rule's (an adoption, sessionstatus's).
type Echoes struct {
	store RecordStore
}

func (s *Echoes) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.Header.Get("Mcp-Session-Id")
	if _, err := s.store.Get(ctx, id); err == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if err := s.store.Create(ctx, &Session{ID: id}); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	http.Error(w, "not initialized", http.StatusBadRequest)
}

// Relayed hands the initialize to an upstream through a helper given the
// writer that only returns its failure, tests that failure itself, and
// drops the record before every refusal: nothing is left behind. Forgets
// does the same without the drop.
type Relayed struct {
	store    RecordStore
	upstream string
}

func (s *Relayed) forward(w http.ResponseWriter, r *http.Request) (*http.Response, error) {
	w.Header().Set("Via", "relay")
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, s.upstream, r.Body)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

func (s *Relayed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if r.URL.Query().Get("method") != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil {
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	resp, err := s.forward(w, r)
	if err != nil || resp.StatusCode != http.StatusOK {
		s.store.Delete(ctx, sess.ID)
		if err != nil {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		w.WriteHeader(resp.StatusCode)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

type Forgets struct{ Relayed }

func (s *Forgets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if r.URL.Query().Get("method") != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil { // want `a session is registered in store before the handshake is accepted, and a later refusal answers an error without removing it`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	resp, err := s.forward(w, r)
	if err != nil || resp.StatusCode != http.StatusOK {
		if err != nil {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		w.WriteHeader(resp.StatusCode)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	w.WriteHeader(http.StatusOK)
}

// Drops streams the initialize's answer through a helper that returns the
// write's failure, and on that failure only logs: the client never got
// the id, and the record stays.
type Drops struct {
	store RecordStore
	logf  func(string, ...any)
}

func send(w http.ResponseWriter, body []byte) error {
	_, err := w.Write(body)
	return err
}

func (s *Drops) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if r.URL.Query().Get("method") != "initialize" {
		if _, err := s.store.Get(ctx, r.Header.Get("Mcp-Session-Id")); err != nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	sess := &Session{ID: rand.Text()}
	if err := s.store.Create(ctx, sess); err != nil { // want `a session is registered in store`
		http.Error(w, "store failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.ID)
	if err := send(w, []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`)); err != nil {
		s.logf("initialize answer for %s: %v", sess.ID, err)
		return
	}
}
