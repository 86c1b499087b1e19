package notesrv

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotFound = errors.New("note not found")

type Note struct {
	ID      string    `json:"id"`
	Title   string    `json:"title"`
	Body    string    `json:"body"`
	Updated time.Time `json:"updated"`
}

type Store interface {
	Get(ctx context.Context, id string) (*Note, error)
	Save(ctx context.Context, n *Note) error
}

type sqliteStore struct{ db *sql.DB }

func NewSQLiteStore(db *sql.DB) Store { return &sqliteStore{db: db} }

func (s *sqliteStore) Get(ctx context.Context, id string) (*Note, error) {
	n := &Note{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT title, body, updated FROM notes WHERE id = ?`, id).
		Scan(&n.Title, &n.Body, &n.Updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return n, err
}

func (s *sqliteStore) Save(ctx context.Context, n *Note) error {
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO notes (id, title, body, updated) VALUES (?, ?, ?, ?)
		 ON CONFLICT(id) DO UPDATE SET title = excluded.title, body = excluded.body, updated = excluded.updated`,
		n.ID, n.Title, n.Body, n.Updated)
	return err
}

// Cache is a read-through cache of rendered notes.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Set(ctx context.Context, key string, val []byte, ttl time.Duration) error
}

type redisCache struct{ rdb redis.UniversalClient }

func NewRedisCache(rdb redis.UniversalClient) Cache { return redisCache{rdb: rdb} }

func (c redisCache) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := c.rdb.Get(ctx, key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	return b, err
}

func (c redisCache) Set(ctx context.Context, key string, val []byte, ttl time.Duration) error {
	return c.rdb.Set(ctx, key, val, ttl).Err()
}
