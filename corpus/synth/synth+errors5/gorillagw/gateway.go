// Package gorillagw is the MCP gateway for the internal tool catalogue,
// on gorilla/mux. It terminates sessions itself and calls tools over the
// catalogue's own RPC.
package gorillagw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/gorilla/mux"

	"example.com/synth/errors5/gorillagw/internal/jrpc"
)

// Hooks lets the embedding service record sessions (audit log, billing).
type Hooks interface {
	OnInitialize(ctx context.Context, sessionID, clientName string) error
}

type Gateway struct {
	ids   IDSource
	hooks Hooks

	mu       sync.Mutex
	sessions map[string]string // id -> client name
}

func New(ids IDSource, hooks Hooks) *Gateway {
	if ids == nil {
		ids = DefaultIDs
	}
	return &Gateway{ids: ids, hooks: hooks, sessions: map[string]string{}}
}

func (g *Gateway) Router() *mux.Router {
	r := mux.NewRouter()
	r.Methods(http.MethodPost).Path("/mcp").HandlerFunc(g.handle)
	r.Methods(http.MethodDelete).Path("/mcp").HandlerFunc(g.handleDelete)
	return r
}

func (g *Gateway) handle(w http.ResponseWriter, r *http.Request) {
	if err := g.serve(w, r); err != nil {
		var je *jrpc.Error
		if errors.As(err, &je) {
			jrpc.Write(w, nil, je)
			return
		}
		jrpc.Write(w, nil, jrpc.ParseError(err))
	}
}

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type initParams struct {
	ProtocolVersion string `json:"protocolVersion"`
	ClientInfo      struct {
		Name string `json:"name"`
	} `json:"clientInfo"`
}

func (g *Gateway) serve(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return jrpc.ParseError(err)
		}
		return jrpc.InvalidRequest("not a JSON-RPC request")
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return jrpc.InvalidRequest("not a JSON-RPC request")
	}

	if req.Method == "initialize" {
		var p initParams
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return jrpc.InvalidParams(err.Error())
		}
		sid, err := g.ids.Next()
		if err != nil {
			return jrpc.InvalidRequest("cannot assign a session id")
		}
		if err := g.hooks.OnInitialize(r.Context(), sid, p.ClientInfo.Name); err != nil {
			return fmt.Errorf("initialize hook: %w", err)
		}
		g.mu.Lock()
		g.sessions[sid] = p.ClientInfo.Name
		g.mu.Unlock()
		w.Header().Set("Mcp-Session-Id", sid)
		jrpc.Result(w, req.ID, map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": true}},
			"serverInfo":      map[string]any{"name": "tool-catalogue", "version": "4.0.0"},
		})
		return nil
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return jrpc.SessionRequired()
	}
	g.mu.Lock()
	_, ok := g.sessions[sid]
	g.mu.Unlock()
	if !ok {
		return jrpc.UnknownSession()
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return nil
	}
	switch req.Method {
	case "ping":
		jrpc.Result(w, req.ID, struct{}{})
	case "tools/list":
		jrpc.Result(w, req.ID, map[string]any{"tools": []any{}})
	default:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, req.ID)
	}
	return nil
}

func (g *Gateway) handleDelete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		jrpc.Write(w, nil, jrpc.SessionRequired())
		return
	}
	g.mu.Lock()
	_, ok := g.sessions[sid]
	delete(g.sessions, sid)
	g.mu.Unlock()
	if !ok {
		jrpc.Write(w, nil, jrpc.UnknownSession())
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
