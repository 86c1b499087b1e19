// Package goccyproxy forwards MCP traffic to per-tenant servers found in
// the service catalogue. It reads the method of every POST for the
// access log.
package goccyproxy

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/goccy/go-json"
)

type Proxy struct {
	res *Resolver
	hc  *http.Client
	log *slog.Logger
}

func New(res *Resolver, log *slog.Logger) *Proxy {
	return &Proxy{res: res, hc: &http.Client{Timeout: 2 * time.Minute}, log: log}
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	w.Write(b)
}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	tenant := r.Header.Get("X-Tenant")
	if tenant == "" {
		writeErr(w, http.StatusBadRequest, -32000, "Bad Request: X-Tenant header is required")
		return
	}

	var body []byte
	if r.Method == http.MethodPost {
		var err error
		if body, err = io.ReadAll(r.Body); err != nil {
			writeErr(w, http.StatusBadRequest, -32000, "Bad Request: the request body could not be read")
			return
		}
		var m struct {
			Method string `json:"method"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			http.Error(w, "failed to decode request", http.StatusInternalServerError)
			return
		}
		p.log.Info("mcp", "tenant", tenant, "method", m.Method)
	}

	dest, err := p.res.Resolve(r.Context(), tenant)
	if errors.Is(err, errUnknownTenant) {
		writeErr(w, http.StatusNotFound, -32000, "Not Found: no MCP server for tenant "+tenant)
		return
	}
	if err != nil {
		p.log.Error("resolve", "tenant", tenant, "err", err)
		writeErr(w, http.StatusBadRequest, -32602, "Invalid params: cannot route tenant "+tenant)
		return
	}

	out, err := http.NewRequestWithContext(r.Context(), r.Method, dest.String(), bytes.NewReader(body))
	if err != nil {
		writeErr(w, http.StatusInternalServerError, -32603, "Internal error")
		return
	}
	out.Header = r.Header.Clone()
	out.Header.Del("X-Tenant")
	resp, err := p.hc.Do(out)
	if err != nil {
		p.log.Warn("upstream", "tenant", tenant, "err", err)
		writeErr(w, http.StatusBadGateway, -32603, "Bad Gateway: tenant server unavailable")
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}
