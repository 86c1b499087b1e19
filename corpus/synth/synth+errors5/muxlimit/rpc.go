package muxlimit

import (
	"context"
	"encoding/json"
	"net/http"
)

const (
	codeParse          = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternal       = -32603
	codeServer         = -32000
	codeSessionGone    = -32001
)

type request struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method"`
	Params  json.RawMessage  `json:"params,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id"`
	Result  any              `json:"result,omitempty"`
	Error   *rpcError        `json:"error,omitempty"`
}

var initializeResult = map[string]any{
	"protocolVersion": "2025-06-18",
	"capabilities":    map[string]any{"tools": map[string]any{}},
	"serverInfo":      map[string]any{"name": "artifact-index", "version": "2.3.0"},
}

type ArtifactIndex interface {
	Find(ctx context.Context, pattern string) ([]string, error)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) fail(w http.ResponseWriter, status int, id *json.RawMessage, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: id, Error: &rpcError{code, msg}})
}

func (s *Server) dispatch(r *http.Request, _ *clientSession, req *request) response {
	out := response{JSONRPC: "2.0", ID: req.ID}
	switch req.Method {
	case "ping":
		out.Result = map[string]any{}
	case "tools/list":
		out.Result = map[string]any{"tools": []map[string]any{{
			"name":        "find_artifacts",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"pattern": map[string]any{"type": "string"}}},
		}}}
	case "tools/call":
		var p struct {
			Name      string `json:"name"`
			Arguments struct {
				Pattern string `json:"pattern"`
			} `json:"arguments"`
		}
		_ = json.Unmarshal(req.Params, &p)
		if p.Name != "find_artifacts" {
			out.Error = &rpcError{Code: codeInvalidParams, Message: "Unknown tool: " + p.Name}
			break
		}
		found, err := s.index.Find(r.Context(), p.Arguments.Pattern)
		if err != nil {
			out.Result = map[string]any{"isError": true, "content": []map[string]any{{"type": "text", "text": err.Error()}}}
			break
		}
		items := make([]map[string]any, 0, len(found))
		for _, f := range found {
			items = append(items, map[string]any{"type": "text", "text": f})
		}
		out.Result = map[string]any{"content": items}
	default:
		out.Error = &rpcError{Code: codeMethodNotFound, Message: "Method not found"}
	}
	return out
}
