// Package sessions keeps MCP session records in Redis.
package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

var ErrNotFound = errors.New("sessions: not found")

type Session struct {
	ID         string    `json:"id"`
	ClientName string    `json:"client_name"`
	Protocol   string    `json:"protocol"`
	Started    time.Time `json:"started"`
}

type Store struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

func NewStore(rdb *redis.Client, ttl time.Duration) *Store {
	return &Store{rdb: rdb, prefix: "kv:mcp:sess:", ttl: ttl}
}

func (s *Store) Create(ctx context.Context, clientName, protocol string) (*Session, error) {
	sess := &Session{
		ID:         uuid.NewString(),
		ClientName: clientName,
		Protocol:   protocol,
		Started:    time.Now().UTC(),
	}
	b, err := json.Marshal(sess)
	if err != nil {
		return nil, err
	}
	ok, err := s.rdb.SetNX(ctx, s.prefix+sess.ID, b, s.ttl).Result()
	if err != nil {
		return nil, fmt.Errorf("sessions: create: %w", err)
	}
	if !ok {
		return nil, fmt.Errorf("sessions: id collision on %s", sess.ID)
	}
	return sess, nil
}

func (s *Store) Get(ctx context.Context, id string) (*Session, error) {
	b, err := s.rdb.GetEx(ctx, s.prefix+id, s.ttl).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sessions: get %s: %w", id, err)
	}
	var sess Session
	if err := json.Unmarshal(b, &sess); err != nil {
		return nil, fmt.Errorf("sessions: decode %s: %w", id, err)
	}
	return &sess, nil
}

func (s *Store) Delete(ctx context.Context, id string) error {
	n, err := s.rdb.Del(ctx, s.prefix+id).Result()
	if err != nil {
		return fmt.Errorf("sessions: delete %s: %w", id, err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
