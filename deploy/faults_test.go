package deploy_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// statusCounter counts the answers the clients get by status, and the
// longest time a 503 took.
type statusCounter struct {
	base   http.RoundTripper
	mu     sync.Mutex
	counts map[int]int
	slow   time.Duration
}

func (s *statusCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	began := time.Now()
	resp, err := s.base.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	s.mu.Lock()
	s.counts[resp.StatusCode]++
	if resp.StatusCode == http.StatusServiceUnavailable {
		s.slow = max(s.slow, time.Since(began))
	}
	s.mu.Unlock()
	return resp, err
}

func (s *statusCounter) take() (map[int]int, time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, d := s.counts, s.slow
	s.counts, s.slow = map[int]int{}, 0
	return c, d
}

// probe sends one tools/list naming session id through the balancer and
// returns the status, the JSON-RPC error code and how long it took.
func probe(url, id string) (int, string, time.Duration) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	req.Header.Set("Mcp-Session-Id", id)
	began := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error(), time.Since(began)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	code := ""
	if i := strings.Index(string(body), `"code":`); i >= 0 {
		code = strings.SplitN(string(body[i+7:]), ",", 2)[0]
	}
	return resp.StatusCode, code, time.Since(began)
}

// The session store is an outside system that fails. Behind HAProxy, with
// the nodes reaching Redis through a proxy the test controls and 30
// clients calling throughout:
//   - bad records (garbled, 10 MiB, another format version, a key of
//     another type) are answered 404 / -32001 on every try, at once;
//   - Redis slowed (200 ms a round trip) while n2 dies: its sessions
//     resume on the other nodes side by side, every call answered;
//   - Redis stopped while n1 dies: the sessions held by n2 and n3 go on,
//     n1's are answered 503 with Retry-After (never 404) until Redis is
//     back, then resume; no client re-initializes.
func TestFailoverStoreFaults(t *testing.T) {
	c := startClusterOpts(t, clusterOpts{nodes: 3, store: "redis", proxy: "haproxy", storeProxy: true})
	counter := &statusCounter{base: c.transport, counts: map[int]int{}}
	c.transport = counter
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	// Bad records, planted as another program or build might leave them.
	planted := map[string][]string{
		"n1.GARBLED":  {"HSET", "mcpwire:session:n1.GARBLED", "body", `{"v":1,"state":`, "principal", "", "node", "n1", "epoch", "1"},
		"n1.HUGE":     {"HSET", "mcpwire:session:n1.HUGE", "body", `{"v":1,"state":{"initializeParams":{"clientInfo":{"name":"` + strings.Repeat("x", 10<<20) + `"}}}}`, "principal", "", "node", "n1", "epoch", "1"},
		"n1.VERSION9": {"HSET", "mcpwire:session:n1.VERSION9", "body", `{"v":9,"state":{"initializeParams":{}}}`, "principal", "", "node", "n1", "epoch", "1"},
		"n1.OLDSTR":   {"SET", "mcpwire:session:n1.OLDSTR", `{"v":1,"state":{"initializeParams":{}},"node":"n1"}`},
	}
	var bad []string
	for id, cmd := range planted {
		if _, err := redisDo(c.redis, cmd...); err != nil {
			t.Fatalf("planting %s: %v", id, err)
		}
		for try := range 2 {
			status, code, took := probe(c.url, id)
			bad = append(bad, fmt.Sprintf("%s try %d: %d %s in %v", id, try+1, status, code, took.Round(time.Millisecond)))
			if status != http.StatusNotFound || code != "-32001" {
				t.Errorf("%s, try %d: %d %s, want 404 -32001", id, try+1, status, code)
			}
		}
	}

	const clients = 30
	l := connectLoad(t, ctx, c, clients)
	counter.take()
	l.run(ctx, 10*time.Millisecond)
	time.Sleep(time.Second)

	// Slow: 100 ms each way.
	c.proxy.set(100*time.Millisecond, false)
	before := l.done.Load()
	resumedBefore := c.resumed(0) + c.resumed(2)
	c.procs[1].kill()
	l.markNow()
	time.Sleep(4 * time.Second)
	slowCalls := l.done.Load() - before
	slowResumed := c.resumed(0) + c.resumed(2) - resumedBefore
	slowLostAfter := l.lostAfter.Load()
	slowStatus, _ := counter.take()
	c.proxy.set(0, false)
	c.startNode(1)
	time.Sleep(3 * time.Second)

	// Stopped: connections refused and cut. n1 dies: its sessions have no
	// copy on another node (n2's do, left from the slow phase, and those go
	// on serving while the store cannot say they are stale).
	c.proxy.set(0, true)
	counter.take()
	before = l.done.Load()
	c.procs[0].kill()
	downAt := time.Now()
	time.Sleep(1500 * time.Millisecond)
	downCalls := l.done.Load() - before
	downStatus, slow503 := counter.take()
	c.proxy.set(0, false)
	time.Sleep(3 * time.Second)
	afterStatus, _ := counter.take()
	l.finish(t)

	t.Logf("store faults: bad records: %s", strings.Join(bad, "; "))
	t.Logf("store faults: Redis slowed to 200ms a round trip, n2 (%d sessions) SIGKILLed: %d calls answered in the next 4s, "+
		"n1+n3 resumed %d sessions, calls sent after the kill that failed their first attempt: %d, answers by status %v",
		l.perNode["n2"], slowCalls, slowResumed, slowLostAfter, slowStatus)
	t.Logf("store faults: Redis stopped, n1 (%d sessions) SIGKILLed: %d calls answered in the next %v (the sessions n2 and n3 hold), answers by status %v, "+
		"slowest 503 %v; Redis back: answers by status %v; initialize requests: %d for %d clients",
		l.perNode["n1"], downCalls, time.Since(downAt).Round(100*time.Millisecond)-3*time.Second, downStatus, slow503.Round(time.Millisecond), afterStatus, c.inits.Load(), clients)
	if slowLostAfter != 0 {
		t.Errorf("with Redis slow, %d calls sent after the kill failed their first attempt", slowLostAfter)
	}
	if slowResumed < int64(l.perNode["n2"]) {
		t.Errorf("with Redis slow, n1 and n3 resumed %d sessions, want n2's %d", slowResumed, l.perNode["n2"])
	}
	if downStatus[http.StatusNotFound] != 0 || afterStatus[http.StatusNotFound] != 0 {
		t.Errorf("404s while Redis was down (%d) or after (%d): a client would drop a session that is fine", downStatus[http.StatusNotFound], afterStatus[http.StatusNotFound])
	}
	if downStatus[http.StatusServiceUnavailable] == 0 || downCalls == 0 {
		t.Errorf("with Redis down: %d 503s and %d calls answered; want n1's sessions refused 503 and the others served", downStatus[http.StatusServiceUnavailable], downCalls)
	}
	if slow503 > 3*time.Second {
		t.Errorf("the slowest 503 took %v: a store that does not answer must be answered within the call timeout", slow503)
	}
	if c.inits.Load() != clients {
		t.Errorf("%d initialize requests for %d clients: a client re-initialized", c.inits.Load(), clients)
	}
}

// A node whose Redis is down at start says so in one line and exits 2.
func TestFailoverRedisDownAtStart(t *testing.T) {
	if !mcpgentest.Slow() {
		t.Skip("slow suite: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	bin := filepath.Join(t.TempDir(), "everything")
	mcpgentest.Go(t, filepath.Join(mcpgentest.RepoRoot(t), "examples", "everything"), "build", "-o", bin, ".")
	dead := freeAddr(t) // nothing listens there now
	out, err := exec.Command(bin, "-addr", freeAddr(t), "-session-store", "redis://"+dead+"/0").CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	t.Logf("Redis down at start: exit %v, %d line(s): %s", err, len(lines), out)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("exit: %v, want status 2", err)
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "does not answer") {
		t.Errorf("output %q: want one line saying the session store does not answer", out)
	}
}
