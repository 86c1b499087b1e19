// Package persist saves go-sdk session state to Redis so that another node
// can resume a session after a deploy or failover.
package persist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"
)

var (
	ErrMissing = errors.New("persist: no state for session")
	ErrCorrupt = errors.New("persist: state unreadable")
)

const formatVersion = 2

type envelope struct {
	V     int                     `json:"v"`
	State *mcp.ServerSessionState `json:"state"`
}

type Store struct {
	rdb *redis.Client
	ttl time.Duration
}

func New(rdb *redis.Client, ttl time.Duration) *Store { return &Store{rdb: rdb, ttl: ttl} }

func (s *Store) Save(ctx context.Context, id string, st *mcp.ServerSessionState) error {
	b, err := json.Marshal(envelope{V: formatVersion, State: st})
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, "mcpstate:"+id, b, s.ttl).Err()
}

func (s *Store) Load(ctx context.Context, id string) (*mcp.ServerSessionState, error) {
	b, err := s.rdb.Get(ctx, "mcpstate:"+id).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrMissing
	}
	if err != nil {
		return nil, fmt.Errorf("persist: load %s: %w", id, err)
	}
	var env envelope
	if err := json.Unmarshal(b, &env); err != nil || env.V != formatVersion || env.State == nil {
		return nil, ErrCorrupt
	}
	return env.State, nil
}

func (s *Store) Forget(ctx context.Context, id string) error {
	return s.rdb.Del(ctx, "mcpstate:"+id).Err()
}
