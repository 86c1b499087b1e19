// Package redisstore is a sessionstore.Store on Redis
// (github.com/redis/go-redis/v9), for deployments of more than one node:
// every node reads the sessions every other node established, so a session
// survives the loss of its node.
//
// It is a module of its own, github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore,
// so that the runtime module's dependency graph stays the standard library
// and go-sdk: a server requires go-redis only when it imports this package.
//
// Each record is one Redis hash under "<prefix><session id>", with the
// record's ttl as its expiry: field "body" holds the sessionstore encoding
// of the state, "principal", "node" and "epoch" the owner, the holder and
// the fencing value. Every write that depends on what is stored — a Put or
// Refresh under an epoch, a Delete, a Claim that checks the principal and
// raises the epoch — is one Lua script, which Redis runs atomically, so
// there is no window between the check and the write. Redis expires records
// on its own clock, so nodes need no synchronised clocks. A key of another
// type under the prefix (a record of an older build, stored as a string) is
// read as unreadable (sessionstore.ErrFormat).
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
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
// prefixes. Set ContextTimeoutEnabled in c's options, as [Open] does, so
// that a caller's deadline bounds each call.
func New(c redis.UniversalClient, prefix string) *Store {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return &Store{c: c, prefix: prefix}
}

// Open connects to the Redis at url (redis://[user:password@]host:port/db,
// or rediss:// for TLS; the options go-redis's ParseURL reads) and checks
// that it answers. Each call is bounded by its context's deadline
// (ContextTimeoutEnabled), not only by go-redis's own socket timeouts.
func Open(ctx context.Context, url string) (*Store, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("redisstore: %w", err)
	}
	opts.ContextTimeoutEnabled = true
	// Reachable at all? Asked with a plain dial first: go-redis logs every
	// failed dial of its retries on its own (four lines for one Redis that is
	// down), where an operator needs one line saying the store is not there.
	var d net.Dialer
	conn, err := d.DialContext(ctx, opts.Network, opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("redisstore: %s: the session store does not answer: %w", opts.Addr, err)
	}
	conn.Close()
	c := redis.NewClient(opts)
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		return nil, fmt.Errorf("redisstore: %s: the session store does not answer: %w", opts.Addr, err)
	}
	return New(c, ""), nil
}

// Close closes the client.
func (s *Store) Close() error { return s.c.Close() }

func (s *Store) key(id string) string { return s.prefix + id }

var errTTL = errors.New("redisstore: ttl must be positive (a record without expiry would outlive every session)")

// The scripts answer -1 for a record held under another epoch, -2 for one
// of another principal and -3 for one that is not a readable hash.

// putScript: KEYS[1]; ARGV body, principal, node, epoch, ttl ms.
var putScript = redis.NewScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t ~= 'none' then
	if t ~= 'hash' then return -3 end
	if redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[4] then return -1 end
end
redis.call('HSET', KEYS[1], 'body', ARGV[1], 'principal', ARGV[2], 'node', ARGV[3], 'epoch', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`)

// claimScript: KEYS[1]; ARGV node, principal, ttl ms, max body bytes.
// Answers {epoch, body} or nil for no record.
var claimScript = redis.NewScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return false end
if t ~= 'hash' then return {-3} end
local f = redis.call('HMGET', KEYS[1], 'principal', 'epoch')
if (f[1] or '') ~= ARGV[2] then return {-2} end
if not tonumber(f[2]) or redis.call('HSTRLEN', KEYS[1], 'body') > tonumber(ARGV[4]) then return {-3} end
local e = redis.call('HINCRBY', KEYS[1], 'epoch', 1)
redis.call('HSET', KEYS[1], 'node', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {e, redis.call('HGET', KEYS[1], 'body') or ''}
`)

// refreshScript: KEYS[1]; ARGV epoch, ttl ms. 0: no record.
var refreshScript = redis.NewScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return 0 end
if t ~= 'hash' or redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return -1 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`)

// deleteScript: KEYS[1]; ARGV epoch.
var deleteScript = redis.NewScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return 1 end
if t ~= 'hash' or redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return -1 end
redis.call('DEL', KEYS[1])
return 1
`)

func epochArg(e uint64) string { return strconv.FormatUint(e, 10) }

// Put implements [sessionstore.Store].
func (s *Store) Put(ctx context.Context, id string, rec sessionstore.Record, ttl time.Duration) error {
	if ttl <= 0 {
		return errTTL
	}
	data, err := sessionstore.Encode(rec)
	if err != nil {
		return err
	}
	n, err := putScript.Run(ctx, s.c, []string{s.key(id)}, data, rec.Principal, rec.Node, epochArg(rec.Epoch), ttl.Milliseconds()).Int()
	switch {
	case err != nil:
		return err
	case n == -1:
		return sessionstore.ErrNotHolder
	case n == -3:
		// Not ours to overwrite: whatever wrote it is told apart by its type.
		return fmt.Errorf("%w: the key holds another type", sessionstore.ErrFormat)
	}
	return nil
}

// Get implements [sessionstore.Store].
func (s *Store) Get(ctx context.Context, id string) (sessionstore.Record, bool, error) {
	vals, err := s.c.HMGet(ctx, s.key(id), "body", "principal", "node", "epoch").Result()
	if err != nil {
		if strings.HasPrefix(err.Error(), "WRONGTYPE") {
			return sessionstore.Record{}, false, fmt.Errorf("%w: the key holds another type", sessionstore.ErrFormat)
		}
		return sessionstore.Record{}, false, err
	}
	if vals[0] == nil && vals[3] == nil {
		return sessionstore.Record{}, false, nil
	}
	str := func(v any) string { s, _ := v.(string); return s }
	epoch, err := strconv.ParseUint(str(vals[3]), 10, 64)
	if err != nil {
		return sessionstore.Record{}, false, fmt.Errorf("%w: epoch %q", sessionstore.ErrFormat, str(vals[3]))
	}
	rec, err := sessionstore.Decode([]byte(str(vals[0])))
	if err != nil {
		return sessionstore.Record{}, false, err
	}
	rec.Principal, rec.Node, rec.Epoch = str(vals[1]), str(vals[2]), epoch
	return rec, true, nil
}

// Claim implements [sessionstore.Store].
func (s *Store) Claim(ctx context.Context, id, node, principal string, ttl time.Duration) (sessionstore.Record, bool, error) {
	if ttl <= 0 {
		return sessionstore.Record{}, false, errTTL
	}
	res, err := claimScript.Run(ctx, s.c, []string{s.key(id)}, node, principal, ttl.Milliseconds(), sessionstore.MaxRecordBytes).Slice()
	if errors.Is(err, redis.Nil) {
		return sessionstore.Record{}, false, nil
	}
	if err != nil {
		return sessionstore.Record{}, false, err
	}
	code, _ := res[0].(int64)
	switch {
	case code == -2:
		return sessionstore.Record{}, false, sessionstore.ErrForbidden
	case code == -3:
		return sessionstore.Record{}, false, fmt.Errorf("%w: not a record of this format, or over %d bytes", sessionstore.ErrFormat, sessionstore.MaxRecordBytes)
	case code < 1 || len(res) != 2:
		return sessionstore.Record{}, false, fmt.Errorf("redisstore: claim script answered %v", res)
	}
	body, _ := res[1].(string)
	rec, err := sessionstore.Decode([]byte(body))
	if err != nil {
		return sessionstore.Record{}, false, err
	}
	rec.Principal, rec.Node, rec.Epoch = principal, node, uint64(code)
	return rec, true, nil
}

// Refresh implements [sessionstore.Store].
func (s *Store) Refresh(ctx context.Context, id string, epoch uint64, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, errTTL
	}
	n, err := refreshScript.Run(ctx, s.c, []string{s.key(id)}, epochArg(epoch), ttl.Milliseconds()).Int()
	switch {
	case err != nil:
		return false, err
	case n == -1:
		return false, sessionstore.ErrNotHolder
	}
	return n == 1, nil
}

// Delete implements [sessionstore.Store].
func (s *Store) Delete(ctx context.Context, id string, epoch uint64) error {
	n, err := deleteScript.Run(ctx, s.c, []string{s.key(id)}, epochArg(epoch)).Int()
	switch {
	case err != nil:
		return err
	case n == -1:
		return sessionstore.ErrNotHolder
	}
	return nil
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
