// Package srv4 implements the HTTP side of the wiki-search MCP server. The
// JSON-RPC dispatch itself lives in Dispatcher; this file only deals with
// transport concerns.
package srv4

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	jsoniter "github.com/json-iterator/go"
)

var json = jsoniter.ConfigCompatibleWithStandardLibrary

const maxRequestBytes = 1 << 20

var (
	errTooLarge    = errors.New("request body too large")
	errNotJSON     = errors.New("body is not JSON")
	errBadEnvelope = errors.New("not a JSON-RPC 2.0 request")
	errNoSession   = errors.New("session not found")
)

// SessionStore is implemented by the Redis and in-memory stores.
type SessionStore interface {
	Touch(ctx context.Context, id string) error
}

type Dispatcher interface {
	Dispatch(ctx context.Context, sessionID string, req *Request) (any, error)
}

type Request struct {
	JSONRPC string              `json:"jsonrpc"`
	ID      jsoniter.RawMessage `json:"id,omitempty"`
	Method  string              `json:"method"`
	Params  jsoniter.RawMessage `json:"params,omitempty"`
}

type httpError struct {
	status int
	code   int
	msg    string
}

func classify(err error) httpError {
	switch {
	case errors.Is(err, errTooLarge):
		return httpError{http.StatusRequestEntityTooLarge, -32000, "Request body larger than 1 MiB"}
	case errors.Is(err, errNotJSON):
		return httpError{http.StatusBadRequest, -32700, "Parse error"}
	case errors.Is(err, errBadEnvelope):
		return httpError{http.StatusBadRequest, -32700, "Parse error: " + err.Error()}
	case errors.Is(err, errNoSession):
		return httpError{http.StatusNotFound, -32001, "Session not found"}
	default:
		return httpError{http.StatusBadRequest, -32700, "Parse error"}
	}
}

func writeErr(w http.ResponseWriter, id jsoniter.RawMessage, e httpError) {
	if len(id) == 0 {
		id = jsoniter.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": e.code, "message": e.msg},
	})
}

func decodeRequest(w http.ResponseWriter, r *http.Request) (*Request, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	if len(body) > maxRequestBytes {
		return nil, errTooLarge
	}
	if !json.Valid(body) {
		return nil, errNotJSON
	}
	var req Request
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(&req); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadEnvelope, err)
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return nil, errBadEnvelope
	}
	return &req, nil
}

type Server struct {
	Store SessionStore
	D     Dispatcher
}

func (s *Server) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.Recoverer)
	r.Post("/mcp", s.handlePost)
	return r
}

func (s *Server) handlePost(w http.ResponseWriter, r *http.Request) {
	req, err := decodeRequest(w, r)
	if err != nil {
		writeErr(w, nil, classify(err))
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid != "" {
		if err := s.Store.Touch(r.Context(), sid); err != nil {
			writeErr(w, req.ID, classify(err))
			return
		}
	}
	result, err := s.D.Dispatch(r.Context(), sid, req)
	if err != nil {
		writeErr(w, req.ID, classify(err))
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}
