// Package gw1 is a thin MCP gateway: it authenticates the caller, checks the
// envelope and forwards the JSON-RPC body to one upstream MCP server.
package gw1

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"time"
)

type Gateway struct {
	Upstream string
	Client   *http.Client
	MaxBody  int64
	Tokens   map[string]string // bearer token -> tenant; the auth proxy in front has already checked it
}

func New(upstream string) *Gateway {
	return &Gateway{
		Upstream: upstream,
		Client:   &http.Client{Timeout: 30 * time.Second},
		MaxBody:  1 << 20,
		Tokens:   map[string]string{},
	}
}

type rpcEnvelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

func writeJSONRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage(`null`)
	}
	resp := map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(resp); err != nil {
		log.Printf("gw1: write error response: %v", err)
	}
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		writeJSONRPCError(w, http.StatusMethodNotAllowed, nil, -32000, "Method not allowed: "+r.Method)
		return
	}
	tenant := g.Tokens[bearer(r)] // empty for anonymous callers

	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, g.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeJSONRPCError(w, http.StatusRequestEntityTooLarge, nil, -32000, fmt.Sprintf("Request body larger than %d bytes", mbe.Limit))
			return
		}
		writeJSONRPCError(w, http.StatusBadRequest, nil, -32700, "Parse error")
		return
	}

	var env rpcEnvelope
	if err := json.Unmarshal(raw, &env); err != nil {
		writeJSONRPCError(w, http.StatusBadRequest, nil, -32700, "Parse error: "+err.Error())
		return
	}
	if env.JSONRPC != "2.0" || env.Method == "" {
		writeJSONRPCError(w, http.StatusBadRequest, env.ID, -32600, "Invalid Request")
		return
	}

	resp, err := g.forward(r, tenant, raw)
	if err != nil {
		log.Printf("gw1: upstream %s: %v", g.Upstream, err)
		writeJSONRPCError(w, http.StatusBadRequest, env.ID, -32700, "upstream request failed")
		return
	}
	defer resp.Body.Close()

	if resp.StatusCode >= 500 {
		writeJSONRPCError(w, http.StatusBadGateway, env.ID, -32603, fmt.Sprintf("upstream returned %d", resp.StatusCode))
		return
	}
	for _, h := range []string{"Content-Type", "Mcp-Session-Id"} {
		if v := resp.Header.Get(h); v != "" {
			w.Header().Set(h, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	if _, err := io.Copy(w, resp.Body); err != nil {
		log.Printf("gw1: copy: %v", err)
	}
}

func (g *Gateway) forward(r *http.Request, tenant string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, g.Upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", r.Header.Get("Accept"))
	req.Header.Set("X-Tenant", tenant)
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	return g.Client.Do(req)
}

func bearer(r *http.Request) string {
	const p = "Bearer "
	h := r.Header.Get("Authorization")
	if len(h) > len(p) && h[:len(p)] == p {
		return h[len(p):]
	}
	return ""
}
