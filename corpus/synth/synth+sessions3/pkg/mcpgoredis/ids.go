// Package mcpgoredis runs an mcp-go streamable server whose session ids live
// in Redis, so several replicas behind a load balancer share them.
package mcpgoredis

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const (
	stateLive   = "live"
	stateClosed = "closed"
)

// RedisIDs implements server.SessionIdManager.
type RedisIDs struct {
	rdb     *redis.Client
	ttl     time.Duration
	timeout time.Duration
}

func NewRedisIDs(rdb *redis.Client, ttl time.Duration) *RedisIDs {
	return &RedisIDs{rdb: rdb, ttl: ttl, timeout: 2 * time.Second}
}

func (m *RedisIDs) key(id string) string { return "mcp:sid:" + id }

func (m *RedisIDs) Generate() string {
	id := "mcp-" + uuid.NewString()
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	_ = m.rdb.Set(ctx, m.key(id), stateLive, m.ttl).Err()
	return id
}

func (m *RedisIDs) Validate(sessionID string) (isTerminated bool, err error) {
	if sessionID == "" {
		return false, errors.New("missing session id")
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	v, err := m.rdb.Get(ctx, m.key(sessionID)).Result()
	if err == redis.Nil {
		return false, fmt.Errorf("session %q not found", sessionID)
	}
	if err != nil {
		return false, fmt.Errorf("redis: %w", err)
	}
	if v == stateClosed {
		return true, nil
	}
	m.rdb.Expire(ctx, m.key(sessionID), m.ttl)
	return false, nil
}

func (m *RedisIDs) Terminate(sessionID string) (isNotAllowed bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	// keep a tombstone so late requests get "terminated" rather than "invalid"
	ok, err := m.rdb.SetXX(ctx, m.key(sessionID), stateClosed, time.Hour).Result()
	if err != nil {
		return false, err
	}
	if !ok {
		return false, nil
	}
	return false, nil
}
