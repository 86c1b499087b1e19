package main

import (
	"context"
	"net/http"
	"runtime"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkIdleSession measures what an established, idle 2025-06-18 session
// retains: heap bytes and goroutines per session, through the generated
// hybrid handler with a server per session and with SharedServer, and
// through go-sdk's own sessionful StreamableHTTPHandler, in the same run:
//
//	cd examples/everything && go test -run '^$' -bench IdleSession -benchtime 2000x -count 3 .
//
// Each op is one handshake (initialize + initialized) left open; the heap is
// measured after a GC, so only what the sessions keep counts. MaxSessions is
// lifted: the default cap is below the sessions a run opens.
func BenchmarkIdleSession(b *testing.B) {
	handlers := []struct {
		name string
		make func() (http.Handler, func())
	}{
		{"mcpwire-per-session", func() (http.Handler, func()) {
			h := NewHandler(benchServer, HandlerOptions{JSONResponse: true, MaxSessions: -1})
			return h, func() { h.Shutdown(context.Background()) }
		}},
		{"mcpwire-shared", func() (http.Handler, func()) {
			h := NewHandler(benchServer, HandlerOptions{JSONResponse: true, SharedServer: true, MaxSessions: -1})
			return h, func() { h.Shutdown(context.Background()) }
		}},
		{"gosdk", func() (http.Handler, func()) {
			s := benchServer()
			h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true})
			return h, func() {}
		}},
	}
	for _, hc := range handlers {
		b.Run(hc.name, func(b *testing.B) {
			h, stop := hc.make()
			defer stop()
			benchSession(b, h) // the first session pays for lazily built state
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			g0 := runtime.NumGoroutine()
			sids := make([]string, 0, b.N)
			for b.Loop() {
				sids = append(sids, benchSession(b, h))
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			n := float64(len(sids))
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/n, "B/session")
			b.ReportMetric(float64(runtime.NumGoroutine()-g0)/n, "goroutines/session")
		})
	}
}
