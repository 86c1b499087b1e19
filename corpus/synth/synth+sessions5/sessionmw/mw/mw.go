// Package mw provides net/http middleware that guards an MCP endpoint's
// follow-up requests by their Mcp-Session-Id.
package mw

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"

	"example.com/synth/sessions5/sessionmw/validate"
)

const Header = "Mcp-Session-Id"

func isInitialize(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	r.Body = io.NopCloser(bytes.NewReader(b))
	if err != nil {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(b, &m) == nil && m.Method == "initialize"
}

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":`)
	json.NewEncoder(w).Encode(code)
	io.WriteString(w, `,"message":`)
	json.NewEncoder(w).Encode(msg)
	io.WriteString(w, `}}`)
}

// RequireSession lets initialize through and checks every other request's
// session id with known.
func RequireSession(known validate.Known) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isInitialize(r) {
				next.ServeHTTP(w, r)
				return
			}
			id := r.Header.Get(Header)
			if id == "" {
				rpcError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
				return
			}
			if !validate.WellFormed(id) {
				rpcError(w, http.StatusNotFound, -32001, "Session not found")
				return
			}
			if !known(r.Context(), id) {
				rpcError(w, http.StatusUnauthorized, -32001, "invalid or expired session")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Resolve is RequireSession for stores that can fail.
func Resolve(resolve validate.Resolver) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isInitialize(r) {
				next.ServeHTTP(w, r)
				return
			}
			id := r.Header.Get(Header)
			if id == "" {
				rpcError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
				return
			}
			err := resolve(r.Context(), id)
			switch {
			case err == nil:
				next.ServeHTTP(w, r)
			case errors.Is(err, validate.ErrUnknown), errors.Is(err, context.DeadlineExceeded):
				rpcError(w, http.StatusNotFound, -32001, "Session not found")
			default:
				log.Printf("sessionmw: resolve %q: %v", id, err)
				rpcError(w, http.StatusServiceUnavailable, -32000, "Service Unavailable: session store")
			}
		})
	}
}
