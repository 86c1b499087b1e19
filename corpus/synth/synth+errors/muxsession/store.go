package muxsession

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

type Session struct {
	ID              string    `json:"id"`
	ProtocolVersion string    `json:"protocolVersion"`
	ClientName      string    `json:"clientName"`
	Created         time.Time `json:"created"`
}

type SessionStore interface {
	Put(ctx context.Context, s *Session) error
	Get(ctx context.Context, id string) (*Session, bool, error)
	Delete(ctx context.Context, id string) error
}

type memoryStore struct {
	mu sync.Mutex
	m  map[string]*Session
}

func NewMemoryStore() SessionStore { return &memoryStore{m: map[string]*Session{}} }

func (s *memoryStore) Put(_ context.Context, sess *Session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[sess.ID] = sess
	return nil
}

func (s *memoryStore) Get(_ context.Context, id string) (*Session, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.m[id]
	return sess, ok, nil
}

func (s *memoryStore) Delete(_ context.Context, id string) error {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
	return nil
}

type redisStore struct {
	rdb *redis.Client
	ttl time.Duration
}

func NewRedisStore(rdb *redis.Client, ttl time.Duration) SessionStore {
	return &redisStore{rdb: rdb, ttl: ttl}
}

func (s *redisStore) Put(ctx context.Context, sess *Session) error {
	b, err := json.Marshal(sess)
	if err != nil {
		return err
	}
	return s.rdb.Set(ctx, "mcp:sess:"+sess.ID, b, s.ttl).Err()
}

func (s *redisStore) Get(ctx context.Context, id string) (*Session, bool, error) {
	b, err := s.rdb.Get(ctx, "mcp:sess:"+id).Bytes()
	if err == redis.Nil {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var sess Session
	if err := json.Unmarshal(b, &sess); err != nil {
		return nil, false, err
	}
	return &sess, true, nil
}

func (s *redisStore) Delete(ctx context.Context, id string) error {
	return s.rdb.Del(ctx, "mcp:sess:"+id).Err()
}
