// Package store persists gateway sessions in Redis so that any replica can
// serve a follow-up request.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNoSession means Redis holds no record under the id (never created,
// expired by TTL, or deleted).
var ErrNoSession = errors.New("store: no such session")

type Record struct {
	ID       string    `json:"id"`
	Protocol string    `json:"protocol"`
	Upstream string    `json:"upstream"`
	Created  time.Time `json:"created"`
}

type RedisStore struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

func New(rdb *redis.Client, ttl time.Duration) *RedisStore {
	return &RedisStore{rdb: rdb, prefix: "mcp:sess:", ttl: ttl}
}

func (s *RedisStore) key(id string) string { return s.prefix + id }

func (s *RedisStore) Load(ctx context.Context, id string) (*Record, error) {
	raw, err := s.rdb.Get(ctx, s.key(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("store: get %s: %w", id, err)
	}
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("store: decode %s: %w", id, err)
	}
	return &rec, nil
}

func (s *RedisStore) Save(ctx context.Context, rec *Record) error {
	raw, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, s.key(rec.ID), raw, s.ttl).Err()
}

// Remove deletes the record and reports whether one existed.
func (s *RedisStore) Remove(ctx context.Context, id string) (bool, error) {
	n, err := s.rdb.Del(ctx, s.key(id)).Result()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
