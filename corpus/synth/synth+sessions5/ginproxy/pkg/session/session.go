// Package session defines the proxy's session store and its Redis
// implementation.
package session

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type Session struct {
	ID       string
	Owner    string
	Upstream string
	// UpstreamID is the session id the upstream server issued.
	UpstreamID string
	Created    time.Time
}

type Store interface {
	// Get reports the session and whether it exists. err is non-nil only
	// when the backend failed.
	Get(ctx context.Context, id string) (Session, bool, error)
	Put(ctx context.Context, s Session) error
	Delete(ctx context.Context, id string) error
}

type Redis struct {
	Client *redis.Client
	TTL    time.Duration
}

func (r *Redis) Get(ctx context.Context, id string) (Session, bool, error) {
	m, err := r.Client.HGetAll(ctx, "px:"+id).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return Session{}, false, err
	}
	if len(m) == 0 {
		return Session{}, false, nil
	}
	created, _ := time.Parse(time.RFC3339Nano, m["created"])
	return Session{ID: id, Owner: m["owner"], Upstream: m["upstream"], UpstreamID: m["upstream_id"], Created: created}, true, nil
}

func (r *Redis) Put(ctx context.Context, s Session) error {
	key := "px:" + s.ID
	if err := r.Client.HSet(ctx, key, "owner", s.Owner, "upstream", s.Upstream,
		"upstream_id", s.UpstreamID, "created", s.Created.Format(time.RFC3339Nano)).Err(); err != nil {
		return err
	}
	return r.Client.Expire(ctx, key, r.TTL).Err()
}

func (r *Redis) Delete(ctx context.Context, id string) error {
	return r.Client.Del(ctx, "px:"+id).Err()
}
