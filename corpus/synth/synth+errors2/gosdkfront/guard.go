package gosdkfront

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"runtime/debug"
)

type wireError struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func respond(w http.ResponseWriter, status, code int, msg string) {
	var e wireError
	e.JSONRPC, e.Error.Code, e.Error.Message = "2.0", code, msg
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(&e)
}

// Recover turns a panic in the MCP stack into a JSON-RPC error instead of a
// dropped connection.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				// Keep the JSON-RPC envelope so clients surface the message.
				respond(w, http.StatusOK, -32603, "Internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// Precheck bounds and sanity-checks POST bodies before the SDK sees them, so
// obviously broken traffic never allocates a session.
func Precheck(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				respond(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than limit")
				return
			}
			respond(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		trimmed := bytes.TrimSpace(body)
		if !json.Valid(trimmed) {
			respond(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON")
			return
		}
		if bytes.Equal(trimmed, []byte("[]")) {
			respond(w, http.StatusBadRequest, -32700, "Parse error: empty batch")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
}
