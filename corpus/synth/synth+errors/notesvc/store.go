package notesvc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
)

var (
	ErrNotFound = errors.New("note not found")
	ErrBadURI   = errors.New("malformed note URI")
)

type Note struct {
	Slug string
	Body string
}

type NoteStore interface {
	BySlug(ctx context.Context, slug string) (*Note, error)
}

type sqlNotes struct{ db *sql.DB }

func NewSQLNotes(db *sql.DB) NoteStore { return sqlNotes{db} }

func (s sqlNotes) BySlug(ctx context.Context, slug string) (*Note, error) {
	n := Note{Slug: slug}
	err := s.db.QueryRowContext(ctx, `SELECT body FROM notes WHERE slug = $1`, slug).Scan(&n.Body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("query note %q: %w", slug, err)
	}
	return &n, nil
}

type memNotes struct {
	mu sync.RWMutex
	m  map[string]string
}

func NewMemNotes(seed map[string]string) NoteStore { return &memNotes{m: seed} }

func (s *memNotes) BySlug(_ context.Context, slug string) (*Note, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	b, ok := s.m[slug]
	if !ok {
		return nil, ErrNotFound
	}
	return &Note{Slug: slug, Body: b}, nil
}

// Service is the business layer between the MCP handler and the store.
type Service struct{ store NoteStore }

func NewService(s NoteStore) *Service { return &Service{store: s} }

func (s *Service) Read(ctx context.Context, uri string) (*Note, error) {
	slug, ok := strings.CutPrefix(uri, "notes://")
	if !ok || slug == "" || strings.ContainsAny(slug, "/?#") {
		return nil, fmt.Errorf("%q: %w", uri, ErrBadURI)
	}
	n, err := s.store.BySlug(ctx, slug)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", uri, err)
	}
	return n, nil
}
