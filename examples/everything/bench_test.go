package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Run with scripts/bench-ratios (interleaved rounds, medians and spread of
// the ratios, the client subtracted), or by hand:
//
//	cd examples/everything && go test -run '^$' -bench . -benchmem -count 5 .
//
// Each benchmark serves the same tools/call (an echo tool, JSON responses)
// through the generated hybrid handler and through go-sdk's own
// StreamableHTTPHandler in the same run, in process (no sockets, so the
// costs are the handlers' and the server's), with c concurrent clients, each
// on its own session, and the client side alone (clientOnly). cpu-ns/op is
// the process's user+system CPU time per call (getrusage), which on a busy
// machine is steadier than wall time.

type benchEcho struct {
	Text string `json:"text"`
}

// benchServer is the server both handlers serve.
func benchServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in benchEcho) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
	})
	return s
}

const (
	benchInit   = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`
	benchInited = `{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`
	benchCall   = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}`
	// The same call from a 2026-07-28 client: no session, the envelope in _meta.
	benchModernCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
)

func benchRequest(body string, hdr ...string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	return r
}

func benchServe(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// benchSession opens a 2025-06-18 session on h and returns its id.
func benchSession(b *testing.B, h http.Handler) string {
	w := benchServe(h, benchRequest(benchInit))
	sid := w.Header().Get("Mcp-Session-Id")
	if w.Code != http.StatusOK || sid == "" {
		b.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	if w := benchServe(h, benchRequest(benchInited, "Mcp-Session-Id", sid, "Mcp-Protocol-Version", "2025-06-18")); w.Code != http.StatusAccepted {
		b.Fatalf("initialized: %d %s", w.Code, w.Body)
	}
	return sid
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Nanoseconds()
}

// runClients makes b.N calls from exactly c goroutines (worker 0..c-1),
// and reports cpu-ns/op.
func runClients(b *testing.B, c int, call func(worker int)) {
	var left atomic.Int64
	left.Store(int64(b.N))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuNanos()
	var wg sync.WaitGroup
	for worker := range c {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				call(worker)
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/op")
}

var benchClients = []int{1, 16, 64}

// benchOrder is hs, reversed when MCPWIRE_BENCH_REVERSE is set:
// scripts/bench-ratios alternates the order between rounds, so that no case
// always runs first (on a heap still growing) or after the same neighbour.
func benchOrder[H any](hs []H) []H {
	if os.Getenv("MCPWIRE_BENCH_REVERSE") != "" {
		hs = slices.Clone(hs)
		slices.Reverse(hs)
	}
	return hs
}

// clientOnly is the client side of the benchmarks alone: a handler that
// drains the body and answers a canned result (202 for a notification), so
// that no server runs. What it costs per call (building the request, the
// recorder, their garbage) is in every handler's figures; scripts/bench-ratios
// subtracts it, so that the ratios compare the servers' CPU and bytes, not
// the client's.
func clientOnly() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var head [64]byte
		n, _ := io.ReadFull(r.Body, head[:])
		io.Copy(io.Discard, r.Body)
		if !bytes.Contains(head[:n], []byte(`"id"`)) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		if r.Header.Get("Mcp-Session-Id") == "" {
			h.Set("Mcp-Session-Id", "canned")
		}
		io.WriteString(w, `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"hello"}]}}`)
	})
}

// BenchmarkLegacyToolsCall: a tools/call on an established 2025-06-18
// session, generated hybrid handler against go-sdk's sessionful handler.
func BenchmarkLegacyToolsCall(b *testing.B) {
	handlers := []struct {
		name string
		make func() (h http.Handler, done func())
	}{
		{"mcpwire-hybrid", func() (http.Handler, func()) {
			// SharedServer: every session on one *mcp.Server, as go-sdk's
			// handler below serves all of its sessions from one (the echo
			// server is session-agnostic, the option's condition). With a
			// server per session (the default) c sessions run on c servers,
			// which is another workload.
			h := NewHandler(benchServer, HandlerOptions{JSONResponse: true, SharedServer: true})
			return h, func() { h.Shutdown(context.Background()) }
		}},
		{"gosdk", func() (http.Handler, func()) {
			s := benchServer()
			return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true}), func() {}
		}},
		{"client", func() (http.Handler, func()) { return clientOnly(), func() {} }},
	}
	for _, c := range benchClients {
		for _, hc := range benchOrder(handlers) {
			b.Run(fmt.Sprintf("c=%d/%s", c, hc.name), func(b *testing.B) {
				h, done := hc.make()
				defer done()
				sids := make([]string, c)
				for i := range sids {
					sids[i] = benchSession(b, h)
				}
				runClients(b, c, func(worker int) {
					w := benchServe(h, benchRequest(benchCall, "Mcp-Session-Id", sids[worker], "Mcp-Protocol-Version", "2025-06-18"))
					if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "hello") {
						b.Errorf("tools/call: %d %s", w.Code, w.Body)
					}
				})
				benchEndSessions(b, h, sids)
			})
		}
	}
}

// benchEndSessions ends the sessions of a case with the client's DELETE,
// after its timing. Every case of every handler ends its own, so that no
// case runs beside the sessions (and the goroutines) of the cases before it:
// left open, they made each case of a run slower than the one before, by up
// to half, whichever handler it measured.
func benchEndSessions(b *testing.B, h http.Handler, sids []string) {
	for _, sid := range sids {
		r := httptest.NewRequest(http.MethodDelete, "http://127.0.0.1/mcp", nil)
		r.Header.Set("Mcp-Session-Id", sid)
		r.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		if w := benchServe(h, r); w.Code >= 300 {
			b.Errorf("DELETE: %d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkModernToolsCall: a 2026-07-28 tools/call, the generated hybrid
// handler's modern leg against go-sdk's stateless handler given the same
// requests.
func BenchmarkModernToolsCall(b *testing.B) {
	handlers := []struct {
		name string
		make func() (h http.Handler, done func())
	}{
		{"mcpwire-hybrid", func() (http.Handler, func()) {
			h := NewHandler(benchServer, HandlerOptions{JSONResponse: true})
			return h, func() { h.Shutdown(context.Background()) }
		}},
		{"gosdk-stateless", func() (http.Handler, func()) {
			s := benchServer()
			return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true, Stateless: true}), func() {}
		}},
		{"client", func() (http.Handler, func()) { return clientOnly(), func() {} }},
	}
	for _, c := range benchClients {
		for _, hc := range benchOrder(handlers) {
			b.Run(fmt.Sprintf("c=%d/%s", c, hc.name), func(b *testing.B) {
				h, done := hc.make()
				defer done()
				runClients(b, c, func(int) {
					w := benchServe(h, benchRequest(benchModernCall, "Mcp-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "echo"))
					if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "hello") {
						b.Errorf("tools/call: %d %s", w.Code, w.Body)
					}
				})
			})
		}
	}
}
