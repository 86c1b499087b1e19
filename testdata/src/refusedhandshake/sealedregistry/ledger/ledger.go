// Package ledger keeps sessions under ids it mints itself; the HTTP side
// that opens them lives in other packages.
package ledger

import (
	"crypto/rand"
	"sync"
	"time"
)

type Entry struct {
	ID     string
	Opened time.Time
}

// newEntry mints the id in the literal.
func newEntry() *Entry {
	return &Entry{ID: rand.Text(), Opened: time.Now()}
}

type Ledger struct {
	mu   sync.Mutex
	open map[string]*Entry
}

func New() *Ledger { return &Ledger{open: map[string]*Entry{}} }

// Open keeps a new entry and hands it back.
func (l *Ledger) Open() *Entry { // want Open:`freshRegistrar\(open\)`
	e := newEntry()
	l.mu.Lock()
	l.open[e.ID] = e
	l.mu.Unlock()
	return e
}

// Find looks the client's id up.
func (l *Ledger) Find(id string) (*Entry, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.open[id]
	return e, ok
}

// Close forgets id.
func (l *Ledger) Close(id string) { // want Close:`tableRemover\(open\)`
	l.mu.Lock()
	delete(l.open, id)
	l.mu.Unlock()
}

// Touch stores under the id it is handed; it returns nothing, so it is no
// registrar under a minted id.
func (l *Ledger) Touch(e *Entry) {
	l.mu.Lock()
	l.open[e.ID] = e
	l.mu.Unlock()
}

// Hold keeps an entry under the id it is handed.
func (l *Ledger) Hold(id string) { // want Hold:`paramRegistrar\(open\)`
	l.mu.Lock()
	l.open[id] = &Entry{ID: id, Opened: time.Now()}
	l.mu.Unlock()
}
