package chimw

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
)

type ctxKey int

const (
	keyBody ctxKey = iota
	keyID
)

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func requestID(ctx context.Context) json.RawMessage {
	id, _ := ctx.Value(keyID).(json.RawMessage)
	return id
}

func messageFrom(ctx context.Context) *rpcMessage {
	m, _ := ctx.Value(keyBody).(*rpcMessage)
	return m
}

// Recover keeps one bad tool from taking the process down.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				slog.Error("panic serving MCP request", "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusBadRequest, errEnvelope(requestID(r.Context()), codeInternal, "internal error"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// DecodeRPC reads the JSON-RPC message once and stores it on the context.
func DecodeRPC(maxBytes int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBytes))
			if err != nil {
				writeJSON(w, http.StatusBadRequest, errEnvelope(nil, codeServerError, "could not read body"))
				return
			}
			var raw json.RawMessage
			if err := json.NewDecoder(bytes.NewReader(body)).Decode(&raw); err != nil {
				writeJSON(w, http.StatusBadRequest, errEnvelope(nil, codeParse, "Parse error"))
				return
			}
			var msg rpcMessage
			if err := json.Unmarshal(raw, &msg); err != nil || msg.JSONRPC != "2.0" {
				writeJSON(w, http.StatusBadRequest, errEnvelope(nil, codeBadRequest, "Invalid Request"))
				return
			}
			ctx := context.WithValue(r.Context(), keyBody, &msg)
			ctx = context.WithValue(ctx, keyID, msg.ID)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}
