package echosessions

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var errNoSession = errors.New("session not found")

// sessionStore keeps session metadata in Redis so several replicas can
// serve the same client.
type sessionStore struct {
	rdb *redis.Client
	ttl time.Duration
}

func (s *sessionStore) key(id string) string { return "mcp:session:" + id }

func (s *sessionStore) create(ctx context.Context, id, clientName string) error {
	return s.rdb.HSet(ctx, s.key(id), "client", clientName, "created", time.Now().Unix()).Err()
}

func (s *sessionStore) touch(ctx context.Context, id string) error {
	ok, err := s.rdb.Expire(ctx, s.key(id), s.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return errNoSession
	}
	return nil
}
