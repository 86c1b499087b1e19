package fiberauth

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

var ErrSessionNotFound = errors.New("session not found")

type Record struct {
	ID       string
	Client   string
	LastUsed time.Time
}

type Store interface {
	Get(ctx context.Context, id string) (Record, error)
	Create(ctx context.Context, rec Record) error
}

type MemoryStore struct {
	mu sync.Mutex
	m  map[string]Record
}

func NewMemoryStore() *MemoryStore { return &MemoryStore{m: map[string]Record{}} }

func (s *MemoryStore) Get(_ context.Context, id string) (Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.m[id]
	if !ok {
		return Record{}, ErrSessionNotFound
	}
	return r, nil
}

func (s *MemoryStore) Create(_ context.Context, rec Record) error {
	s.mu.Lock()
	s.m[rec.ID] = rec
	s.mu.Unlock()
	return nil
}

type SQLStore struct{ DB *sql.DB }

func (s SQLStore) Get(ctx context.Context, id string) (Record, error) {
	var r Record
	err := s.DB.QueryRowContext(ctx, `SELECT id, client, last_used FROM sessions WHERE id = ?`, id).Scan(&r.ID, &r.Client, &r.LastUsed)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, ErrSessionNotFound
	}
	return r, err
}

func (s SQLStore) Create(ctx context.Context, rec Record) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO sessions (id, client, last_used) VALUES (?, ?, ?)`, rec.ID, rec.Client, rec.LastUsed)
	return err
}
