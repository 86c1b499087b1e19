// Package redisnil: a session looked up with go-redis, whose missing key is
// the constant redis.Nil. Told apart before the 500 for the store's other
// failures, it is silent; not told apart, the unknown id gets 500.
package redisnil

import (
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

type server struct{ rdb *redis.Client }

func (s *server) toldApart(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := s.rdb.GetEx(r.Context(), "session:"+sid, time.Hour).Result()
	if err == redis.Nil {
		http.Error(w, "Session not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
}

func (s *server) merged(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
		return
	}
	_, err := s.rdb.GetEx(r.Context(), "session:"+sid, time.Hour).Result()
	if err != nil {
		http.Error(w, "Internal error", http.StatusInternalServerError) // want `answers 500 to an unknown Mcp-Session-Id too \(redis.Nil of the lookup is not told apart\)`
		return
	}
}
