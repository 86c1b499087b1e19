package chimw

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
)

// Recoverer turns a panicking handler into a JSON-RPC error instead of
// a dropped connection.
func Recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if rec := recover(); rec != nil {
				slog.Error("panic in handler", "err", rec, "stack", string(debug.Stack()))
				writeErr(w, http.StatusBadRequest, -32600, "request could not be processed")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// MethodLogger peeks at the JSON-RPC method for access logs and puts the
// body back for the next handler.
func MethodLogger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		raw, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		var peek struct {
			Method string `json:"method"`
		}
		if !json.Valid(raw) {
			writeErr(w, http.StatusOK, -32700, "Parse error")
			return
		}
		_ = json.Unmarshal(raw, &peek)
		slog.Info("mcp request", "method", peek.Method, "remote", r.RemoteAddr)
		r.Body = io.NopCloser(bytes.NewReader(raw))
		next.ServeHTTP(w, r)
	})
}
