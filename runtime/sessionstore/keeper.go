package sessionstore

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultCallTimeout bounds each store call a [Keeper] makes: a slow store
// delays a request, it must not hang it.
const DefaultCallTimeout = 2 * time.Second

// Keeper links one node's sessions to a [Store]: it saves a session's state
// when it changes, refreshes the record while the session is in use (at
// most once per TTL/4, not per request), forgets it when the session ends
// for good, and loads the sessions of other nodes. A handler keeps one
// Keeper and a [Link] per session. Store failures are logged, never
// answered to the client: the session goes on on this node, only its
// failover is at risk.
type Keeper struct {
	store   Store
	node    string
	ttl     time.Duration
	timeout time.Duration
	log     *slog.Logger
}

// NewKeeper returns a Keeper for the sessions node mints, stored for ttl
// past their last use (≤ 0 → [DefaultTTL]). logger nil discards.
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

// Link is one session's link to the store: when its record was last
// written. The zero value is a session not yet saved.
type Link struct {
	written atomic.Int64 // unix nanoseconds of the last Put or Refresh
}

func (k *Keeper) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), k.timeout)
}

// Save stores the state of session id; it is the transport's
// OnStateChange (streamable.Options), which calls it in order.
func (k *Keeper) Save(l *Link, id string, state mcp.ServerSessionState) {
	ctx, cancel := k.ctx()
	defer cancel()
	if err := k.store.Put(ctx, id, Record{State: state, Node: k.node}, k.ttl); err != nil {
		k.log.Warn("mcp: session store: saving the session; it cannot move to another node until saved", "session", id, "error", err)
		return
	}
	l.written.Store(time.Now().UnixNano())
}

// Touch runs on every request of an established session and refreshes its
// record when a quarter of the ttl has passed since it was last written.
// A record found missing (it expired, or another node forgot it) is written
// again from current, the transport's State.
func (k *Keeper) Touch(l *Link, id string, current func() (mcp.ServerSessionState, bool)) {
	last := l.written.Load()
	now := time.Now().UnixNano()
	if last == 0 || now-last < int64(RefreshEvery(k.ttl)) || !l.written.CompareAndSwap(last, now) {
		// Not saved yet (Save will), fresh enough, or another request of
		// the session is refreshing it right now.
		return
	}
	ctx, cancel := k.ctx()
	defer cancel()
	ok, err := k.store.Refresh(ctx, id, k.ttl)
	if err != nil {
		k.log.Warn("mcp: session store: refreshing the session", "session", id, "error", err)
		l.written.CompareAndSwap(now, last) // try again on the next request
		return
	}
	if !ok {
		if state, established := current(); established {
			k.Save(l, id, state)
		}
	}
}

// Forget removes the record of a session that ended for good (the
// client's DELETE, idleness). A session closed by a node's shutdown keeps
// its record, so that another node resumes it.
func (k *Keeper) Forget(id string) {
	ctx, cancel := k.ctx()
	defer cancel()
	if err := k.store.Delete(ctx, id); err != nil {
		k.log.Warn("mcp: session store: forgetting the session", "session", id, "error", err)
	}
}

// Load returns the stored state of a session this node does not hold.
func (k *Keeper) Load(ctx context.Context, id string) (mcp.ServerSessionState, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	rec, ok, err := k.store.Get(ctx, id)
	return rec.State, ok, err
}

// Resumed records that a session was just loaded from the store and is
// served here now: its record counts as fresh.
func (k *Keeper) Resumed(l *Link) { l.written.Store(time.Now().UnixNano()) }
