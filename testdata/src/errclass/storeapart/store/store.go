// Package store keeps sessions in Redis. A key Redis does not hold is
// ErrNoSession; every other error is Redis failing.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNoSession = errors.New("store: no such session")

type Record struct{ ID string }

type Sessions struct {
	rdb *redis.Client
	ttl time.Duration
}

func (s *Sessions) Load(ctx context.Context, id string) (*Record, error) { // want Load:`own \(\*redis.StringCmd\).Result`
	v, err := s.rdb.GetEx(ctx, "mcp:session:"+id, s.ttl).Result()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("store: get %s: %w", id, err)
	}
	return &Record{ID: v}, nil
}

// Peek leaves Redis's not-found in its error: which one it is, the caller
// cannot tell from the function.
func (s *Sessions) Peek(ctx context.Context, id string) (*Record, error) { // want Peek:`internal \(\*redis.StringCmd\).Result`
	v, err := s.rdb.GetEx(ctx, "mcp:session:"+id, s.ttl).Result()
	if err != nil {
		return nil, err
	}
	return &Record{ID: v}, nil
}
