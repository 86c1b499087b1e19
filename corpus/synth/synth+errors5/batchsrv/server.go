// Package batchsrv is a stateless MCP endpoint that still speaks the
// 2025-03-26 revision, batches included, for an old in-house client.
package batchsrv

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

type Calculator interface {
	Eval(ctx context.Context, expr string) (float64, error)
}

type Server struct {
	calc Calculator
}

func New(calc Calculator) *Server { return &Server{calc: calc} }

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

type initializeParams struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	ClientInfo      struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeError(w, nil, &apiError{http.StatusMethodNotAllowed, -32000, "Method not allowed"})
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, nil, &apiError{http.StatusBadRequest, -32000, "Bad Request: the request body could not be read"})
		return
	}
	if !json.Valid(body) {
		writeError(w, nil, &apiError{http.StatusBadRequest, -32700, "Parse error"})
		return
	}
	trimmed := bytes.TrimSpace(body)
	if trimmed[0] != '[' {
		var m message
		if err := json.Unmarshal(trimmed, &m); err != nil || m.JSONRPC != "2.0" || m.Method == "" {
			writeError(w, nil, &apiError{http.StatusBadRequest, -32600, "Invalid Request"})
			return
		}
		resp, aerr := s.handle(r.Context(), &m, false)
		if aerr != nil {
			writeError(w, m.ID, aerr)
			return
		}
		if resp == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		writeJSON(w, resp)
		return
	}

	var batch []json.RawMessage
	if err := json.Unmarshal(trimmed, &batch); err != nil || len(batch) == 0 {
		writeError(w, nil, &apiError{http.StatusBadRequest, -32600, "Invalid Request: empty batch"})
		return
	}
	msgs := make([]message, len(batch))
	for i, raw := range batch {
		if err := json.Unmarshal(raw, &msgs[i]); err != nil || msgs[i].JSONRPC != "2.0" {
			writeError(w, nil, &apiError{http.StatusBadRequest, -32600, "Invalid Request: batch element is not a JSON-RPC message"})
			return
		}
	}
	var out []*wireResponse
	for i := range msgs {
		resp, aerr := s.handle(r.Context(), &msgs[i], true)
		if aerr != nil {
			writeError(w, msgs[i].ID, aerr)
			return
		}
		if resp != nil {
			out = append(out, resp)
		}
	}
	if len(out) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	writeJSON(w, out)
}
