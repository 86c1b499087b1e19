// Package sessstore records which principal owns each MCP session. Records
// live in Redis so sessions survive a deploy.
package sessstore

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type Rec struct {
	ID      string    `json:"id"`
	Owner   string    `json:"owner"`
	Version string    `json:"version"`
	Since   time.Time `json:"since"`
}

type Store struct {
	R   redis.UniversalClient
	TTL time.Duration
}

// Find returns the record for id, or nil when there is none. An error
// means Redis could not be asked.
func (s *Store) Find(ctx context.Context, id string) (*Rec, error) {
	b, err := s.R.Get(ctx, "sess/"+id).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec := new(Rec)
	if err := json.Unmarshal(b, rec); err != nil {
		return nil, nil
	}
	return rec, nil
}

func (s *Store) Insert(ctx context.Context, rec *Rec) error {
	b, _ := json.Marshal(rec)
	return s.R.Set(ctx, "sess/"+rec.ID, b, s.TTL).Err()
}

func (s *Store) Remove(ctx context.Context, id string) error {
	return s.R.Del(ctx, "sess/"+id).Err()
}
