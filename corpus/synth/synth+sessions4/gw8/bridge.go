// Package gw8 bridges a stateless internal API onto a sessionful MCP server.
// The bridge owns exactly one MCP session with the server; callers never see it.
package gw8

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"
)

type Bridge struct {
	URL    string
	Client *http.Client

	mu      sync.Mutex
	sess    string
	version string
}

var hopByHop = []string{"Connection", "Keep-Alive", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func copyHeaders(dst, src http.Header) {
	for k, vv := range src {
		for _, v := range vv {
			dst.Add(k, v)
		}
	}
	for _, h := range hopByHop {
		dst.Del(h)
	}
}

func (b *Bridge) ensureSession(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.sess != "" {
		return nil
	}
	payload := `{"jsonrpc":"2.0","id":"bridge","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"gw8","version":"0.9"}}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.URL, bytes.NewBufferString(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := b.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var r struct {
		Result *struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return err
	}
	if r.Result == nil {
		return errors.New("initialize failed")
	}
	b.sess = resp.Header.Get("Mcp-Session-Id")
	b.version = r.Result.ProtocolVersion
	return nil
}

func (b *Bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	if err := b.ensureSession(ctx); err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`, http.StatusInternalServerError)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: the request body could not be read"}}`, http.StatusBadRequest)
		return
	}
	up, err := http.NewRequestWithContext(ctx, http.MethodPost, b.URL, bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	copyHeaders(up.Header, r.Header)
	up.Header.Set("Mcp-Session-Id", b.sess)
	up.Header.Add("MCP-Protocol-Version", b.version)
	up.Header.Set("User-Agent", "gw8-bridge/0.9 (+ops)")
	resp, err := b.Client.Do(up)
	if err != nil {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`, http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		// our upstream session expired; start over on the next call
		b.mu.Lock()
		b.sess = ""
		b.mu.Unlock()
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
