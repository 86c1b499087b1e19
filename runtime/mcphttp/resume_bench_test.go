package mcphttp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/mcpwire/mcpwire/runtime/mcphttp/mcphttptest"
	"github.com/mcpwire/mcpwire/runtime/sessionstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// slowStore is a SessionStore whose every load takes latency, as a remote
// store across a slow network or under load does.
type slowStore struct {
	*sessionstore.Memory
	latency time.Duration
}

func (s slowStore) Get(ctx context.Context, id string) (sessionstore.Record, bool, error) {
	select {
	case <-time.After(s.latency):
	case <-ctx.Done():
		return sessionstore.Record{}, false, ctx.Err()
	}
	return s.Memory.Get(ctx, id)
}

// Claim is the load a resume makes (it claims the session in the same
// round trip).
func (s slowStore) Claim(ctx context.Context, id, node, principal string, ttl time.Duration) (sessionstore.Record, bool, error) {
	select {
	case <-time.After(s.latency):
	case <-ctx.Done():
		return sessionstore.Record{}, false, ctx.Err()
	}
	return s.Memory.Claim(ctx, id, node, principal, ttl)
}

// storeLatency is the benchmark's store round trip.
const storeLatency = 50 * time.Millisecond

// BenchmarkResumeAtOnce resumes n sessions another node established, all at
// once (a node lost, its clients arriving at the next together), from a
// store answering each load in 50 ms. Resumes of different sessions that
// wait for each other take n×50 ms; independent ones about 50 ms. It reports
// the wall time of the whole batch (ms/batch) and that time in store round
// trips (round-trips/batch): about 1 when the resumes run in parallel, about
// n when they run one at a time.
func BenchmarkResumeAtOnce(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) {
			var total time.Duration
			for range b.N {
				b.StopTimer()
				mem := sessionstore.NewMemory(0)
				ids := make([]string, n)
				for i := range ids {
					ids[i] = fmt.Sprintf("n1.session-%04d", i)
					rec := sessionstore.Record{Node: "n1", State: mcp.ServerSessionState{
						InitializeParams: &mcp.InitializeParams{
							ProtocolVersion: "2025-11-25",
							ClientInfo:      &mcp.Implementation{Name: "bench", Version: "v0"},
							Capabilities:    &mcp.ClientCapabilities{},
						},
						InitializedParams:         &mcp.InitializedParams{},
						NegotiatedProtocolVersion: "2025-11-25",
					}}
					if err := mem.Put(context.Background(), ids[i], rec, time.Hour); err != nil {
						b.Fatal(err)
					}
				}
				h := mcphttp.NewHandler(mcphttptest.EchoServer, mcphttp.Options{
					NodeID:       "n2",
					SessionStore: slowStore{mem, storeLatency},
					SharedServer: true,
					JSONResponse: true,
					MaxSessions:  -1,
				})
				var wg sync.WaitGroup
				codes := make([]int, n)
				start := make(chan struct{})
				for i, id := range ids {
					r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
					r.Header.Set("Accept", "application/json, text/event-stream")
					r.Header.Set("Content-Type", "application/json")
					r.Header.Set("Mcp-Session-Id", id)
					r.Header.Set("Mcp-Protocol-Version", "2025-11-25")
					wg.Go(func() {
						<-start
						w := httptest.NewRecorder()
						h.ServeHTTP(w, r)
						codes[i] = w.Code
					})
				}
				b.StartTimer()
				t0 := time.Now()
				close(start)
				wg.Wait()
				total += time.Since(t0)
				b.StopTimer()
				for i, code := range codes {
					if code != http.StatusOK {
						b.Fatalf("session %d: status %d", i, code)
					}
				}
				if st := h.Stats(); st.SessionsResumed != int64(n) {
					b.Fatalf("%d sessions resumed, want %d", st.SessionsResumed, n)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				h.Shutdown(ctx)
				cancel()
			}
			batch := total / time.Duration(b.N)
			b.ReportMetric(float64(batch)/float64(time.Millisecond), "ms/batch")
			b.ReportMetric(float64(batch)/float64(storeLatency), "round-trips/batch")
		})
	}
}
