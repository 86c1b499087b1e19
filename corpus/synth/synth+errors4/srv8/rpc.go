// Package srv8 is a minimal, dependency-light MCP server for the docs site
// search index. Everything is JSON-response mode; there is no SSE.
package srv8

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"

	json "github.com/goccy/go-json"
)

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

func errResp(id json.RawMessage, code int, msg string) *Response {
	if id == nil {
		id = json.RawMessage("null")
	}
	return &Response{JSONRPC: "2.0", ID: id, Error: &RPCError{Code: code, Message: msg}}
}

type Index interface {
	Search(ctx context.Context, q string, limit int) ([]string, error)
}

type SessionCache interface {
	Exists(ctx context.Context, id string) (bool, error)
}

type Server struct {
	Index    Index
	Sessions SessionCache
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeResp(w, http.StatusBadRequest, errResp(nil, -32000, "Bad Request: the request body could not be read"))
		return
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		writeResp(w, http.StatusBadRequest, errResp(nil, -32700, "Parse error"))
		return
	}
	resp := s.handle(r.Context(), r.Header.Get("Mcp-Session-Id"), &req)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeResp(w, http.StatusOK, resp)
}

func writeResp(w http.ResponseWriter, status int, resp *Response) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(resp)
}

func (s *Server) handle(ctx context.Context, sid string, req *Request) *Response {
	if req.JSONRPC != "2.0" {
		return errResp(req.ID, -32600, "Invalid Request: jsonrpc must be 2.0")
	}
	if req.Method != "initialize" {
		ok, err := s.Sessions.Exists(ctx, sid)
		if err != nil {
			return errResp(req.ID, -32603, "Internal error")
		}
		if !ok {
			return errResp(req.ID, -32001, "Session not found")
		}
	}
	if len(req.ID) == 0 {
		return nil // notification
	}
	switch req.Method {
	case "initialize":
		return &Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "docs-search", "version": "1.0.0"},
		}}
	case "tools/call":
		return s.search(ctx, req)
	default:
		return errResp(req.ID, -32601, "Method not found: "+req.Method)
	}
}

func (s *Server) search(ctx context.Context, req *Request) *Response {
	var p struct {
		Name      string `json:"name"`
		Arguments struct {
			Query string `json:"query"`
			Limit int    `json:"limit"`
		} `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return errResp(req.ID, -32602, "Invalid params: "+err.Error())
	}
	if p.Arguments.Limit <= 0 {
		p.Arguments.Limit = 10
	}
	hits, err := s.Index.Search(ctx, p.Arguments.Query, p.Arguments.Limit)
	if errors.Is(err, context.DeadlineExceeded) {
		return toolError(req.ID, "search timed out")
	}
	if err != nil {
		return toolError(req.ID, "search failed: "+err.Error())
	}
	return &Response{JSONRPC: "2.0", ID: req.ID, Result: map[string]any{
		"content": []map[string]any{{"type": "text", "text": strings.Join(hits, "\n")}},
	}}
}

// toolError reports a failed search to the model rather than as a protocol
// error, so the assistant can retry with another query.
func toolError(id json.RawMessage, text string) *Response {
	return &Response{JSONRPC: "2.0", ID: id, Result: map[string]any{
		"isError": true,
		"content": []map[string]any{{"type": "text", "text": text}},
	}}
}
