// Package redisstore is a sessionstore.Store on Redis
// (github.com/redis/go-redis/v9), for deployments of more than one node:
// every node reads the sessions every other node established, so a session
// survives the loss of its node.
//
// It is a module of its own, github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore,
// so that the runtime module's dependency graph stays the standard library
// and go-sdk: a server requires go-redis only when it imports this package.
//
// Each record is one Redis string, the sessionstore encoding of the record,
// under "<prefix><session id>" with the record's ttl as its expiry (SET PX);
// Refresh is PEXPIRE, Delete is DEL. Redis expires records on its own clock,
// so nodes need no synchronised clocks.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/redis/go-redis/v9"
)

// DefaultPrefix starts every key the store writes.
const DefaultPrefix = "mcpwire:session:"

// Store is a [sessionstore.Store] on a Redis client.
type Store struct {
	c      redis.UniversalClient
	prefix string
}

var _ sessionstore.Store = (*Store)(nil)

// New returns a store on c whose keys start with prefix ("" →
// [DefaultPrefix]). Several deployments can share one Redis with different
// prefixes.
func New(c redis.UniversalClient, prefix string) *Store {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return &Store{c: c, prefix: prefix}
}

// Open connects to the Redis at url (redis://[user:password@]host:port/db,
// or rediss:// for TLS; the options go-redis's ParseURL reads) and checks
// that it answers.
func Open(ctx context.Context, url string) (*Store, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	c := redis.NewClient(opts)
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		return nil, fmt.Errorf("redisstore: %s: %w", opts.Addr, err)
	}
	return New(c, ""), nil
}

// Close closes the client.
func (s *Store) Close() error { return s.c.Close() }

func (s *Store) key(id string) string { return s.prefix + id }

var errTTL = errors.New("redisstore: ttl must be positive (a record without expiry would outlive every session)")

// Put implements [sessionstore.Store].
func (s *Store) Put(ctx context.Context, id string, rec sessionstore.Record, ttl time.Duration) error {
	if ttl <= 0 {
		return errTTL
	}
	data, err := sessionstore.Encode(rec)
	if err != nil {
		return err
	}
	return s.c.Set(ctx, s.key(id), data, ttl).Err()
}

// Get implements [sessionstore.Store].
func (s *Store) Get(ctx context.Context, id string) (sessionstore.Record, bool, error) {
	data, err := s.c.Get(ctx, s.key(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return sessionstore.Record{}, false, nil
	}
	if err != nil {
		return sessionstore.Record{}, false, err
	}
	rec, err := sessionstore.Decode(data)
	if err != nil {
		return sessionstore.Record{}, false, err
	}
	return rec, true, nil
}

// Refresh implements [sessionstore.Store].
func (s *Store) Refresh(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, errTTL
	}
	return s.c.PExpire(ctx, s.key(id), ttl).Result()
}

// Delete implements [sessionstore.Store].
func (s *Store) Delete(ctx context.Context, id string) error {
	return s.c.Del(ctx, s.key(id)).Err()
}

// FromFlag opens the store a server's -session-store flag names: "memory"
// (or "") is a [sessionstore.Memory] in the process, which serves one node;
// redis:// and rediss:// URLs are a Redis every node shares ([Open]).
// close releases it.
func FromFlag(ctx context.Context, spec string) (store sessionstore.Store, close func() error, err error) {
	switch {
	case spec == "" || spec == "memory":
		return sessionstore.NewMemory(0), func() error { return nil }, nil
	case strings.HasPrefix(spec, "redis://"), strings.HasPrefix(spec, "rediss://"):
		s, err := Open(ctx, spec)
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	}
	return nil, nil, fmt.Errorf("redisstore: session store %q: want memory or a redis:// URL", spec)
}
