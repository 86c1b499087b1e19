// Package store persists MCP sessions in PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrNotFound means no row exists for the id.
var ErrNotFound = errors.New("store: session not found")

// Record is one row of mcp_sessions.
type Record struct {
	ID        string
	Account   string
	Protocol  string
	CreatedAt time.Time
	TouchedAt time.Time
}

// Sessions is what the service needs from persistence.
type Sessions interface {
	Load(ctx context.Context, id string) (Record, error)
	Insert(ctx context.Context, rec Record) error
	Delete(ctx context.Context, id string) (bool, error)
}

// SQL implements Sessions on database/sql.
type SQL struct{ DB *sql.DB }

func (s SQL) Load(ctx context.Context, id string) (Record, error) {
	var rec Record
	err := s.DB.QueryRowContext(ctx,
		`SELECT id, account, protocol, created_at, touched_at FROM mcp_sessions WHERE id = $1`, id).
		Scan(&rec.ID, &rec.Account, &rec.Protocol, &rec.CreatedAt, &rec.TouchedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, ErrNotFound
	}
	return rec, err
}

func (s SQL) Insert(ctx context.Context, rec Record) error {
	_, err := s.DB.ExecContext(ctx,
		`INSERT INTO mcp_sessions (id, account, protocol, created_at, touched_at) VALUES ($1, $2, $3, $4, $4)`,
		rec.ID, rec.Account, rec.Protocol, rec.CreatedAt)
	return err
}

func (s SQL) Delete(ctx context.Context, id string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, `DELETE FROM mcp_sessions WHERE id = $1`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
