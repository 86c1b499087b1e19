package streamable_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Run both with:
//
//	cd runtime && go test -run '^$' -bench . -benchmem ./streamable/
//
// Each benchmark compares this transport (behind the per-handshake session
// map, JSON responses) with go-sdk's StreamableHTTPHandler (sessionful, JSON
// responses) serving the same *mcp.Server over loopback HTTP.

type endpoint struct {
	name    string
	handler func(*mcp.Server) (http.Handler, func())
}

var endpoints = []endpoint{
	{"mcpwire", func(s *mcp.Server) (http.Handler, func()) {
		h := newSessionMap(s, streamable.Options{JSONResponse: true})
		return h, h.closeAll
	}},
	{"gosdk", func(s *mcp.Server) (http.Handler, func()) {
		return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true}), func() {}
	}},
}

// post sends one JSON-RPC message and returns status, session id header and
// body.
func post(b *testing.B, c *http.Client, url, sid, body string) (int, string, []byte) {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set(protocol.HeaderSessionID, sid)
		req.Header.Set(protocol.HeaderProtocolVersion, protocol.Version20250618)
	}
	res, err := c.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res.StatusCode, res.Header.Get(protocol.HeaderSessionID), data
}

// handshake opens a session the way a client does and returns its id.
func handshake(b *testing.B, c *http.Client, url string) string {
	code, sid, body := post(b, c, url, "", initBody(1, protocol.Version20250618))
	if code != http.StatusOK || sid == "" {
		b.Fatalf("initialize: %d %q %s", code, sid, body)
	}
	if code, _, body := post(b, c, url, sid, initializedBody); code != http.StatusAccepted {
		b.Fatalf("initialized: %d %s", code, body)
	}
	return sid
}

func deleteSession(b *testing.B, c *http.Client, url, sid string) {
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	req.Header.Set(protocol.HeaderSessionID, sid)
	req.Header.Set(protocol.HeaderProtocolVersion, protocol.Version20250618)
	if res, err := c.Do(req); err == nil {
		res.Body.Close()
	}
}

func benchServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
		return textResult(in.Text), nil, nil
	})
	return s
}

// start serves ep over loopback HTTP until the benchmark ends.
func start(b *testing.B, ep endpoint) (*httptest.Server, *http.Client) {
	h, closeAll := ep.handler(benchServer())
	srv := httptest.NewServer(h)
	b.Cleanup(func() { closeAll(); srv.Close() })
	return srv, srv.Client()
}

// BenchmarkToolsCall measures a tools/call round trip on an established
// session: throughput (ns/op) and allocations, client and server together.
func BenchmarkToolsCall(b *testing.B) {
	for _, ep := range endpoints {
		b.Run(ep.name, func(b *testing.B) {
			srv, c := start(b, ep)
			sid := handshake(b, c, srv.URL)
			defer deleteSession(b, c, srv.URL, sid)
			call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}`
			b.ReportAllocs()
			for b.Loop() {
				if code, _, body := post(b, c, srv.URL, sid, call); code != http.StatusOK {
					b.Fatalf("tools/call: %d %s", code, body)
				}
			}
		})
	}
}

// BenchmarkIdleSession measures what an established, idle session costs:
// retained heap bytes and goroutines per session.
func BenchmarkIdleSession(b *testing.B) {
	for _, ep := range endpoints {
		b.Run(ep.name, func(b *testing.B) {
			srv, c := start(b, ep)
			deleteSession(b, c, srv.URL, handshake(b, c, srv.URL)) // warm the connection pool
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			g0 := runtime.NumGoroutine()
			sids := make([]string, 0, b.N)
			for b.Loop() {
				sids = append(sids, handshake(b, c, srv.URL))
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			n := float64(len(sids))
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "B/session")
			b.ReportMetric(float64(runtime.NumGoroutine()-g0)/n, "goroutines/session")
			b.StopTimer()
			for _, sid := range sids {
				deleteSession(b, c, srv.URL, sid)
			}
		})
	}
}

// BenchmarkToolsCallInProcess is BenchmarkToolsCall without the network:
// requests go straight to ServeHTTP with a recorder, so ns/op and
// allocs/op are the handler's own (transport and server), free of loopback
// and HTTP client noise.
func BenchmarkToolsCallInProcess(b *testing.B) {
	for _, ep := range endpoints {
		b.Run(ep.name, func(b *testing.B) {
			h, closeAll := ep.handler(benchServer())
			b.Cleanup(closeAll)
			w := serve(h, onLoopback(request(http.MethodPost, initBody(1, protocol.Version20250618))))
			sid := w.Header().Get(protocol.HeaderSessionID)
			if w.Code != http.StatusOK || sid == "" {
				b.Fatalf("initialize: %d %s", w.Code, w.Body)
			}
			serve(h, onLoopback(request(http.MethodPost, initializedBody, withSID(sid)...)))
			call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}`
			b.ReportAllocs()
			for b.Loop() {
				if w := serve(h, onLoopback(request(http.MethodPost, call, withSID(sid)...))); w.Code != http.StatusOK {
					b.Fatalf("tools/call: %d %s", w.Code, w.Body)
				}
			}
		})
	}
}

// cannedAnswer is the body the echo tool's tools/call is answered with.
const cannedAnswer = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"hello"}]}}`

// clientOnly is the client side of BenchmarkToolsCallClients alone: a
// handler that drains the body and answers a canned result (202 for a
// notification), so that no server runs. What it costs per call (building
// the request, the recorder, their garbage) is in every endpoint's figures;
// scripts/bench-ratios subtracts it, so that the ratios compare the
// servers' CPU and bytes, not the client's.
var clientOnly = endpoint{"client", func(*mcp.Server) (http.Handler, func()) {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var head [64]byte
		n, _ := io.ReadFull(r.Body, head[:])
		io.Copy(io.Discard, r.Body)
		if !bytes.Contains(head[:n], []byte(`"id"`)) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		h := w.Header()
		h.Set("Content-Type", protocol.MediaTypeJSON)
		if r.Header.Get(protocol.HeaderSessionID) == "" {
			h.Set(protocol.HeaderSessionID, "canned")
		}
		io.WriteString(w, cannedAnswer)
	}), func() {}
}}

// BenchmarkToolsCallClients is BenchmarkToolsCallInProcess with c
// concurrent clients, each on its own session, and the process's CPU time
// per call (user+system, from getrusage) as cpu-ns/op, which a machine
// shared with other work disturbs less than wall time. The client-only
// case measures what the client side alone costs. Compare the endpoints
// within one run, over interleaved rounds, with the client subtracted:
//
//	scripts/bench-ratios
//
// or by hand: cd runtime && go test -run '^$' -bench ToolsCallClients -benchmem -count 5 ./streamable/
func BenchmarkToolsCallClients(b *testing.B) {
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}`
	for _, c := range []int{1, 16, 64} {
		for _, ep := range benchOrder(append(endpoints[:len(endpoints):len(endpoints)], clientOnly)) {
			b.Run(fmt.Sprintf("c=%d/%s", c, ep.name), func(b *testing.B) {
				h, closeAll := ep.handler(benchServer())
				b.Cleanup(closeAll)
				sids := make([]string, c)
				for i := range sids {
					w := serve(h, onLoopback(request(http.MethodPost, initBody(1, protocol.Version20250618))))
					sids[i] = w.Header().Get(protocol.HeaderSessionID)
					if w.Code != http.StatusOK || sids[i] == "" {
						b.Fatalf("initialize: %d %s", w.Code, w.Body)
					}
					serve(h, onLoopback(request(http.MethodPost, initializedBody, withSID(sids[i])...)))
				}
				var left atomic.Int64
				left.Store(int64(b.N))
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuNanos()
				var wg sync.WaitGroup
				for worker := range c {
					wg.Go(func() {
						for left.Add(-1) >= 0 {
							if w := serve(h, onLoopback(request(http.MethodPost, call, withSID(sids[worker])...))); w.Code != http.StatusOK {
								b.Errorf("tools/call: %d %s", w.Code, w.Body)
							}
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/op")
				// Every case ends its sessions, as their clients would:
				// left open (go-sdk's handler has no other way to end them),
				// they made each later case of a run slower, whichever
				// endpoint it measured. closeAll then ends what remains.
				for _, sid := range sids {
					serve(h, onLoopback(request(http.MethodDelete, "", withSID(sid)...)))
				}
			})
		}
	}
}

// benchOrder is eps, reversed when MCPWIRE_BENCH_REVERSE is set:
// scripts/bench-ratios alternates the order between rounds, so that no case
// always runs first (on a heap still growing) or after the same neighbour.
func benchOrder[E any](eps []E) []E {
	if os.Getenv("MCPWIRE_BENCH_REVERSE") != "" {
		eps = slices.Clone(eps)
		slices.Reverse(eps)
	}
	return eps
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
