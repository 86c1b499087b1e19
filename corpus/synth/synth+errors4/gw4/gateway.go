// Package gw4 bridges MCP clients to the legacy tool-execution service, which
// speaks its own RPC over a connection pool.
package gw4

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	json "github.com/goccy/go-json"
)

var ErrBackendDown = errors.New("backend unavailable")

// Backend is the tool-execution service client.
type Backend interface {
	Exec(ctx context.Context, tool string, args map[string]any) (map[string]any, error)
}

type Gateway struct {
	backend Backend
	log     *slog.Logger
	timeout time.Duration
}

func New(b Backend, log *slog.Logger) *Gateway {
	return &Gateway{backend: b, log: log, timeout: 15 * time.Second}
}

func (g *Gateway) Mount(r chi.Router) {
	r.Post("/mcp", g.serve)
}

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	} `json:"params"`
}

func respondError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q}}`, id, code, msg)
}

func (g *Gateway) serve(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		respondError(w, http.StatusBadRequest, nil, -32000, "Bad Request: the request body could not be read")
		return
	}
	var msg message
	if err := json.Unmarshal(raw, &msg); err != nil {
		respondError(w, http.StatusBadRequest, nil, -32600, "Invalid Request")
		return
	}

	result, err := g.dispatch(r.Context(), &msg)
	if err != nil {
		g.log.Warn("dispatch failed", "method", msg.Method, "err", err)
		switch {
		case errors.Is(err, ErrBackendDown):
			w.Header().Set("Retry-After", "5")
			respondError(w, http.StatusServiceUnavailable, msg.ID, -32000, "Service Unavailable: tool backend is down")
		default:
			respondError(w, http.StatusBadRequest, msg.ID, -32700, "Parse error")
		}
		return
	}

	out, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": result})
	if err != nil {
		respondError(w, http.StatusUnprocessableEntity, msg.ID, -32603, "Internal error")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

func (g *Gateway) dispatch(ctx context.Context, msg *message) (any, error) {
	switch msg.Method {
	case "tools/call":
		return g.callTool(ctx, msg.Params.Name, msg.Params.Arguments)
	case "ping":
		return map[string]any{}, nil
	default:
		return nil, fmt.Errorf("unsupported method %q", msg.Method)
	}
}

func (g *Gateway) callTool(ctx context.Context, name string, args map[string]any) (any, error) {
	ctx, cancel := context.WithTimeout(ctx, g.timeout)
	defer cancel()
	res, err := g.backend.Exec(ctx, name, args)
	if err != nil {
		return nil, fmt.Errorf("exec %s: %w", name, err)
	}
	return map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprint(res["output"])}}}, nil
}
