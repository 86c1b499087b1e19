// Package orm is a small object mapper over database/sql: its queries go
// through a driver interface errclass cannot see into.
package orm

import "database/sql"

type driver interface {
	Fetch(query string, dest any) (int, error)
}

type Engine struct {
	DB *sql.DB
	d  driver
}

// Get loads the record whose key fields bean holds; found is false when
// there is none.
func (e *Engine) Get(bean any) (found bool, err error) {
	n, err := e.d.Fetch("select", bean)
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// Lookup returns the record under key, whether it exists, and the
// failure of the query.
func (e *Engine) Lookup(key string) (map[string]any, bool, error) {
	var out map[string]any
	ok, err := e.Get(&out)
	return out, ok, err
}

// Find fills the records matching bean; it reports no absence apart.
func (e *Engine) Find(beans any) error {
	_, err := e.d.Fetch("select", beans)
	return err
}
