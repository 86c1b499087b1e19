package goccysrv

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	json "github.com/goccy/go-json"
	"github.com/redis/go-redis/v9"
)

// Searcher is whatever backs the search tool (an index, an API).
type Searcher interface {
	Search(ctx context.Context, q string, limit int) ([]Hit, error)
}

type Hit struct {
	Title string  `json:"title"`
	URL   string  `json:"url"`
	Score float64 `json:"score"`
}

// Server answers tools/call for the search tool and caches answers per
// request id so retried POSTs are cheap.
type Server struct {
	rdb    *redis.Client
	search Searcher
	ttl    time.Duration
}

func New(rdb *redis.Client, s Searcher) *Server {
	return &Server{rdb: rdb, search: s, ttl: 5 * time.Minute}
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string `json:"name"`
		Arguments struct {
			Query string `json:"query"`
			Limit int    `json:"limit"`
		} `json:"arguments"`
	} `json:"params"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		writeRPCError(w, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	var in inbound
	if err := json.Unmarshal(raw, &in); err != nil {
		writeRPCError(w, nil, ParseError, "Parse error")
		return
	}
	if in.Method != "tools/call" || in.Params.Name != "search" {
		writeRPCError(w, in.ID, MethodNotFound, "only tools/call search is served here")
		return
	}

	ctx := r.Context()
	key := "mcp:reply:" + r.Header.Get("Mcp-Session-Id") + ":" + string(in.ID)
	cached, err := s.rdb.Get(ctx, key).Bytes()
	switch {
	case err == nil:
		w.Header().Set("Content-Type", "application/json")
		w.Write(cached)
		return
	case !errors.Is(err, redis.Nil):
		writeRPCError(w, in.ID, InvalidRequest, "cache: "+err.Error())
		return
	}

	limit := in.Params.Arguments.Limit
	if limit <= 0 || limit > 50 {
		limit = 10
	}
	hits, err := s.search.Search(ctx, in.Params.Arguments.Query, limit)
	if err != nil {
		writeRPCError(w, in.ID, ToolFailed, "search failed: "+err.Error())
		return
	}

	text, _ := json.Marshal(hits)
	out, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      in.ID,
		"result":  map[string]any{"content": []any{map[string]any{"type": "text", "text": string(text)}}},
	})
	if err != nil {
		writeRPCError(w, in.ID, ParseError, err.Error())
		return
	}
	_ = s.rdb.Set(ctx, key, out, s.ttl).Err()
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}
