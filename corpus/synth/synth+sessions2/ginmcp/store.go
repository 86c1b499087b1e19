package ginmcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrSessionNotFound is returned by a SessionStore for ids it has no record of.
var ErrSessionNotFound = errors.New("session not found")

// Session is what we persist per MCP client.
type Session struct {
	ID              string    `json:"id"`
	ProtocolVersion string    `json:"protocolVersion"`
	ClientName      string    `json:"clientName"`
	CreatedAt       time.Time `json:"createdAt"`
}

// SessionStore persists sessions so any replica can serve them.
type SessionStore interface {
	Get(ctx context.Context, id string) (*Session, error)
	Put(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error
}

type redisStore struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

// NewRedisStore keeps sessions under prefix with a sliding TTL.
func NewRedisStore(rdb *redis.Client, prefix string, ttl time.Duration) SessionStore {
	return &redisStore{rdb: rdb, prefix: prefix, ttl: ttl}
}

func (s *redisStore) key(id string) string { return s.prefix + id }

func (s *redisStore) Get(ctx context.Context, id string) (*Session, error) {
	raw, err := s.rdb.GetEx(ctx, s.key(id), s.ttl).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrSessionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("redis get %s: %w", id, err)
	}
	var sess Session
	if err := json.Unmarshal(raw, &sess); err != nil {
		return nil, fmt.Errorf("decode session %s: %w", id, err)
	}
	return &sess, nil
}

func (s *redisStore) Put(ctx context.Context, sess *Session) error {
	raw, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, s.key(sess.ID), raw, s.ttl).Err()
}

func (s *redisStore) Delete(ctx context.Context, id string) error {
	return s.rdb.Del(ctx, s.key(id)).Err()
}
