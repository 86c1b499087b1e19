package sessions

import "context"

// resumption is one Resume of an id under way; done is closed when e and
// err are set.
type resumption[S Closer] struct {
	done chan struct{}
	e    *Entry[S]
	err  error
}

// Resume returns the established session under id, calling resume to
// bring it back (from a session store) when the table does not hold it.
// Of concurrent calls for one id by one caller (who: the principal of the
// request, so that a stranger's refused resumption is never the owner's
// answer), one runs resume and the others wait for its result, so a
// session is resumed once however many of its requests arrive together;
// calls for other ids never wait for it, however slow the store. resume returns the entry it established (Reserve, Establish)
// or nil for a session that does not exist. A caller whose ctx ends while
// it waits gets ctx's error; the resumption goes on for the others.
func (t *Table[S]) Resume(ctx context.Context, id, who string, resume func() (*Entry[S], error)) (*Entry[S], error) {
	key := who + "\x00" + id
	t.mu.Lock()
	if e := t.byID[id]; e != nil {
		t.mu.Unlock()
		return e, nil
	}
	if r := t.resuming[key]; r != nil {
		t.mu.Unlock()
		select {
		case <-r.done:
			return r.e, r.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	r := &resumption[S]{done: make(chan struct{})}
	if t.resuming == nil {
		t.resuming = make(map[string]*resumption[S])
	}
	t.resuming[key] = r
	t.mu.Unlock()

	defer func() {
		t.mu.Lock()
		delete(t.resuming, key)
		t.mu.Unlock()
		close(r.done)
	}()
	r.e, r.err = resume()
	return r.e, r.err
}
