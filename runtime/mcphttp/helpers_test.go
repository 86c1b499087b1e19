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
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// echoInput is the input of the test server's one tool.
type echoInput struct {
	Text string `json:"text"`
}

// testServer is the server the generated tests run against: one tool that
// echoes its input.
func testServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{
		Name:    "mcpgen-test",
		Version: "v0.0.1",
	}, nil)
	mcp.AddTool(s, &mcp.Tool{
		Description: "Echoes its input.",
		Name:        "echo",
	}, func(_ context.Context, _ *mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, echoInput, error) {
		return nil, in, nil
	})
	return s
}

// httpClient opens a new connection per request, so that a connection's
// goroutines never count against the goroutine baseline.
var httpClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

// initialize is a legacy initialize request.
const initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"mcpgen-test\",\"version\":\"v0.0.1\"}}}"

// serve starts the generated handler on a loopback test server; the
// handler is shut down and the server closed when the test ends.
func serve(t *testing.T, opts mcphttp.Options) (*mcphttp.Handler, string) {
	t.Helper()
	h := mcphttp.NewHandler(testServer, opts)
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
	transport := &mcp.StreamableClientTransport{Endpoint: url}
	if rec != nil {
		transport.HTTPClient = &http.Client{Transport: rec}
	}
	client := mcp.NewClient(&mcp.Implementation{
		Name:    "mcpgen-test-client",
		Version: "v0.0.1",
	}, nil)
	cs, err := client.Connect(context.Background(), transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("Connect(%q): %v", version, err)
	}
	return cs
}

// callEcho lists the tools and calls the echo tool through cs.
func callEcho(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	if len(tools.Tools) != 1 || tools.Tools[0].Name != "echo" {
		t.Fatalf("ListTools = %v, want the echo tool", tools.Tools)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{
		Arguments: map[string]any{"text": "hello"},
		Name:      "echo",
	})
	if err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	if res.IsError {
		t.Fatalf("CallTool returned a tool error: %v", res.Content)
	}
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
