// Package kvmcp is a key-value MCP server whose sessions live in Redis.
package kvmcp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/synth/sessions2/kvmcp/rpcwire"
)

const HeaderSessionID = "Mcp-Session-Id"

type Server struct {
	rdb     *redis.Client
	ttl     time.Duration
	methods map[string]func(ctx context.Context, sid string, params json.RawMessage) (any, error)
}

func NewServer(rdb *redis.Client, ttl time.Duration) *Server {
	s := &Server{rdb: rdb, ttl: ttl}
	s.methods = map[string]func(context.Context, string, json.RawMessage) (any, error){
		"tools/list": s.listTools,
	}
	return s
}

func sessionKey(id string) string { return "mcp:session:" + id }

func newSessionID() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

type inbound struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var msg inbound
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&msg); err != nil {
		rpcwire.WriteError(w, nil, rpcwire.CodeParseError, "Parse error")
		return
	}
	ctx := r.Context()

	if msg.Method == "initialize" {
		s.initialize(w, r, &msg)
		return
	}

	sid := r.Header.Get(HeaderSessionID)
	if sid == "" {
		rpcwire.WriteError(w, msg.ID, rpcwire.CodeSessionRequired, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	_, err := s.rdb.GetEx(ctx, sessionKey(sid), s.ttl).Result()
	if err == redis.Nil {
		rpcwire.WriteError(w, msg.ID, rpcwire.CodeInvalidRequest, "session expired or unknown")
		return
	}
	if err != nil {
		log.Printf("kvmcp: redis: %v", err)
		rpcwire.WriteError(w, msg.ID, rpcwire.CodeInternal, "Internal error")
		return
	}

	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	fn, ok := s.methods[msg.Method]
	if !ok {
		rpcwire.WriteCallError(w, msg.ID, rpcwire.CodeMethodNotFound, "Method not found: "+msg.Method)
		return
	}
	res, err := fn(ctx, sid, msg.Params)
	if err != nil {
		rpcwire.WriteCallError(w, msg.ID, rpcwire.CodeInternal, err.Error())
		return
	}
	rpcwire.WriteResult(w, msg.ID, res)
}

func (s *Server) initialize(w http.ResponseWriter, r *http.Request, msg *inbound) {
	sid := r.Header.Get(HeaderSessionID)
	if sid == "" {
		sid = newSessionID()
	}
	if err := s.rdb.Set(r.Context(), sessionKey(sid), time.Now().Unix(), s.ttl).Err(); err != nil {
		if errors.Is(err, context.Canceled) {
			return
		}
		rpcwire.WriteError(w, msg.ID, rpcwire.CodeInternal, "Internal error")
		return
	}
	w.Header().Set(HeaderSessionID, sid)
	rpcwire.WriteResult(w, msg.ID, map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		"serverInfo":      map[string]any{"name": "kv-mcp", "version": "0.2.0"},
	})
}

func (s *Server) listTools(ctx context.Context, sid string, _ json.RawMessage) (any, error) {
	return map[string]any{"tools": []any{}}, nil
}
