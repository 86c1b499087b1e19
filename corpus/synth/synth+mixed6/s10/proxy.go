// Package s10 fronts a single upstream MCP server. The proxy keeps one
// upstream session for itself and hands out its own sessions to clients.
package s10

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type Proxy struct {
	upstreamURL string
	hc          *http.Client
	log         *slog.Logger

	upMu  sync.Mutex
	upSID string

	clients sync.Map // client session id -> struct{}
}

func New(upstreamURL string, log *slog.Logger) *Proxy {
	return &Proxy{upstreamURL: upstreamURL, hc: &http.Client{}, log: log}
}

func (p *Proxy) Routes(r chi.Router) {
	r.Post("/mcp", p.post)
	r.Delete("/mcp", p.delete)
}

type rpc struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
}

var errUpstream = errors.New("upstream unavailable")

// upstreamSession initializes the proxy's own upstream session once.
func (p *Proxy) upstreamSession(ctx context.Context) (string, error) {
	p.upMu.Lock()
	defer p.upMu.Unlock()
	if p.upSID != "" {
		return p.upSID, nil
	}
	init := []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"s10-proxy","version":"1"}}}`)
	resp, err := p.send(ctx, init, "")
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		return "", fmt.Errorf("%w: initialize answered %d", errUpstream, resp.StatusCode)
	}
	p.upSID = sid
	return sid, nil
}

func (p *Proxy) send(ctx context.Context, body []byte, sid string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.upstreamURL, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	return p.hc.Do(req)
}

func (p *Proxy) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		replyError(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read", nil)
		return
	}
	if !json.Valid(body) {
		replyError(w, http.StatusBadRequest, -32700, "Parse error: body is not valid JSON", nil)
		return
	}
	var m rpc
	if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
		replyError(w, http.StatusBadRequest, -32600, "Invalid Request", nil)
		return
	}

	if m.Method == "initialize" {
		if len(m.ID) == 0 {
			replyError(w, http.StatusBadRequest, -32600, "Invalid Request: initialize requires an id", nil)
			return
		}
		if _, err := p.upstreamSession(r.Context()); err != nil {
			p.log.Error("upstream initialize", "err", err)
			replyError(w, http.StatusBadGateway, -32603, "Internal error", m.ID)
			return
		}
		sid := uuid.NewString()
		p.clients.Store(sid, struct{}{})
		w.Header().Set("Mcp-Session-Id", sid)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{
			"protocolVersion": "2025-06-18",
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": "s10-proxy", "version": "1.0.0"},
		}})
		return
	}

	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		replyError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", m.ID)
		return
	}
	if _, ok := p.clients.Load(sid); !ok {
		replyError(w, http.StatusNotFound, -32001, "Session not found", m.ID)
		return
	}
	if m.Method == "notifications/initialized" {
		w.WriteHeader(http.StatusAccepted)
		return
	}

	upSID, err := p.upstreamSession(r.Context())
	if err != nil {
		p.log.Error("upstream session", "err", err)
		replyError(w, http.StatusBadGateway, -32603, "Internal error", m.ID)
		return
	}
	resp, err := p.send(r.Context(), body, upSID)
	if err != nil {
		p.log.Error("forward", "err", err, "method", m.Method)
		replyError(w, http.StatusBadGateway, -32603, "Internal error", m.ID)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		p.upMu.Lock()
		p.upSID = ""
		p.upMu.Unlock()
		w.Header().Set("Retry-After", "1")
		replyError(w, http.StatusServiceUnavailable, -32000, "Service Unavailable: upstream session lost, retry", m.ID)
		return
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

func (p *Proxy) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get("Mcp-Session-Id")
	if sid == "" {
		replyError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required", nil)
		return
	}
	if _, ok := p.clients.LoadAndDelete(sid); !ok {
		replyError(w, http.StatusNotFound, -32001, "Session not found", nil)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func replyError(w http.ResponseWriter, status, code int, msg string, id json.RawMessage) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
}
