package sessionstore

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultCallTimeout bounds each store call a [Keeper] makes: a slow store
// delays a request, it must not hang it.
const DefaultCallTimeout = 2 * time.Second

// Keeper links one node's sessions to a [Store]: it saves a session's state
// when it changes, checks on every request of a session that this node
// still holds it (refreshing its record: one store round trip per request,
// the price of closing a superseded copy at its next use), forgets it when
// the session ends for good, and claims the sessions of other nodes. A handler keeps one
// Keeper and a [Link] per session. Store failures are logged, never
// answered to the client: the session goes on on this node, only its
// failover is at risk. Every write names the epoch this node holds the
// session under, so a copy another node has claimed since changes nothing
// in the store.
type Keeper struct {
	store   Store
	node    string
	ttl     time.Duration
	timeout time.Duration
	log     *slog.Logger
	// quietUntil (unix nanoseconds) is set when a refresh fails for want
	// of an answer: until then Touch skips the store, so that a store that
	// is down or slow costs the sessions held here one bounded wait per
	// StoreBackoff, not one per request.
	quietUntil atomic.Int64
}

// StoreBackoff is how long a Keeper leaves the store alone on the request
// path (Touch) after a call that got no answer. Claims are tried anyway:
// their answer (503) is the client's cue to retry.
const StoreBackoff = time.Second

// NewKeeper returns a Keeper for the sessions of node, stored for ttl past
// their last use (≤ 0 → [DefaultTTL]). logger nil discards.
func NewKeeper(store Store, node string, ttl time.Duration, logger *slog.Logger) *Keeper {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Keeper{store: store, node: node, ttl: ttl, timeout: DefaultCallTimeout, log: logger}
}

// TTL is how long a record lives past its last refresh.
func (k *Keeper) TTL() time.Duration { return k.ttl }

// Link is one session's link to the store: the principal it belongs to,
// the epoch this node holds it under and whether another node has claimed
// it since. The zero value is a session not yet saved.
type Link struct {
	principal atomic.Pointer[string]
	epoch     atomic.Uint64 // 0: not stored by this node yet
	lost      atomic.Bool
}

// Own records the principal of the session (its handshake's), written with
// its record. Call it before the first Save.
func (l *Link) Own(principal string) { l.principal.Store(&principal) }

func (l *Link) owner() string {
	if p := l.principal.Load(); p != nil {
		return *p
	}
	return ""
}

// Lost reports whether another node holds the session now: this copy must
// close without touching the record.
func (l *Link) Lost() bool { return l.lost.Load() }

func (k *Keeper) ctx(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, k.timeout)
}

// lose marks l as claimed elsewhere, once.
func (k *Keeper) lose(l *Link, id string) {
	if !l.lost.Swap(true) {
		k.log.Info("mcp: session store: another node holds the session now; closing this node's copy", "session", id)
	}
}

// Save stores the state of session id; it is the transport's
// OnStateChange (streamable.Options), which calls it in order. A new
// session is stored under epoch 1.
func (k *Keeper) Save(l *Link, id string, state mcp.ServerSessionState) {
	if l.lost.Load() {
		return
	}
	epoch := l.epoch.Load()
	if epoch == 0 {
		epoch = 1
	}
	ctx, cancel := k.ctx(context.Background())
	defer cancel()
	err := k.store.Put(ctx, id, Record{State: state, Principal: l.owner(), Node: k.node, Epoch: epoch}, k.ttl)
	switch {
	case errors.Is(err, ErrNotHolder):
		k.lose(l, id)
		return
	case err != nil:
		k.log.Warn("mcp: session store: saving the session; it cannot move to another node until saved", "session", id, "error", err)
		return
	}
	l.epoch.Store(epoch)
}

// Touch runs on every request of an established session: it checks that
// this node still holds the session and extends its record, in one store
// call. It reports false when another node has claimed the session: the
// caller closes this copy (without Forget) and resumes the session anew, so
// that its newest state serves the request. A record found missing (it
// expired) is written again from current, the transport's State. A store
// that fails is logged and the session goes on here.
func (k *Keeper) Touch(l *Link, id string, current func() (mcp.ServerSessionState, bool)) (held bool) {
	if l.lost.Load() {
		return false
	}
	epoch := l.epoch.Load()
	if epoch == 0 || time.Now().UnixNano() < k.quietUntil.Load() {
		return true // not saved yet (Save will), or the store is resting
	}
	ctx, cancel := k.ctx(context.Background())
	defer cancel()
	ok, err := k.store.Refresh(ctx, id, epoch, k.ttl)
	switch {
	case errors.Is(err, ErrNotHolder):
		k.lose(l, id)
		return false
	case err != nil:
		k.quietUntil.Store(time.Now().Add(StoreBackoff).UnixNano())
		k.log.Warn("mcp: session store: refreshing the session; the session goes on here", "session", id, "error", err)
	case !ok:
		if state, established := current(); established {
			k.Save(l, id, state)
		}
	}
	return !l.lost.Load()
}

// Claim takes session id over from whichever node held it, for a request
// of principal: the store checks the principal and raises the epoch in one
// step. ok is false when the store has no such session. Errors: one wrapping
// ErrForbidden (another principal's: answer 403), one wrapping ErrFormat (a
// record that cannot be read: answer 404 so the client starts again), any
// other when the store did not answer (503: the client retries).
func (k *Keeper) Claim(ctx context.Context, l *Link, id, principal string) (Record, bool, error) {
	ctx, cancel := k.ctx(ctx)
	defer cancel()
	rec, ok, err := k.store.Claim(ctx, id, k.node, principal, k.ttl)
	if err != nil || !ok {
		return Record{}, ok, err
	}
	l.Own(rec.Principal)
	l.epoch.Store(rec.Epoch)
	return rec, true, nil
}

// Forget removes the record of a session that ended for good (the
// client's DELETE, idleness), if this node still holds it. A session
// closed by a node's shutdown, or claimed by another node, keeps its
// record: do not call Forget for it.
func (k *Keeper) Forget(l *Link, id string) {
	epoch := l.epoch.Load()
	if l.lost.Load() || epoch == 0 {
		return // claimed elsewhere, or never stored by this node
	}
	ctx, cancel := k.ctx(context.Background())
	defer cancel()
	switch err := k.store.Delete(ctx, id, epoch); {
	case errors.Is(err, ErrNotHolder):
		k.lose(l, id)
	case err != nil:
		k.log.Warn("mcp: session store: forgetting the session", "session", id, "error", err)
	}
}
