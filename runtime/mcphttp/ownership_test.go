package mcphttp_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/mcphttp/mcphttptest"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/modelcontextprotocol/go-sdk/auth"
)

// userHeader carries the principal in these tests, as a fronting proxy that
// authenticated the caller would set it.
func userOf(r *http.Request) string { return r.Header.Get("X-User") }

const toolsList = `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`

// send runs one request through h (in process: no network, so that it
// also runs inside a synctest bubble) and returns the recorded response.
func send(h http.Handler, method, user, session, body string) *httptest.ResponseRecorder {
	var r *http.Request
	if body != "" {
		r = httptest.NewRequest(method, "http://127.0.0.1/mcp", strings.NewReader(body))
	} else {
		r = httptest.NewRequest(method, "http://127.0.0.1/mcp", nil)
	}
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	if user != "" {
		r.Header.Set("X-User", user)
	}
	if session != "" {
		r.Header.Set("Mcp-Session-Id", session)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// openSession runs the handshake on h as user and returns the session id.
func openSession(t *testing.T, h http.Handler, user string) string {
	t.Helper()
	w := send(h, http.MethodPost, user, "", initialize)
	id := w.Header().Get("Mcp-Session-Id")
	if w.Code != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	if w := send(h, http.MethodPost, user, id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); w.Code != http.StatusAccepted {
		t.Fatalf("initialized: %d %s", w.Code, w.Body)
	}
	return id
}

// rpcCode returns the JSON-RPC error code of a refusal, 0 for none.
func rpcCode(w *httptest.ResponseRecorder) int64 {
	var e struct {
		Error struct{ Code int64 } `json:"error"`
	}
	json.Unmarshal(w.Body.Bytes(), &e)
	return e.Error.Code
}

func record(t *testing.T, store sessionstore.Store, id string) sessionstore.Record {
	t.Helper()
	rec, ok, err := store.Get(context.Background(), id)
	if !ok || err != nil {
		t.Fatalf("record of %s: ok %v, err %v", id, ok, err)
	}
	return rec
}

// A second principal is refused 403 on POST, GET and DELETE of another's
// session on the node that holds it and on a node that would resume it —
// which resumes nothing — and the owner's session goes on, on either node.
// The copy left behind when the owner moves on is closed at its next use
// and claims the session back; a stale copy's idle expiry does not delete
// the record the live copy holds.
func TestOwnershipAcrossNodes(t *testing.T) {
	store := sessionstore.NewMemory(0)
	node := func(id string, idle time.Duration) *mcphttp.Handler {
		h, _ := serve(t, mcphttp.Options{NodeID: id, SessionStore: store, Principal: userOf, IdleTimeout: idle})
		return h
	}
	h1, h2 := node("n1", 0), node("n2", time.Second)
	id := openSession(t, h1, "alice")

	for _, h := range []*mcphttp.Handler{h1, h2} {
		for _, user := range []string{"bob", ""} {
			for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
				body := ""
				if m == http.MethodPost {
					body = toolsList
				}
				if w := send(h, m, user, id, body); w.Code != http.StatusForbidden || rpcCode(w) != -32000 {
					t.Errorf("%s as %q: %d %s, want 403 / -32000", m, user, w.Code, w.Body)
				}
			}
		}
	}
	if st := h2.Stats(); st.SessionsResumed != 0 {
		t.Fatalf("a stranger's requests resumed the session: %+v", st)
	}
	if rec := record(t, store, id); rec.Epoch != 1 || rec.Node != "n1" || rec.Principal != "alice" {
		t.Fatalf("record after the refusals: %+v", rec)
	}

	// The owner moves to n2: resumed, n2 holds it.
	if w := send(h2, http.MethodPost, "alice", id, toolsList); w.Code != http.StatusOK {
		t.Fatalf("owner's call on n2: %d %s", w.Code, w.Body)
	}
	if rec := record(t, store, id); rec.Epoch != 2 || rec.Node != "n2" || h2.Stats().SessionsResumed != 1 {
		t.Fatalf("after the owner's call on n2: record %+v, n2 %+v", rec, h2.Stats())
	}
	if w := send(h2, http.MethodPost, "bob", id, toolsList); w.Code != http.StatusForbidden {
		t.Errorf("stranger on the resumed copy: %d, want 403", w.Code)
	}
	// Back to n1, whose copy is stale: it closes and claims the session back.
	if w := send(h1, http.MethodPost, "alice", id, toolsList); w.Code != http.StatusOK {
		t.Fatalf("owner's call on n1 after n2 claimed: %d %s", w.Code, w.Body)
	}
	if rec := record(t, store, id); rec.Epoch != 3 || rec.Node != "n1" || h1.Stats().SessionsResumed != 1 {
		t.Fatalf("after the owner's return to n1: record %+v, n1 %+v", rec, h1.Stats())
	}
	// n2's copy expires idle: it no longer holds the session, so the record
	// stays.
	eventually(t, "n2's stale copy to expire", func() bool { return h2.Stats().ClosedByIdle == 1 })
	if rec := record(t, store, id); rec.Epoch != 3 || rec.Node != "n1" {
		t.Fatalf("the stale copy's expiry changed the record: %+v", rec)
	}
	if w := send(h1, http.MethodDelete, "alice", id, ""); w.Code != http.StatusOK {
		t.Fatalf("owner's DELETE: %d %s", w.Code, w.Body)
	}
	if _, ok, _ := store.Get(context.Background(), id); ok {
		t.Fatal("the holder's DELETE left the record")
	}
}

// faultStore is a Memory store whose Claim and Refresh can be made to fail
// (a store that is down) or to answer late (a slow one).
type faultStore struct {
	*sessionstore.Memory
	mu    sync.Mutex
	down  bool
	delay time.Duration
}

func (f *faultStore) fault(ctx context.Context) error {
	f.mu.Lock()
	down, delay := f.down, f.delay
	f.mu.Unlock()
	if down {
		return errors.New("connection refused")
	}
	select {
	case <-time.After(delay):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *faultStore) Claim(ctx context.Context, id, node, principal string, ttl time.Duration) (sessionstore.Record, bool, error) {
	if err := f.fault(ctx); err != nil {
		return sessionstore.Record{}, false, err
	}
	return f.Memory.Claim(ctx, id, node, principal, ttl)
}

func (f *faultStore) Refresh(ctx context.Context, id string, epoch uint64, ttl time.Duration) (bool, error) {
	if err := f.fault(ctx); err != nil {
		return false, err
	}
	return f.Memory.Refresh(ctx, id, epoch, ttl)
}

// The store is an outside system that fails. Down: sessions held here go
// on, resumptions are 503 with Retry-After (never 404). Slow: resumptions of
// different sessions run side by side, each one store round trip. Records
// that cannot be read — garbled, oversized, of another format version —
// are 404 / -32001 on every try, so the client starts a new session rather
// than retrying for ever.
func TestStoreFaults(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &faultStore{Memory: sessionstore.NewMemory(0)}
		h1 := mcphttp.NewHandler(mcphttptest.EchoServer, mcphttp.Options{NodeID: "n1", SessionStore: store, Principal: userOf})
		h2 := mcphttp.NewHandler(mcphttptest.EchoServer, mcphttp.Options{NodeID: "n2", SessionStore: store, Principal: userOf})
		defer func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			h1.Shutdown(ctx)
			h2.Shutdown(ctx)
		}()
		const n = 20
		ids := make([]string, n)
		for i := range ids {
			ids[i] = openSession(t, h1, "alice")
		}

		store.mu.Lock()
		store.down = true
		store.mu.Unlock()
		if w := send(h1, http.MethodPost, "alice", ids[0], toolsList); w.Code != http.StatusOK {
			t.Errorf("a held session with the store down: %d %s", w.Code, w.Body)
		}
		for range 2 {
			w := send(h2, http.MethodPost, "alice", ids[1], toolsList)
			if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
				t.Errorf("resume with the store down: %d (Retry-After %q) %s, want 503 with Retry-After", w.Code, w.Header().Get("Retry-After"), w.Body)
			}
		}

		store.mu.Lock()
		store.down, store.delay = false, 50*time.Millisecond
		store.mu.Unlock()
		start := time.Now()
		var wg sync.WaitGroup
		codes := make([]int, n)
		for i, id := range ids {
			wg.Go(func() { codes[i] = send(h2, http.MethodPost, "alice", id, toolsList).Code })
		}
		wg.Wait()
		took := time.Since(start)
		t.Logf("%d sessions resumed at once from a store answering in 50ms: %v", n, took)
		for i, c := range codes {
			if c != http.StatusOK {
				t.Errorf("resume %d: %d", i, c)
			}
		}
		// One claim round trip, plus the Touch of the store-resting check
		// on none (the sessions were just claimed).
		if took != 50*time.Millisecond {
			t.Errorf("%d resumptions took %v; want one store round trip (50ms), not one per session", n, took)
		}
		if st := h2.Stats(); st.SessionsResumed != n {
			t.Errorf("resumed %d, want %d", st.SessionsResumed, n)
		}

		store.mu.Lock()
		store.delay = 0
		store.mu.Unlock()
		bad := map[string][]byte{
			"garbled":   []byte(`{"v":1,"state":`),
			"oversized": []byte(`{"v":1,"state":{"initializeParams":{"clientInfo":{"name":"` + strings.Repeat("x", sessionstore.MaxRecordBytes) + `"}}}}`),
			"version 9": []byte(`{"v":9,"state":{"initializeParams":{}}}`),
		}
		for name, body := range bad {
			id := "n3." + strings.ReplaceAll(name, " ", "")
			store.PutRaw(id, body, "alice", 1, time.Hour)
			for try := range 2 {
				w := send(h2, http.MethodPost, "alice", id, toolsList)
				if w.Code != http.StatusNotFound || rpcCode(w) != -32001 {
					t.Errorf("%s record, try %d: %d %s, want 404 / -32001", name, try, w.Code, w.Body)
				}
			}
			// Another principal's unreadable record: refused for the
			// principal, before anything reads it.
			if w := send(h2, http.MethodPost, "bob", id, toolsList); w.Code != http.StatusForbidden {
				t.Errorf("%s record as another principal: %d, want 403", name, w.Code)
			}
		}
	})
}

// The default principal is go-sdk's: behind auth.RequireBearerToken on two
// nodes sharing a store, a second user's token is refused 403 on POST, GET
// and DELETE of the first user's session, on the node that holds it and on
// the one that would resume it, and the owner's session goes on there.
func TestBearerOwnershipAcrossNodes(t *testing.T) {
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		users := map[string]string{"tok-alice": "alice", "tok-bob": "bob"}
		if u, ok := users[token]; ok {
			return &auth.TokenInfo{UserID: u, Expiration: time.Now().Add(time.Hour)}, nil
		}
		return nil, auth.ErrInvalidToken
	}
	store := sessionstore.NewMemory(0)
	node := func(id string) http.Handler {
		h := mcphttp.NewHandler(mcphttptest.EchoServer, mcphttp.Options{NodeID: id, SessionStore: store})
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			h.Shutdown(ctx)
		})
		return auth.RequireBearerToken(verify, nil)(h)
	}
	n1, n2 := node("n1"), node("n2")
	as := func(h http.Handler, token, method, session, body string) int {
		var r *http.Request
		if body != "" {
			r = httptest.NewRequest(method, "http://127.0.0.1/mcp", strings.NewReader(body))
		} else {
			r = httptest.NewRequest(method, "http://127.0.0.1/mcp", nil)
		}
		r.Header.Set("Accept", "application/json, text/event-stream")
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer "+token)
		if session != "" {
			r.Header.Set("Mcp-Session-Id", session)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(initialize))
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", "Bearer tok-alice")
	w := httptest.NewRecorder()
	n1.ServeHTTP(w, r)
	id := w.Header().Get("Mcp-Session-Id")
	if w.Code != http.StatusOK || id == "" {
		t.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	for name, h := range map[string]http.Handler{"holding node": n1, "resuming node": n2} {
		for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
			body := ""
			if m == http.MethodPost {
				body = toolsList
			}
			if code := as(h, "tok-bob", m, id, body); code != http.StatusForbidden {
				t.Errorf("%s: bob's %s: %d, want 403", name, m, code)
			}
		}
	}
	if code := as(n2, "tok-alice", http.MethodPost, id, toolsList); code != http.StatusOK {
		t.Errorf("alice's call on the resuming node: %d, want 200", code)
	}
	if code := as(n2, "tok-bob", http.MethodPost, id, toolsList); code != http.StatusForbidden {
		t.Errorf("bob's call on the resumed session: %d, want 403", code)
	}
}
