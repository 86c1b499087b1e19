// Package gw8 routes MCP sessions to the backend replica that created them.
// The owning replica is recorded in Redis when the initialize response comes
// back with an Mcp-Session-Id.
package gw8

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/redis/go-redis/v9"

	json "github.com/goccy/go-json"
)

type Router struct {
	RDB      *redis.Client
	Backends []string
	Client   *http.Client
	Log      *slog.Logger
}

func (rt *Router) Mount(r chi.Router) {
	r.Post("/mcp", rt.forward)
	r.Get("/mcp", rt.forward)
	r.Delete("/mcp", rt.terminate)
}

func writeJSONRPCError(w http.ResponseWriter, status int, code int, msg string) {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func (rt *Router) owner(ctx context.Context, sid string) (string, error) {
	return rt.RDB.Get(ctx, "mcp:owner:"+sid).Result()
}

func (rt *Router) forward(w http.ResponseWriter, r *http.Request) {
	backend := rt.Backends[rand.IntN(len(rt.Backends))]
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		b, err := rt.owner(r.Context(), sid)
		if errors.Is(err, redis.Nil) {
			writeJSONRPCError(w, http.StatusNotFound, -32001, "Session not found")
			return
		}
		if err != nil {
			rt.Log.Error("owner lookup", "sid", sid, "err", err)
			writeJSONRPCError(w, http.StatusBadRequest, -32600, "Invalid Request: bad session")
			return
		}
		backend = b
	}

	out, err := http.NewRequestWithContext(r.Context(), r.Method, backend, r.Body)
	if err != nil {
		writeJSONRPCError(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	out.Header = r.Header.Clone()
	resp, err := rt.Client.Do(out)
	if err != nil {
		rt.Log.Error("backend", "url", backend, "err", err)
		writeJSONRPCError(w, http.StatusBadGateway, -32603, "Bad Gateway: backend unreachable")
		return
	}
	defer resp.Body.Close()

	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" && r.Header.Get("Mcp-Session-Id") == "" {
		if err := rt.RDB.Set(r.Context(), "mcp:owner:"+sid, backend, 24*time.Hour).Err(); err != nil {
			rt.Log.Error("record owner", "sid", sid, "err", err)
		}
	}
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

func (rt *Router) terminate(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		writeJSONRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	backend, err := rt.owner(r.Context(), sid)
	if err != nil {
		writeJSONRPCError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodDelete, backend, nil)
	req.Header.Set("Mcp-Session-Id", sid)
	resp, err := rt.Client.Do(req)
	if err != nil {
		writeJSONRPCError(w, http.StatusBadRequest, -32700, "could not reach backend")
		return
	}
	resp.Body.Close()
	rt.RDB.Del(r.Context(), "mcp:owner:"+sid)
	w.WriteHeader(resp.StatusCode)
}
