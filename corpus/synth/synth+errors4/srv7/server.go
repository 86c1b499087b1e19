// Package srv7 serves the ticketing MCP server. Sessions are persisted so a
// restart does not force clients to re-initialize.
package srv7

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

var ErrNoSession = errors.New("no such session")

type Session struct {
	ID       string
	Protocol string
	UserID   string
}

type SessionRepo interface {
	Load(ctx context.Context, id string) (*Session, error)
}

type Tools interface {
	Call(ctx context.Context, s *Session, name string, args json.RawMessage) (any, error)
}

// Methods handles everything that is not tools/call (resources, prompts,
// ping); it answers unknown methods itself.
type Methods interface {
	Handle(ctx context.Context, s *Session, method string, params json.RawMessage) (any, error)
}

type Server struct {
	Repo  SessionRepo
	Tools Tools
	Other Methods
}

type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("POST /mcp", handlerFunc(s.post))
	return mux
}

func readEnvelope(r *http.Request) (*envelope, error) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, &Error{Status: http.StatusBadRequest, Code: -32700, Message: "Parse error", Err: err}
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, &Error{Status: http.StatusInternalServerError, Code: -32603, Message: "could not decode request", Err: err}
	}
	if env.JSONRPC != "2.0" || env.Method == "" {
		return nil, &Error{Status: http.StatusBadRequest, Code: -32600, Message: "Invalid Request"}
	}
	return &env, nil
}

func (s *Server) session(ctx context.Context, id string) (*Session, error) {
	if id == "" {
		return nil, &Error{Status: http.StatusBadRequest, Code: -32000, Message: "Bad Request: Mcp-Session-Id header is required"}
	}
	sess, err := s.Repo.Load(ctx, id)
	if errors.Is(err, ErrNoSession) {
		return nil, &Error{Status: http.StatusUnauthorized, Code: -32001, Message: "session expired"}
	}
	if err != nil {
		return nil, &Error{Status: http.StatusBadRequest, Code: -32000, Message: "session lookup failed", Err: err}
	}
	return sess, nil
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) error {
	env, err := readEnvelope(r)
	if err != nil {
		return err
	}
	sess, err := s.session(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		return err
	}
	if env.Method != "tools/call" {
		res, err := s.Other.Handle(r.Context(), sess, env.Method, env.Params)
		if err != nil {
			return fmt.Errorf("%s: %w", env.Method, err)
		}
		return writeResult(w, env.ID, res)
	}
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(env.Params, &p); err != nil || p.Name == "" {
		return &Error{Status: http.StatusBadRequest, Code: -32602, Message: "Invalid params"}
	}
	res, err := s.Tools.Call(r.Context(), sess, p.Name, p.Arguments)
	if err != nil {
		return err
	}
	return writeResult(w, env.ID, res)
}

func writeResult(w http.ResponseWriter, id json.RawMessage, res any) error {
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": res})
}
