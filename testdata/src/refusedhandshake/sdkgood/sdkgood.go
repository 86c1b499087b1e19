// Package sdkgood holds the correct go-sdk shapes: no findings.
package sdkgood

import (
	"context"
	"crypto/rand"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)

// go-sdk's own handler owns its transports.
var Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)

func Mux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true}))
	return mux
}

type Sessions struct {
	mu sync.Mutex
	m  map[string]*mcp.StreamableServerTransport
}

// The recipe go-sdk's StreamableHTTPHandler uses (#578): after serving,
// close the session when the handshake did not establish it.
func (s *Sessions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	s.mu.Lock()
	s.m[t.SessionID] = t
	s.mu.Unlock()
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	go func() {
		ss.Wait()
		s.mu.Lock()
		delete(s.m, t.SessionID)
		s.mu.Unlock()
	}()
	t.ServeHTTP(w, r)
}

// The check written after serving instead of deferred.
func afterServing(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	t.ServeHTTP(w, r)
	if ss.InitializeParams() == nil {
		_ = ss.Close()
	}
}

// A stateless, per-request transport closed unconditionally.
func stateless(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{Stateless: true}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	defer ss.Close()
	t.ServeHTTP(w, r)
}

// An idle timer closes every session, refused or not.
func withTimeout(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	time.AfterFunc(time.Minute, func() { ss.Close() })
	t.ServeHTTP(w, r)
}

// A method value of Close handed to a timer is a close path too.
func methodValue(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, _ := server.Connect(r.Context(), t, nil)
	time.AfterFunc(time.Minute, func() { _ = ss.Close })
	t.ServeHTTP(w, r)
}

// Returned: the caller owns the pair (and is checked through the
// SessionFactory fact; nothing calls these).
func connect(ctx context.Context) (*mcp.StreamableServerTransport, *mcp.ServerSession, error) { // want connect:`sessionFactory\(1/3\)`
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(ctx, t, nil)
	return t, ss, err
}

func returned(w http.ResponseWriter, r *http.Request) (*mcp.ServerSession, error) { // want returned:`sessionFactory\(0/2\)`
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return nil, err
	}
	t.ServeHTTP(w, r)
	return ss, nil
}

// Handed to another function: ownership moves (as bodyclose treats it).
type tracker struct{ sessions []*mcp.ServerSession }

func (k *tracker) track(ss *mcp.ServerSession) { k.sessions = append(k.sessions, ss) }

func (k *tracker) handedOn(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	k.track(ss)
	t.ServeHTTP(w, r)
}

// Stored in a field of a longer-lived owner before serving.
type owner struct {
	session *mcp.ServerSession
}

func (o *owner) stored(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	o.session = ss
	t.ServeHTTP(w, r)
}

// Sent to a janitor goroutine.
var janitor = make(chan *mcp.ServerSession, 16)

func sent(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	janitor <- ss
	t.ServeHTTP(w, r)
}

// A map entry struct whose session is closed after a refused handshake.
type entry struct {
	transport *mcp.StreamableServerTransport
	session   *mcp.ServerSession
}

var entries sync.Map

func entryClosed(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	e := &entry{transport: t, session: ss}
	entries.Store(t.SessionID, e)
	e.transport.ServeHTTP(w, r)
	if e.session.InitializeParams() == nil {
		entries.Delete(t.SessionID)
		e.session.Close()
	}
}

// Built once, in setup code, not per request: not this check's business.
func Setup(ctx context.Context) (http.Handler, error) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	if _, err := server.Connect(ctx, t, nil); err != nil {
		return nil, err
	}
	return t, nil
}

// The transport comes from elsewhere: whoever built it owns it.
func given(w http.ResponseWriter, r *http.Request, t *mcp.StreamableServerTransport) {
	server.Connect(r.Context(), t, nil)
	t.ServeHTTP(w, r)
}

// Built once in setup code and connected in a handler (a mistake of another
// kind: a transport connects only once), but not built per request.
func BuiltOutside(mux *http.ServeMux) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		ss, err := server.Connect(r.Context(), t, nil)
		if err != nil {
			return
		}
		_ = ss.ID()
		t.ServeHTTP(w, r)
	})
}

// A reaper ranges over the session map and closes idle sessions, refused
// handshakes included: the map store is covered.
type reaping struct {
	mu       sync.Mutex
	sessions map[string]*entry
	idle     sync.Map
}

func (h *reaping) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	h.mu.Lock()
	h.sessions[t.SessionID] = &entry{transport: t, session: ss}
	h.mu.Unlock()
	t.ServeHTTP(w, r)
}

func (h *reaping) reap() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, e := range h.sessions {
		if e.session.InitializeParams() == nil {
			e.session.Close()
			delete(h.sessions, id)
		}
	}
}

func (h *reaping) serveSyncMap(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := server.Connect(r.Context(), t, nil)
	if err != nil {
		return
	}
	h.idle.Store(t.SessionID, ss)
	t.ServeHTTP(w, r)
}

func (h *reaping) reapSyncMap() {
	h.idle.Range(func(k, v any) bool {
		v.(*mcp.ServerSession).Close()
		h.idle.Delete(k)
		return true
	})
}

// The deferred refusal test against go-sdk v1.8.0 (the vendored release),
// whose server/discover records InitializeParams only when the transport
// serves the protocol needing them: right in form and in fact. (Against
// v1.7.0 it leaked every discover probe, #1136: see the probeleak fixture.)
var probeServer = mcp.NewServer(&mcp.Implementation{Name: "probe", Version: "v1"}, nil)

func trustedRefusalTest(w http.ResponseWriter, r *http.Request) {
	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
	ss, err := probeServer.Connect(r.Context(), t, nil)
	if err != nil {
		http.Error(w, "connect failed", http.StatusInternalServerError)
		return
	}
	defer func() {
		if ss.InitializeParams() == nil {
			ss.Close()
		}
	}()
	t.ServeHTTP(w, r)
}
