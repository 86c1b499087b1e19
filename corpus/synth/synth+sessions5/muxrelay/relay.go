// Command muxrelay relays MCP Streamable HTTP traffic to an upstream server,
// giving clients relay-local session ids so upstream ids never leak out.
package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"os"
	"sync"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

type binding struct {
	upstreamID string
	ready      bool
}

type relay struct {
	upstream string
	client   *http.Client

	mu    sync.RWMutex
	binds map[string]*binding
}

func main() {
	rl := &relay{
		upstream: os.Getenv("MCP_UPSTREAM"),
		client:   &http.Client{},
		binds:    map[string]*binding{},
	}
	r := mux.NewRouter()
	r.Path("/mcp").Methods(http.MethodPost).HandlerFunc(rl.post)
	r.Path("/mcp").Methods(http.MethodDelete).HandlerFunc(rl.del)
	log.Fatal(http.ListenAndServe(":9090", r))
}

func (rl *relay) forward(r *http.Request, method string, body []byte, upstreamID string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), method, rl.upstream, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for _, h := range []string{"Accept", "Content-Type", "Mcp-Protocol-Version", "Last-Event-ID"} {
		if v := r.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	if upstreamID != "" {
		req.Header.Set("Mcp-Session-Id", upstreamID)
	}
	return rl.client.Do(req)
}

func copyResponse(w http.ResponseWriter, resp *http.Response) {
	defer resp.Body.Close()
	for _, h := range []string{"Content-Type", "Cache-Control"} {
		if v := resp.Header.Get(h); v != "" {
			w.Header().Set(h, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(flushWriter{w}, resp.Body)
}

type flushWriter struct{ w http.ResponseWriter }

func (f flushWriter) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if fl, ok := f.w.(http.Flusher); ok {
		fl.Flush()
	}
	return n, err
}

func (rl *relay) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	var probe struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(body, &probe)

	if probe.Method == "initialize" {
		rl.initialize(w, r, body)
		return
	}

	local := r.Header.Get("Mcp-Session-Id")
	if local == "" {
		http.Error(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"}}`, http.StatusBadRequest)
		return
	}
	rl.mu.RLock()
	b := rl.binds[local]
	rl.mu.RUnlock()
	if b == nil {
		http.Error(w, "unknown session", http.StatusBadRequest)
		return
	}
	resp, err := rl.forward(r, http.MethodPost, body, b.upstreamID)
	if err != nil {
		http.Error(w, "upstream error", http.StatusBadGateway)
		return
	}
	copyResponse(w, resp)
}

func (rl *relay) initialize(w http.ResponseWriter, r *http.Request, body []byte) {
	local := uuid.NewString()
	b := &binding{}
	rl.mu.Lock()
	rl.binds[local] = b
	rl.mu.Unlock()

	resp, err := rl.forward(r, http.MethodPost, body, "")
	if err != nil {
		rl.mu.Lock()
		delete(rl.binds, local)
		rl.mu.Unlock()
		http.Error(w, "upstream error", http.StatusBadGateway)
		return
	}
	if resp.StatusCode != http.StatusOK {
		copyResponse(w, resp)
		return
	}
	b.upstreamID = resp.Header.Get("Mcp-Session-Id")
	b.ready = true
	w.Header().Set("Mcp-Session-Id", local)
	copyResponse(w, resp)
}

func (rl *relay) del(w http.ResponseWriter, r *http.Request) {
	local := r.Header.Get("Mcp-Session-Id")
	if local == "" {
		http.Error(w, "missing session", http.StatusBadRequest)
		return
	}
	rl.mu.Lock()
	b, ok := rl.binds[local]
	delete(rl.binds, local)
	rl.mu.Unlock()
	if !ok {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	if resp, err := rl.forward(r, http.MethodDelete, nil, b.upstreamID); err == nil {
		resp.Body.Close()
	}
	w.WriteHeader(http.StatusNoContent)
}
