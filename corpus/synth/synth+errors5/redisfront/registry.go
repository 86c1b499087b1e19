// Package redisfront lets several replicas of a go-sdk MCP server share
// one public URL. Each replica records the sessions it owns in a Redis
// hash; a request for a session owned elsewhere is proxied to the owner.
package redisfront

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"

	"github.com/redis/go-redis/v9"
)

const (
	ownersKey  = "mcp:owners"
	sessionTTL = 2 * time.Hour
)

type Registry struct {
	rdb   *redis.Client
	self  string // this replica's internal base URL
	log   *slog.Logger
	peers map[string]*httputil.ReverseProxy
}

func NewRegistry(rdb *redis.Client, self string, peers []string, log *slog.Logger) (*Registry, error) {
	reg := &Registry{rdb: rdb, self: self, log: log, peers: map[string]*httputil.ReverseProxy{}}
	for _, p := range peers {
		u, err := url.Parse(p)
		if err != nil {
			return nil, err
		}
		rp := httputil.NewSingleHostReverseProxy(u)
		rp.ErrorHandler = reg.peerError
		reg.peers[p] = rp
	}
	return reg, nil
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg},
	})
}

func (reg *Registry) peerError(w http.ResponseWriter, r *http.Request, err error) {
	reg.log.Error("redisfront: peer unreachable", "peer", r.URL.Host, "err", err)
	writeRPCError(w, http.StatusBadGateway, -32603, "Bad Gateway: session owner unreachable")
}

// Claim records that this replica owns sid.
func (reg *Registry) Claim(ctx context.Context, sid string) error {
	pipe := reg.rdb.TxPipeline()
	pipe.HSet(ctx, ownersKey, sid, reg.self)
	pipe.Set(ctx, "mcp:alive:"+sid, 1, sessionTTL)
	_, err := pipe.Exec(ctx)
	return err
}

func (reg *Registry) Release(ctx context.Context, sid string) {
	if err := reg.rdb.HDel(ctx, ownersKey, sid).Err(); err != nil {
		reg.log.Warn("redisfront: release", "sid", sid, "err", err)
	}
	reg.rdb.Del(ctx, "mcp:alive:"+sid)
}

func (reg *Registry) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sid := r.Header.Get("Mcp-Session-Id")
		if sid == "" {
			// initialize, or a request go-sdk will refuse on its own
			next.ServeHTTP(w, r)
			return
		}
		ctx := r.Context()
		owner, err := reg.rdb.HGet(ctx, ownersKey, sid).Result()
		if err != nil {
			writeRPCError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		alive, err := reg.rdb.Expire(ctx, "mcp:alive:"+sid, sessionTTL).Result()
		if err != nil {
			reg.log.Error("redisfront: refresh ttl", "sid", sid, "err", err)
			writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		if !alive {
			reg.Release(ctx, sid)
			writeRPCError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		if owner == reg.self {
			next.ServeHTTP(w, r)
			return
		}
		peer, ok := reg.peers[owner]
		if !ok {
			reg.log.Error("redisfront: owner is not a known peer", "owner", owner)
			writeRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
			return
		}
		peer.ServeHTTP(w, r)
	})
}

var errNoOwner = errors.New("redisfront: no owner")

// Owner is used by the admin endpoint.
func (reg *Registry) Owner(ctx context.Context, sid string) (string, error) {
	o, err := reg.rdb.HGet(ctx, ownersKey, sid).Result()
	if errors.Is(err, redis.Nil) {
		return "", errNoOwner
	}
	return o, err
}
