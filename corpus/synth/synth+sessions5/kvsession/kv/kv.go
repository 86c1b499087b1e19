// Package kv stores MCP session records in Redis hashes.
package kv

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type Session struct {
	ID       string
	Protocol string
	Client   string
	Created  time.Time
}

type Store struct {
	rdb *redis.Client
	ttl time.Duration
}

func NewStore(rdb *redis.Client, ttl time.Duration) *Store {
	return &Store{rdb: rdb, ttl: ttl}
}

func key(id string) string { return "mcp:session:" + id }

// Lookup returns the session, whether it exists, and any Redis error.
func (s *Store) Lookup(ctx context.Context, id string) (Session, bool, error) {
	vals, err := s.rdb.HGetAll(ctx, key(id)).Result()
	if errors.Is(err, redis.Nil) {
		return Session{}, false, nil
	}
	if err != nil {
		return Session{}, false, err
	}
	if len(vals) == 0 {
		return Session{}, false, nil
	}
	created, _ := time.Parse(time.RFC3339, vals["created"])
	return Session{ID: id, Protocol: vals["protocol"], Client: vals["client"], Created: created}, true, nil
}

func (s *Store) Create(ctx context.Context, sess Session) error {
	pipe := s.rdb.TxPipeline()
	pipe.HSet(ctx, key(sess.ID), map[string]any{
		"protocol": sess.Protocol,
		"client":   sess.Client,
		"created":  sess.Created.Format(time.RFC3339),
	})
	pipe.Expire(ctx, key(sess.ID), s.ttl)
	_, err := pipe.Exec(ctx)
	return err
}

func (s *Store) Touch(ctx context.Context, id string) error {
	return s.rdb.Expire(ctx, key(id), s.ttl).Err()
}

func (s *Store) Remove(ctx context.Context, id string) (bool, error) {
	n, err := s.rdb.Del(ctx, key(id)).Result()
	return n == 1, err
}
