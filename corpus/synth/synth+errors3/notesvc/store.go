package notesvc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

type Document struct {
	URI      string
	Title    string
	Body     string
	MimeType string
}

var ErrNotFound = errors.New("document not found")

type DocumentStore interface {
	Get(ctx context.Context, uri string) (*Document, error)
	Insert(ctx context.Context, d *Document) error
}

type sqlStore struct{ db *sql.DB }

func NewSQLStore(db *sql.DB) DocumentStore { return &sqlStore{db: db} }

func (s *sqlStore) Get(ctx context.Context, uri string) (*Document, error) {
	d := &Document{URI: uri}
	err := s.db.QueryRowContext(ctx,
		`SELECT title, body, mime_type FROM documents WHERE uri = $1`, uri).
		Scan(&d.Title, &d.Body, &d.MimeType)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("select document %s: %w", uri, err)
	}
	return d, nil
}

func (s *sqlStore) Insert(ctx context.Context, d *Document) error {
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO documents (uri, title, body, mime_type) VALUES ($1, $2, $3, $4)`,
		d.URI, d.Title, d.Body, d.MimeType)
	if err != nil {
		return fmt.Errorf("insert document: %w", err)
	}
	return nil
}
