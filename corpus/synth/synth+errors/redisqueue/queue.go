// Package redisqueue accepts tools/call requests for batch jobs and hands
// them to workers through a redis stream; results are polled by job id.
package redisqueue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

const (
	jobStream   = "mcp:jobs"
	resultKeyFn = "mcp:job:%s:result"
)

type Queue struct {
	rdb       *redis.Client
	maxLen    int64
	healthTTL time.Duration
	lastPing  time.Time
}

func NewQueue(rdb *redis.Client) *Queue {
	return &Queue{rdb: rdb, maxLen: 100_000, healthTTL: 5 * time.Second}
}

func (q *Queue) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", q.submit)
}

func (q *Queue) healthy(ctx context.Context) error {
	if time.Since(q.lastPing) < q.healthTTL {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	if err := q.rdb.Ping(ctx).Err(); err != nil {
		return err
	}
	q.lastPing = time.Now()
	return nil
}

func (q *Queue) submit(w http.ResponseWriter, r *http.Request) {
	var req Request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSONRPCError(w, nil, CodeInternalError, "could not decode request")
		return
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		writeJSONRPCError(w, req.ID, CodeInvalidRequest, "Invalid Request")
		return
	}
	if req.Method != "tools/call" {
		writeJSONRPCError(w, req.ID, CodeMethodNotFound, "only tools/call is served here")
		return
	}

	if err := q.healthy(r.Context()); err != nil {
		w.Header().Set("Retry-After", "5")
		writeWithStatus(w, http.StatusServiceUnavailable, req.ID, CodeInternalError, "job queue unavailable")
		return
	}

	jobID := uuid.NewString()
	args := map[string]any{
		"job":    jobID,
		"id":     string(req.ID),
		"params": string(req.Params),
		"at":     time.Now().UnixMilli(),
	}
	err := q.rdb.XAdd(r.Context(), &redis.XAddArgs{Stream: jobStream, MaxLen: q.maxLen, Approx: true, Values: args}).Err()
	if err != nil {
		writeJSONRPCError(w, req.ID, CodeParseError, "could not enqueue request")
		return
	}

	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      req.ID,
		"result": map[string]any{
			"content": []map[string]string{{"type": "text", "text": "queued as job " + jobID}},
			"_meta":   map[string]string{"jobId": jobID},
		},
	})
}

// Result fetches a finished job's output; redis.Nil means still running.
func (q *Queue) Result(ctx context.Context, jobID string) ([]byte, bool, error) {
	b, err := q.rdb.Get(ctx, fmt.Sprintf(resultKeyFn, jobID)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	return b, err == nil, err
}
