package mcphttp

import (
	"context"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
)

// dataStore is the SessionStore as the Keeper sees it when sessions carry a
// state the store keeps: every record it writes carries the session's state
// as encoded at the time of the write; a claim returns the state it read in
// the record's Data.
type dataStore struct {
	sessionstore.Store
	h *Handler
}

// Put implements sessionstore.Store. A session that is not live has ended
// (or never got its state): its record keeps what its end saved, and a
// late write of a request that raced the end is dropped rather than store
// the session without its state.
func (d *dataStore) Put(ctx context.Context, id string, rec sessionstore.Record, ttl time.Duration) error {
	v, ok := d.h.live.Load(id)
	if !ok {
		return nil
	}
	ss := &v.(*session).state
	ss.saveMu.Lock()
	defer ss.saveMu.Unlock()
	state := ss.get()
	if state == nil {
		// Ended while this write waited for the one its end made.
		return nil
	}
	b, _, err := d.h.opts.State.encode(state)
	if err != nil {
		d.h.opts.Logger.Warn("mcp: encoding the session's state; its record keeps the last one saved", "session", id, "err", err)
		ss.mu.Lock()
		b = ss.saved
		ss.mu.Unlock()
	}
	rec.Data = b
	if err := d.Store.Put(ctx, id, rec, ttl); err != nil {
		return err
	}
	ss.mu.Lock()
	ss.saved = rec.Data
	ss.mu.Unlock()
	return nil
}
