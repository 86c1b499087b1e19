// Package gw5 aggregates the tools of several MCP servers behind one endpoint.
package gw5

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/google/uuid"
)

const (
	hdrSession = "Mcp-Session-Id"
	hdrVersion = "MCP-Protocol-Version"
)

type Backend struct {
	Name      string
	URL       string
	sessionID string
	version   string
	tools     []json.RawMessage
}

type Aggregator struct {
	backends []*Backend
	hc       *http.Client

	mu       sync.Mutex
	sessions map[string]string // downstream id -> client name
}

func NewAggregator(ctx context.Context, backends []*Backend) (*Aggregator, error) {
	a := &Aggregator{backends: backends, hc: http.DefaultClient, sessions: map[string]string{}}
	for _, b := range backends {
		resp, err := a.call(ctx, nil, b, "initialize", map[string]any{
			"protocolVersion": "2025-11-25",
			"capabilities":    map[string]any{},
			"clientInfo":      map[string]any{"name": "gw5-aggregator"},
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name, err)
		}
		b.sessionID = resp.Header.Get(hdrSession)
		var r struct {
			Result struct {
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"result"`
		}
		json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		b.version = r.Result.ProtocolVersion
	}
	return a, nil
}

// call sends one JSON-RPC request to a backend. in is the downstream request
// being served, if any.
func (a *Aggregator) call(ctx context.Context, in *http.Request, b *Backend, method string, params any) (*http.Response, error) {
	payload, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": uuid.NewString(), "method": method, "params": params})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.URL, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if b.sessionID != "" {
		req.Header.Set(hdrSession, b.sessionID)
	}
	if in != nil {
		req.Header.Set(hdrVersion, in.Header.Get(hdrVersion))
	} else if b.version != "" {
		req.Header.Set(hdrVersion, b.version)
	}
	return a.hc.Do(req)
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`, code, msg)
}

func (a *Aggregator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name       string         `json:"name"`
			Arguments  map[string]any `json:"arguments"`
			ClientInfo struct {
				Name string `json:"name"`
			} `json:"clientInfo"`
		} `json:"params"`
	}
	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
		writeErr(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}

	sid := r.Header.Get(hdrSession)
	if msg.Method == "initialize" {
		// Reconnecting clients send their previous id; keep it so logs line up.
		if sid == "" {
			sid = uuid.NewString()
		}
		a.mu.Lock()
		a.sessions[sid] = msg.Params.ClientInfo.Name
		a.mu.Unlock()
		w.Header().Set(hdrSession, sid)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}}}}`, msg.ID)
		return
	}

	if sid == "" {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	a.mu.Lock()
	_, ok := a.sessions[sid]
	a.mu.Unlock()
	if !ok {
		writeErr(w, http.StatusNotFound, -32001, "Session not found")
		return
	}

	if msg.Method != "tools/call" {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{}}`, msg.ID)
		return
	}
	prefix, tool, _ := strings.Cut(msg.Params.Name, "__")
	for _, b := range a.backends {
		if b.Name != prefix {
			continue
		}
		resp, err := a.call(r.Context(), r, b, "tools/call", map[string]any{"name": tool, "arguments": msg.Params.Arguments})
		if err != nil {
			writeErr(w, http.StatusBadGateway, -32603, "Internal error")
			return
		}
		defer resp.Body.Close()
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
		return
	}
	writeErr(w, http.StatusOK, -32602, "Invalid params: unknown tool "+msg.Params.Name)
}
