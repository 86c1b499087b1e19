package gw3

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

// headers we never pass through to the backend
var skipHeaders = map[string]bool{
	"connection":           true,
	"keep-alive":           true,
	"transfer-encoding":    true,
	"upgrade":              true,
	"authorization":        true,
	"mcp-session-id":       true,
	"mcp-protocol-version": true,
	"content-length":       true,
}

var clientVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26"}

type backend struct {
	mu      sync.Mutex
	url     string
	http    *http.Client
	session string
	version string
}

var errSessionGone = errors.New("backend session gone")

func (b *backend) handshake(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	body := []byte(`{"jsonrpc":"2.0","id":"gw3-init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"gw3","version":"2.1.0"}}}`)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := b.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return err
	}
	b.session, b.version = resp.Header.Get("Mcp-Session-Id"), out.Result.ProtocolVersion
	return nil
}

func (b *backend) forward(r *http.Request, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, b.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for name, values := range r.Header {
		if skipHeaders[strings.ToLower(name)] {
			continue
		}
		req.Header[name] = append([]string(nil), values...)
	}
	b.mu.Lock()
	req.Header.Set("Mcp-Session-Id", b.session)
	req.Header.Set("MCP-Protocol-Version", b.version)
	b.mu.Unlock()
	resp, err := b.http.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNotFound {
		resp.Body.Close()
		return nil, errSessionGone
	}
	return resp, nil
}

type DownstreamStore interface {
	// Get returns nil if the session is not known.
	Get(id string) *Client
	Put(c *Client)
}

type Client struct {
	ID      string
	Version string
}

type Gateway struct {
	Backend *backend
	Store   DownstreamStore
}

func NewGateway(url string, st DownstreamStore) *Gateway {
	return &Gateway{Backend: &backend{url: url, http: http.DefaultClient}, Store: st}
}

func fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
}

func (g *Gateway) Mount(r chi.Router) {
	r.Post("/mcp", g.serve)
}

func (g *Gateway) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<20))
	if err != nil {
		fail(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 4 MiB")
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		fail(w, http.StatusBadRequest, -32700, "Parse error")
		return
	}
	if msg.Method == "initialize" {
		v := clientVersions[0]
		for _, cv := range clientVersions {
			if cv == msg.Params.ProtocolVersion {
				v = cv
			}
		}
		c := &Client{ID: uuid.NewString(), Version: v}
		g.Store.Put(c)
		w.Header().Set("Mcp-Session-Id", c.ID)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{"protocolVersion": v, "capabilities": map[string]any{"tools": map[string]any{}}}})
		return
	}
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		fail(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if g.Store.Get(sid) == nil {
		fail(w, http.StatusNotFound, -32001, "Session not found")
		return
	}

	resp, err := g.Backend.forward(r, body)
	if errors.Is(err, errSessionGone) {
		if err = g.Backend.handshake(r.Context()); err == nil {
			resp, err = g.Backend.forward(r, body)
		}
	}
	if err != nil {
		fail(w, http.StatusBadGateway, -32603, "Internal error")
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
