package chistore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

type Session struct {
	ID        string
	TenantID  string
	CreatedAt time.Time
	ExpiresAt time.Time
	ClosedAt  sql.NullTime
}

type Repo interface {
	Insert(ctx context.Context, s *Session) error
	ByID(ctx context.Context, id string) (*Session, error)
	MarkClosed(ctx context.Context, id string) (int64, error)
}

type sqlRepo struct{ db *sql.DB }

func NewSQLRepo(db *sql.DB) Repo { return &sqlRepo{db: db} }

func (r *sqlRepo) Insert(ctx context.Context, s *Session) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO mcp_sessions (id, tenant_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		s.ID, s.TenantID, s.CreatedAt, s.ExpiresAt)
	return err
}

func (r *sqlRepo) ByID(ctx context.Context, id string) (*Session, error) {
	var s Session
	err := r.db.QueryRowContext(ctx,
		`SELECT id, tenant_id, created_at, expires_at, closed_at FROM mcp_sessions WHERE id = $1`, id).
		Scan(&s.ID, &s.TenantID, &s.CreatedAt, &s.ExpiresAt, &s.ClosedAt)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func (r *sqlRepo) MarkClosed(ctx context.Context, id string) (int64, error) {
	res, err := r.db.ExecContext(ctx,
		`UPDATE mcp_sessions SET closed_at = now() WHERE id = $1 AND closed_at IS NULL`, id)
	if err != nil {
		return 0, fmt.Errorf("close session: %w", err)
	}
	return res.RowsAffected()
}

var (
	ErrSessionNotFound = errors.New("session not found")
	ErrSessionExpired  = errors.New("session expired")
	ErrSessionClosed   = errors.New("session closed")
	ErrWrongTenant     = errors.New("session belongs to another tenant")
)

// Service wraps Repo with the lifecycle rules.
type Service struct {
	repo Repo
	now  func() time.Time
}

func NewService(repo Repo) *Service { return &Service{repo: repo, now: time.Now} }

func (s *Service) Resume(ctx context.Context, id, tenant string) (*Session, error) {
	sess, err := s.repo.ByID(ctx, id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, ErrSessionNotFound
	case err != nil:
		return nil, fmt.Errorf("load session %s: %w", id, err)
	}
	if sess.ClosedAt.Valid {
		return nil, ErrSessionClosed
	}
	if s.now().After(sess.ExpiresAt) {
		return nil, ErrSessionExpired
	}
	if sess.TenantID != tenant {
		return nil, ErrWrongTenant
	}
	return sess, nil
}

func (s *Service) Close(ctx context.Context, id string) error {
	n, err := s.repo.MarkClosed(ctx, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrSessionNotFound
	}
	return nil
}
