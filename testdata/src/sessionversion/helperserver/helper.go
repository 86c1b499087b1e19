// Package helperserver: a test helper, in an ordinary file, that starts a
// fake server answering initialize with the revision the test pins, and a
// client whose own initialize pins "2025-06-18". Neither is a server
// negotiating with real clients.
package helperserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// StartFake serves a canned initialize result for the test.
func StartFake(t *testing.T) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{
			"jsonrpc": "2.0",
			"id":      1,
			"result": map[string]any{
				"protocolVersion": "2025-06-18",
				"serverInfo":      map[string]any{"name": "fake"},
			},
		})
	}))
}

// Hello sends the client's initialize, pinned to one revision.
func Hello(url string) (*http.Response, error) {
	body, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      1,
		"method":  "initialize",
		"params": map[string]any{
			"protocolVersion": "2025-06-18",
			"clientInfo":      map[string]any{"name": "probe"},
		},
	})
	return http.Post(url, "application/json", bytes.NewReader(body))
}

func serve(w http.ResponseWriter, r *http.Request) {}
