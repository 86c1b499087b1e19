// Package store persists MCP session records so that every replica of
// the cluster can serve any session.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrSessionGone is returned when the record does not exist (never
// created, expired, or deleted).
var ErrSessionGone = errors.New("store: session gone")

type Record struct {
	ID        string    `json:"id"`
	Principal string    `json:"principal"`
	Protocol  string    `json:"protocol"`
	Created   time.Time `json:"created"`
}

type Store interface {
	Load(ctx context.Context, id string) (Record, error)
	Save(ctx context.Context, r Record) error
	Drop(ctx context.Context, id string) error
}

type redisStore struct {
	rdb *redis.Client
	ttl time.Duration
}

func NewRedis(rdb *redis.Client, ttl time.Duration) Store {
	return &redisStore{rdb: rdb, ttl: ttl}
}

func key(id string) string { return "gincluster:session:" + id }

func (s *redisStore) Load(ctx context.Context, id string) (Record, error) {
	var rec Record
	raw, err := s.rdb.Get(ctx, key(id)).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return rec, ErrSessionGone
	case err != nil:
		return rec, fmt.Errorf("store: load %q: %w", id, err)
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		// A record we cannot read is as good as gone.
		return rec, ErrSessionGone
	}
	return rec, nil
}

func (s *redisStore) Save(ctx context.Context, r Record) error {
	raw, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, key(r.ID), raw, s.ttl).Err()
}

func (s *redisStore) Drop(ctx context.Context, id string) error {
	n, err := s.rdb.Del(ctx, key(id)).Result()
	if err != nil {
		return fmt.Errorf("store: drop %q: %w", id, err)
	}
	if n == 0 {
		return ErrSessionGone
	}
	return nil
}
