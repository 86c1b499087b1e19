// Package clientasserver: the request's own body failing to decode is the
// client's fault, answered 500 or -32603 here. A REST route's plain 500
// and an upstream reply that does not decode are not reported.
package clientasserver

import (
	"encoding/json"
	"io"
	"net/http"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
}

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg}})
}

func mcpEndpoint(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		rpcError(w, http.StatusInternalServerError, -32603, "could not decode") // want `answers 500 with -32603 \(Internal error\) when the request body does not decode`
		return
	}
	if req.JSONRPC != "2.0" {
		rpcError(w, http.StatusBadRequest, -32600, "Invalid Request")
		return
	}
}

func readThenDecode(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20)) // want `reads the body through io.LimitReader and never tests its length`
	if err != nil {
		rpcError(w, http.StatusBadRequest, -32000, "unreadable")
		return
	}
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		http.Error(w, "decode failed", http.StatusInternalServerError) // want `answers HTTP 500 when the request body does not decode`
		return
	}
}

// A REST route: its answers carry no JSON-RPC code, not judged.
func restRoute(w http.ResponseWriter, r *http.Request) {
	var v map[string]string
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		http.Error(w, "bad json", http.StatusInternalServerError)
		return
	}
}

// An upstream's reply failing to decode is not the client's: silent.
func relay(w http.ResponseWriter, r *http.Request, c *http.Client) {
	resp, err := c.Get("http://127.0.0.1:9/mcp")
	if err != nil {
		rpcError(w, http.StatusBadGateway, -32603, "upstream")
		return
	}
	defer resp.Body.Close()
	var out request
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		rpcError(w, http.StatusBadGateway, -32603, "upstream reply")
		return
	}
}
