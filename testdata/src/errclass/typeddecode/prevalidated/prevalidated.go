// Package prevalidated: a middleware refuses a body that is not JSON with
// -32700 and hands the handler behind it the same bytes again, so the
// handler's typed decode fails only on JSON of the wrong shape, which
// -32600 rightly answers.
package prevalidated

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

type request struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

func refuse(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func onlyJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			refuse(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		if !json.Valid(body) {
			refuse(w, http.StatusBadRequest, -32700, "Parse error")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

func handle(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		refuse(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
	_ = req
}

// Handler is the only way handle is served.
func Handler() http.Handler { return onlyJSON(http.HandlerFunc(handle)) }
