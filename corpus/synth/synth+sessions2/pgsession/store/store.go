// Package store persists MCP sessions in PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var (
	ErrNotFound    = errors.New("store: session not found")
	ErrUnavailable = errors.New("store: database unavailable")
)

type Row struct {
	ID        string
	Tenant    string
	Version   string
	ExpiresAt time.Time
	Closed    bool
}

type Sessions struct {
	db *sql.DB
}

func New(db *sql.DB) *Sessions { return &Sessions{db: db} }

func (s *Sessions) Get(ctx context.Context, id string) (*Row, error) {
	var row Row
	err := s.db.QueryRowContext(ctx,
		`SELECT id, tenant, version, expires_at, closed FROM mcp_sessions WHERE id = $1`, id,
	).Scan(&row.ID, &row.Tenant, &row.Version, &row.ExpiresAt, &row.Closed)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, ErrNotFound
	case err != nil:
		if ctx.Err() == nil {
			return nil, errors.Join(ErrUnavailable, err)
		}
		return nil, err
	}
	return &row, nil
}

func (s *Sessions) Insert(ctx context.Context, row *Row) error {
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO mcp_sessions (id, tenant, version, expires_at) VALUES ($1, $2, $3, $4)`,
		row.ID, row.Tenant, row.Version, row.ExpiresAt)
	return err
}

func (s *Sessions) Extend(ctx context.Context, id string, until time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE mcp_sessions SET expires_at = $2 WHERE id = $1`, id, until)
	return err
}

func (s *Sessions) Close(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE mcp_sessions SET closed = true WHERE id = $1 AND NOT closed`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
