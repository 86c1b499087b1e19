// Package registry: two stores of backends, one in memory whose lookup
// fails only for a name it does not hold, one over a database whose
// lookup fails when the database does.
package registry

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

type Backend struct {
	Name string
	URL  string
}

type Memory struct {
	mu sync.RWMutex
	m  map[string]Backend
}

func (s *Memory) Get(ctx context.Context, name string) (*Backend, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	b, ok := s.m[name]
	if !ok {
		return nil, fmt.Errorf("backend %s not found", name)
	}
	return &b, nil
}

type SQL struct{ DB *sql.DB }

func (s *SQL) Lookup(ctx context.Context, name string) (*Backend, error) {
	var b Backend
	if err := s.DB.QueryRowContext(ctx, "select name, url from backends where name = ?", name).Scan(&b.Name, &b.URL); err != nil {
		return nil, fmt.Errorf("lookup %s: %w", name, err)
	}
	return &b, nil
}

// query is a query builder's result: its error is a field, set by a
// database errclass does not see.
type query struct {
	N     int
	Error error
}

type Access struct{ run func(name string) query }

// Allowed's error is the query's: an outage passed on, even though
// nothing here names where it comes from.
func (a *Access) Allowed(ctx context.Context, name string) (bool, error) {
	q := a.run(name)
	return q.N > 0, q.Error
}
