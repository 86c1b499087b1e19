// Package wire reads and writes JSON-RPC 2.0 messages for our MCP
// endpoints.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

const (
	CodeParse          = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternal       = -32603
)

type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func Errorf(code int, format string, a ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, a...)}
}

type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// Decode reads one JSON-RPC request from the body. Every error it
// returns describes something wrong with what the client sent.
func Decode(r *http.Request, limit int64) (*Request, *Error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, limit))
	if err != nil {
		return nil, Errorf(-32000, "Bad Request: the request body could not be read")
	}
	raw = bytes.TrimSpace(raw)
	if !json.Valid(raw) {
		return nil, Errorf(CodeParse, "Parse error: body is not valid JSON")
	}
	if len(raw) > 0 && raw[0] == '[' {
		return nil, Errorf(CodeInvalidRequest, "Invalid Request: batches are not supported")
	}
	var req Request
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, Errorf(CodeInvalidRequest, "Invalid Request: %v", err)
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return nil, Errorf(CodeInvalidRequest, "Invalid Request: not a JSON-RPC 2.0 request")
	}
	return &req, nil
}
