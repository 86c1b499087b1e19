// Package unvalidated: the middleware puts the body back after reading it
// but tests only its size, so bytes that are not JSON reach the typed
// decode and are answered -32600.
package unvalidated

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

type request struct {
	Version string `json:"jsonrpc"`
	Method  string `json:"method"`
}

func refuse(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func sized(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil || len(body) == 0 {
			refuse(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

func handle(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		refuse(w, http.StatusBadRequest, -32600, "Invalid Request") // want `answers -32600 \(Invalid Request\) to every failure of a typed decode`
		return
	}
	_ = req
}

func Handler() http.Handler { return sized(http.HandlerFunc(handle)) }
