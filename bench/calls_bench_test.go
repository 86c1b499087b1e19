package bench

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
)

// Run with scripts/bench-perf (interleaved rounds, ratios formed within a
// round, medians and spread), or by hand:
//
//	cd bench && go test -run '^$' -bench . -benchmem -benchtime 2000x .
//
// Every case serves the same tools/call in process (no sockets: the costs
// are the handler's and the server's), JSON responses, with c concurrent
// clients each on its own 2025-06-18 session. cpu-ns/op is the process's
// user+system CPU time per call (getrusage), steadier than wall time on a
// shared machine; B/op counts every goroutine's allocations.

const (
	initBody    = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`
	initedBody  = `{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`
	callBody    = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}`
	cannedReply = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"hello"}]}}`
)

func request(method, body string, hdr ...string) *http.Request {
	var r *http.Request
	if body == "" {
		r = httptest.NewRequest(method, "http://127.0.0.1/mcp", nil)
	} else {
		r = httptest.NewRequest(method, "http://127.0.0.1/mcp", strings.NewReader(body))
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	return r
}

func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func sessionHeaders(sid string) []string {
	return []string{"Mcp-Session-Id", sid, "Mcp-Protocol-Version", "2025-06-18"}
}

// handshake opens a 2025-06-18 session on h and returns its id.
func handshake(b *testing.B, h http.Handler) string {
	w := serve(h, request(http.MethodPost, initBody))
	sid := w.Header().Get("Mcp-Session-Id")
	if w.Code != http.StatusOK || sid == "" {
		b.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	if w := serve(h, request(http.MethodPost, initedBody, sessionHeaders(sid)...)); w.Code != http.StatusAccepted {
		b.Fatalf("initialized: %d %s", w.Code, w.Body)
	}
	return sid
}

// endSessions ends a case's sessions with the client's DELETE, after its
// timing, so that no case runs beside the sessions of the cases before it.
func endSessions(b *testing.B, h http.Handler, sids []string) {
	for _, sid := range sids {
		if w := serve(h, request(http.MethodDelete, "", sessionHeaders(sid)...)); w.Code >= 300 {
			b.Errorf("DELETE: %d %s", w.Code, w.Body)
		}
	}
}

// clientOnly is the client side alone: a handler that drains the body and
// answers a canned result (202 for a notification). What it costs per call
// (building the request, the recorder) is in every case's figures;
// scripts/bench-perf subtracts it, so that ratios compare servers.
func clientOnly() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var head [64]byte
		n, _ := io.ReadFull(r.Body, head[:])
		io.Copy(io.Discard, r.Body)
		if r.Method == http.MethodDelete || !bytes.Contains(head[:n], []byte(`"id"`)) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		if r.Header.Get("Mcp-Session-Id") == "" {
			h.Set("Mcp-Session-Id", "canned")
		}
		io.WriteString(w, cannedReply)
	})
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// inOrder is cs, reversed when MCPWIRE_BENCH_REVERSE is set: scripts/bench-perf
// alternates the order between rounds, so that no case always runs first or
// after the same neighbour.
func inOrder(cs []serverCase) []serverCase {
	if os.Getenv("MCPWIRE_BENCH_REVERSE") != "" {
		cs = slices.Clone(cs)
		slices.Reverse(cs)
	}
	return cs
}

// BenchmarkToolsCall: a tools/call on an established session, c clients at
// once, for every case.
func BenchmarkToolsCall(b *testing.B) {
	cases := []serverCase{mcpwireCase, gosdkCase, floorCase, mcpgoCase, clientCase}
	for _, c := range []int{1, 16, 64} {
		for _, sc := range inOrder(cases) {
			b.Run(fmt.Sprintf("c=%d/%s", c, sc.name), func(b *testing.B) {
				h, done := sc.make()
				defer done()
				sids := make([]string, c)
				for i := range sids {
					sids[i] = handshake(b, h)
				}
				runtime.GC()
				var left atomic.Int64
				left.Store(int64(b.N))
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuNanos()
				var wg sync.WaitGroup
				for worker := range c {
					wg.Go(func() {
						for left.Add(-1) >= 0 {
							w := serve(h, request(http.MethodPost, callBody, sessionHeaders(sids[worker])...))
							if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "hello") {
								b.Errorf("tools/call: %d %s", w.Code, w.Body)
							}
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/op")
				endSessions(b, h, sids)
			})
		}
	}
}

// BenchmarkIdleSession: what an established, idle session retains, heap
// bytes and goroutines per session after a GC, each op one handshake left
// open: go-sdk's handler, mcpwire's with a shared server, and the same with
// a small declared per-session state.
func BenchmarkIdleSession(b *testing.B) {
	for _, sc := range inOrder([]serverCase{mcpwireCase, mcpwireStateCase, gosdkCase, mcpgoCase}) {
		b.Run(sc.name, func(b *testing.B) {
			h, done := sc.make()
			defer done()
			endSessions(b, h, []string{handshake(b, h)}) // lazily built state
			var before, after runtime.MemStats
			settle()
			runtime.ReadMemStats(&before)
			g0 := runtime.NumGoroutine()
			sids := make([]string, 0, b.N)
			for b.Loop() {
				sids = append(sids, handshake(b, h))
			}
			settle()
			runtime.ReadMemStats(&after)
			n := float64(len(sids))
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/n, "B/session")
			b.ReportMetric(float64(runtime.NumGoroutine()-g0)/n, "goroutines/session")
			b.StopTimer()
			endSessions(b, h, sids)
		})
	}
}

// settle collects until only live objects remain: a sync.Pool's objects
// outlive one GC in its victim cache, and decoders' 32 KiB buffers left
// there by the cases before would otherwise count as a few hundred bytes
// per session, either way.
func settle() {
	runtime.GC()
	runtime.GC()
}
