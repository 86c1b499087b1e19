package ginbridge

import (
	"context"
	"encoding/json"
	"time"

	"github.com/redis/go-redis/v9"
)

type Session struct {
	ID              string    `json:"id"`
	ProtocolVersion string    `json:"protocolVersion"`
	ClientName      string    `json:"clientName"`
	CreatedAt       time.Time `json:"createdAt"`
}

type redisSessions struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

func newRedisSessions(rdb *redis.Client) *redisSessions {
	return &redisSessions{rdb: rdb, prefix: "mcp:sess:", ttl: 30 * time.Minute}
}

func (s *redisSessions) key(id string) string { return s.prefix + id }

func (s *redisSessions) load(ctx context.Context, id string) (*Session, error) {
	raw, err := s.rdb.GetEx(ctx, s.key(id), s.ttl).Bytes()
	if err != nil {
		return nil, err
	}
	var sess Session
	if err := json.Unmarshal(raw, &sess); err != nil {
		return nil, err
	}
	return &sess, nil
}

func (s *redisSessions) save(ctx context.Context, sess *Session) error {
	raw, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, s.key(sess.ID), raw, s.ttl).Err()
}
