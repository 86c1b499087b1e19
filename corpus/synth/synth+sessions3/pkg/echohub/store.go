package echohub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotFound = errors.New("echohub: session not found")

type SessionRecord struct {
	ID         string    `json:"id"`
	ClientName string    `json:"client_name"`
	Protocol   string    `json:"protocol"`
	Started    time.Time `json:"started"`
}

type RedisSessions struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

func NewRedisSessions(rdb *redis.Client, ttl time.Duration) *RedisSessions {
	return &RedisSessions{rdb: rdb, prefix: "mcp:sess:", ttl: ttl}
}

func (s *RedisSessions) key(id string) string { return s.prefix + id }

func (s *RedisSessions) Load(ctx context.Context, id string) (*SessionRecord, error) {
	raw, err := s.rdb.Get(ctx, s.key(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("redis get: %w", err)
	}
	var rec SessionRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("decode session: %w", err)
	}
	// sliding expiry
	s.rdb.Expire(ctx, s.key(id), s.ttl)
	return &rec, nil
}

func (s *RedisSessions) Save(ctx context.Context, rec *SessionRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, s.key(rec.ID), b, s.ttl).Err()
}

func (s *RedisSessions) Drop(ctx context.Context, id string) (bool, error) {
	n, err := s.rdb.Del(ctx, s.key(id)).Result()
	return n > 0, err
}
