package mcphttp_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/mcphttp/mcphttptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpClient opens a new connection per request, so that a connection's
// goroutines never count against the goroutine baseline.
var httpClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

// initialize is a legacy initialize request.
const initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"mcpgen-test\",\"version\":\"v0.0.1\"}}}"

// serve starts the generated handler on a loopback test server; the
// handler is shut down and the server closed when the test ends.
func serve(t *testing.T, opts mcphttp.Options) (*mcphttp.Handler, string) {
	t.Helper()
	h := mcphttp.NewHandler(mcphttptest.EchoServer, opts)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := h.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		srv.Close()
	})
	return h, srv.URL
}

// post sends one POST with the headers a client sends, changed by
// header (an empty value deletes), and returns the response and its body.
func post(t *testing.T, url string, header map[string]string, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatalf("NewRequest: %v", err)
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("POST: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	return resp, b
}

// modernList is a 2026-07-28 tools/list request.
const modernList = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":{\"name\":\"mcpgen-test\",\"version\":\"v0.0.1\"}}}}"

// status sends a body-less request that accepts an event stream, with
// an MCP-Protocol-Version header unless version is empty, and returns the status.
func status(t *testing.T, method, url, version string) int {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatalf("NewRequest: %v", err)
	}
	req.Header.Set("Accept", "text/event-stream")
	if version != "" {
		req.Header.Set("Mcp-Protocol-Version", version)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// sessionRecorder is an http.RoundTripper that remembers any
// Mcp-Session-Id the server sent.
type sessionRecorder struct {
	mu  sync.Mutex
	ids []string
}

// RoundTrip implements http.RoundTripper.
func (r *sessionRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil && resp.Header.Get("Mcp-Session-Id") != "" {
		r.mu.Lock()
		r.ids = append(r.ids, resp.Header.Get("Mcp-Session-Id"))
		r.mu.Unlock()
	}
	return resp, err
}

// seen returns the session ids received so far.
func (r *sessionRecorder) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.ids)
}

// connect connects go-sdk's client asking for protocol revision
// version; it records session ids into rec when rec is not nil.
func connect(t *testing.T, url, version string, rec *sessionRecorder) *mcp.ClientSession {
	t.Helper()
	var client *http.Client
	if rec != nil {
		client = &http.Client{Transport: rec}
	}
	return mcphttptest.Connect(t, url, version, client)
}

// eventually waits until cond holds, failing the test after ten
// seconds. Sessions and goroutines end asynchronously.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
