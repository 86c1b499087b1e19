package pgsessions

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Session is a row of sessions.
type Session struct {
	ID        string
	OrgID     int64
	ExpiresAt time.Time
}

// Repo reads and writes sessions.
type Repo struct{ db *sql.DB }

func NewRepo(db *sql.DB) *Repo { return &Repo{db: db} }

// Find returns nil, nil when no live session has the id.
func (r *Repo) Find(ctx context.Context, id string) (*Session, error) {
	s := &Session{}
	err := r.db.QueryRowContext(ctx,
		`SELECT id, org_id, expires_at FROM sessions WHERE id = $1 AND expires_at > now()`, id).
		Scan(&s.ID, &s.OrgID, &s.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Create inserts a session.
func (r *Repo) Create(ctx context.Context, s *Session) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO sessions (id, org_id, expires_at) VALUES ($1, $2, $3)`,
		s.ID, s.OrgID, s.ExpiresAt)
	return err
}

// Remove deletes a session and reports whether a row went away.
func (r *Repo) Remove(ctx context.Context, id string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
