package mcphttp

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// State is how a [Handler] keeps a session's own state, of type T: the
// user, a tenant, upstream connections, a cart — what a server would
// otherwise keep in a map of its own keyed by session id. Set it as
// [Options.State]; mcpgen's generated wiring does so from a type the user
// declares.
//
// The state of a session is built by New when its handshake is accepted (a
// refused handshake builds none), reached from a tool handler's context with
// [StateFrom], closed by Close exactly once when the session ends on this
// node, and — with a SessionStore and Marshal and Unmarshal — saved beside
// the session's record and restored when another node resumes it. The
// session's calls run concurrently and share it: T guards its own fields.
type State[T any] struct {
	// New builds the state of a session whose handshake the server has
	// accepted, from the initialize request, its principal
	// ([Options.Principal]) and the initialize params. An error ends the
	// session: the client's initialize fails and it holds no session. It
	// also builds the state of a session resumed from a record that holds
	// none (r is then the request that resumed it).
	New func(r *http.Request, principal string, params *mcp.InitializeParams) (*T, error)
	// Close, when set, releases the state once its session has ended on
	// this node: closed by its client, idle, or by Shutdown (after which
	// another node may resume the session from its saved state). Its error
	// is logged.
	Close func(*T) error
	// Marshal and Unmarshal, when both are set, keep the state in the
	// SessionStore: it is saved when the handshake is accepted and after
	// every request of the session that changed its encoding, and restored
	// on the node that resumes the session.
	Marshal   func(*T) ([]byte, error)
	Unmarshal func([]byte) (*T, error)
}

// StateHooks is what [Options.State] holds: a *[State] of some type.
type StateHooks interface {
	build(r *http.Request, principal string, params *mcp.InitializeParams) (any, error)
	release(v any) error
	encode(v any) ([]byte, bool, error)
	decode(data []byte) (any, error)
}

func (st *State[T]) build(r *http.Request, principal string, params *mcp.InitializeParams) (any, error) {
	if st.New == nil {
		return nil, errors.New("mcphttp: State.New is nil")
	}
	v, err := st.New(r, principal, params)
	if err == nil && v == nil {
		err = errors.New("mcphttp: State.New returned no state and no error")
	}
	return v, err
}

func (st *State[T]) release(v any) error {
	if st.Close == nil {
		return nil
	}
	return st.Close(v.(*T))
}

// encode is the state's stored form; ok is false when the state is not
// kept in the store.
func (st *State[T]) encode(v any) ([]byte, bool, error) {
	if st.Marshal == nil || st.Unmarshal == nil {
		return nil, false, nil
	}
	b, err := st.Marshal(v.(*T))
	return b, true, err
}

func (st *State[T]) decode(data []byte) (any, error) {
	if st.Unmarshal == nil {
		return nil, errors.New("mcphttp: State.Unmarshal is nil")
	}
	v, err := st.Unmarshal(data)
	if err == nil && v == nil {
		err = errors.New("mcphttp: State.Unmarshal returned no state and no error")
	}
	return v, err
}

// sessionState is a session's own state and its lifecycle on this node.
type sessionState struct {
	mu    sync.Mutex
	value any    // the built or restored state; nil before
	ended bool   // the session has closed: value is released, nothing more is built
	saved []byte // the encoding last handed to the store
}

// sessionKey is the context key under which a session's server session
// finds its *session: every request the server handles for the session
// runs under a context derived from the one it was connected with.
type sessionKey struct{}

// sessionContext is the context a session's server session is connected
// with.
func sessionContext(s *session) context.Context {
	return context.WithValue(context.Background(), sessionKey{}, s)
}

// StateFrom returns the state of the session a request handler runs for:
// ctx is the context go-sdk hands a tool, prompt or resource handler. It is
// nil outside a session (a 2026-07-28 request, served statelessly), when the
// Handler has no State, or when T is not its type.
func StateFrom[T any](ctx context.Context) *T {
	s, _ := ctx.Value(sessionKey{}).(*session)
	if s == nil {
		return nil
	}
	v, _ := s.state.get().(*T)
	return v
}

// States returns the state of every session open on h, by session id: a
// snapshot for admin code (listing users, closing a tenant's sessions). A
// session whose handshake is still in progress is not in it.
func States[T any](h *Handler) map[string]*T {
	out := map[string]*T{}
	if h.sessions == nil {
		return out
	}
	h.live.Range(func(id, s any) bool {
		if v, ok := s.(*session).state.get().(*T); ok {
			out[id.(string)] = v
		}
		return true
	})
	return out
}

func (ss *sessionState) get() any {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.value
}

// set installs v unless the session has ended meanwhile; it reports
// whether it did, and the caller then owns v (and releases it).
func (ss *sessionState) set(v any) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.ended {
		return false
	}
	ss.value = v
	return true
}

// end marks the session ended and returns the state to release, once.
func (ss *sessionState) end() any {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.ended {
		return nil
	}
	ss.ended = true
	v := ss.value
	ss.value = nil
	return v
}

// buildState builds the state of a session whose handshake the server has
// just accepted. An error closes the session, so that the handshake fails.
func (h *Handler) buildState(s *session, r *http.Request, id string, params *mcp.InitializeParams) bool {
	v, err := h.opts.State.build(r, s.principal, params)
	if err != nil {
		h.opts.Logger.Warn("mcp: building the session's state; the session is closed", "session", id, "err", err)
		s.transport.Close()
		return false
	}
	h.install(s, id, v)
	return true
}

// install makes v the state of session id, or releases it when the session
// has ended meanwhile.
func (h *Handler) install(s *session, id string, v any) {
	if !s.state.set(v) {
		h.release(id, v)
		return
	}
	h.live.Store(id, s)
}

// endState releases the state of a session that has ended, exactly once.
func (h *Handler) endState(s *session, id string) {
	if h.opts.State == nil {
		return
	}
	h.live.Delete(id)
	if v := s.state.end(); v != nil {
		h.release(id, v)
	}
}

func (h *Handler) release(id string, v any) {
	if err := h.opts.State.release(v); err != nil {
		h.opts.Logger.Warn("mcp: closing the session's state", "session", id, "err", err)
	}
}

// restoreState gives a resumed session its state: the one saved in its
// record (data), or a new one when the record holds none or an unreadable
// one.
func (h *Handler) restoreState(s *session, r *http.Request, id string, state mcp.ServerSessionState, data []byte) error {
	if h.opts.State == nil {
		return nil
	}
	var v any
	if len(data) > 0 {
		var err error
		if v, err = h.opts.State.decode(data); err != nil {
			h.opts.Logger.Warn("mcp: session store: the session's saved state is unreadable; building a new one", "session", id, "err", err)
			v = nil
		}
	}
	if v == nil {
		var err error
		if v, err = h.opts.State.build(r, s.principal, state.InitializeParams); err != nil {
			h.opts.Logger.Warn("mcp: building a resumed session's state", "session", id, "err", err)
			return err
		}
	}
	s.state.saved = data
	h.install(s, id, v)
	return nil
}

// saveState saves the session's state after a request of it when its
// encoding changed: a store round trip only when a call changed something.
func (h *Handler) saveState(s *session) {
	if h.opts.State == nil || h.keeper == nil {
		return
	}
	v := s.state.get()
	if v == nil {
		return
	}
	b, kept, err := h.opts.State.encode(v)
	if !kept || err != nil {
		// An error is logged by the save that follows the next change.
		return
	}
	s.state.mu.Lock()
	same := string(b) == string(s.state.saved)
	s.state.mu.Unlock()
	if same {
		return
	}
	if state, ok := s.transport.State(); ok {
		h.keeper.Save(&s.link, s.transport.SessionID(), state)
	}
}
