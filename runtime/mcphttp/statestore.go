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

// Put implements sessionstore.Store.
func (d *dataStore) Put(ctx context.Context, id string, rec sessionstore.Record, ttl time.Duration) error {
	if s, ok := d.h.live.Load(id); ok {
		ss := &s.(*session).state
		if v := ss.get(); v != nil {
			b, _, err := d.h.opts.State.encode(v)
			if err != nil {
				d.h.opts.Logger.Warn("mcp: encoding the session's state; its record keeps the last one saved", "session", id, "err", err)
				ss.mu.Lock()
				b = ss.saved
				ss.mu.Unlock()
			}
			rec.Data = b
		}
	}
	if err := d.Store.Put(ctx, id, rec, ttl); err != nil {
		return err
	}
	if s, ok := d.h.live.Load(id); ok && rec.Data != nil {
		ss := &s.(*session).state
		ss.mu.Lock()
		ss.saved = rec.Data
		ss.mu.Unlock()
	}
	return nil
}
