package deploy_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The figures of issue 13, in one run, against the real binaries:
//
//	MCPWIRE_SLOW=1 go test -run '^$' -bench . -benchtime 3s ./deploy/
//
// HAProxy/nodes=1 and nodes=3 are tools/call throughput through HAProxy
// (go-sdk clients, 16 sessions, Redis store); HAProxy/nodes=1,store=memory
// is the same without Redis, so its ratio to nodes=1 is the store's cost per
// call. Resume times the first call a node serves for a session another
// node established (the miss: a Redis GET, a resumed transport, a server
// connected with the stored state) against a call on a session it holds.

func BenchmarkHAProxy(b *testing.B) {
	for _, bc := range []struct {
		name  string
		nodes int
		store string
	}{
		{"nodes=1,store=memory", 1, "memory"},
		{"nodes=1", 1, "redis"},
		{"nodes=3", 3, "redis"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := startClusterOf(b, bc.nodes, bc.store)
			ctx := context.Background()
			var next atomic.Int32
			const sessions = 16
			b.SetParallelism(sessions / 2) // 2 cores: 16 goroutines, one session each
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				cs, err := c.connect(ctx)
				if err != nil {
					b.Error(err)
					return
				}
				defer cs.Close()
				next.Add(1)
				for pb.Next() {
					if _, err := call(ctx, cs); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
			// What the store costs: Redis commands per call (the sessions'
			// initial SETs included; refreshes come once per TTL/4).
			b.ReportMetric(float64(redisCommands(b, c.redis))/float64(b.N), "redis-cmds/call")
		})
	}
}

// rawSession initializes a 2025-11-25 session on the node at addr directly
// (not through HAProxy) and returns its id.
func rawSession(b *testing.B, addr string) string {
	resp := rawPost(b, addr, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`)
	id := resp.Header.Get("Mcp-Session-Id")
	drain(resp)
	if id == "" {
		b.Fatalf("initialize on %s: status %d, no session id", addr, resp.StatusCode)
	}
	drain(rawPost(b, addr, id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	return id
}

func rawPost(b *testing.B, addr, session, body string) *http.Response {
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	return resp
}

// drain reads an answer to its end (an SSE answer ends after the response).
func drain(resp *http.Response) string {
	defer resp.Body.Close()
	var out strings.Builder
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		out.WriteString(sc.Text())
		out.WriteByte('\n')
	}
	return out.String()
}

const toolsCall = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_simple_text","arguments":{}}}`

func timedCall(b *testing.B, addr, id string) time.Duration {
	start := time.Now()
	resp := rawPost(b, addr, id, toolsCall)
	out := drain(resp)
	d := time.Since(start)
	if resp.StatusCode != http.StatusOK || !strings.Contains(out, "simple text response") {
		b.Fatalf("tools/call on %s: status %d: %.300s", addr, resp.StatusCode, out)
	}
	return d
}

func BenchmarkResume(b *testing.B) {
	c := startClusterOf(b, 3, "redis")
	var miss, held time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		id := rawSession(b, c.nodes[0])
		b.StartTimer()
		miss += timedCall(b, c.nodes[1], id) // n2 does not hold it: resumed from Redis
		b.StopTimer()
		held += timedCall(b, c.nodes[1], id) // now it does
		drainDelete(c.nodes[1], id)
		drainDelete(c.nodes[0], id)
		b.StartTimer()
	}
	b.ReportMetric(float64(miss.Microseconds())/float64(b.N), "µs/miss-call")
	b.ReportMetric(float64(held.Microseconds())/float64(b.N), "µs/held-call")
	b.ReportMetric(float64(resumedTotal(c)), "resumed")
}

// drainDelete ends a session on one node (DELETE), so sessions do not pile
// up over b.N iterations.
func drainDelete(addr, id string) {
	req, _ := http.NewRequest(http.MethodDelete, "http://"+addr+"/mcp", nil)
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}

// redisCommands is the number of commands Redis has served (INFO stats,
// total_commands_processed), less the INFO itself.
func redisCommands(b *testing.B, addr string) int64 {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "INFO stats\r\n")
	r := bufio.NewReader(conn)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			b.Fatalf("INFO stats: %v", err)
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_commands_processed:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
}

func resumedTotal(c *cluster) int64 {
	var n int64
	for i := range c.nodes {
		n += c.resumed(i)
	}
	return n
}
