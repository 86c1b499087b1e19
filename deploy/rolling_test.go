package deploy_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// A rolling restart loses no call: under 30 clients calling in a loop,
// each of three nodes in turn gets SIGTERM, exits and starts again. The
// draining node fails its health check first while still serving
// (-drain-notice), so HAProxy takes it out; then it closes its listener
// (a connection HAProxy still tries is refused and retried elsewhere),
// answers the calls it holds, and its sessions resume on the other nodes
// from Redis; a request it took as it stopped is answered 503, which
// HAProxy retries on another node. No call fails, not even at its first attempt, and no
// client initializes again.
func TestFailoverRollingRestart(t *testing.T) {
	c := startClusterOpts(t, clusterOpts{nodes: 3, store: "redis", proxy: "haproxy", args: []string{"-drain-notice", "1500ms"}})
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	const clients = 30
	l := connectLoad(t, ctx, c, clients)
	l.markNow() // every call counts
	l.run(ctx, 10*time.Millisecond)
	time.Sleep(time.Second)
	var steps []string
	for i := range 3 {
		before := l.done.Load()
		began := time.Now()
		c.terminate(i)
		stopped := time.Since(began)
		c.startNode(i)
		// HAProxy's rise: two good checks 500ms apart.
		time.Sleep(2500 * time.Millisecond)
		steps = append(steps, fmt.Sprintf("n%d stopped in %v, %d calls meanwhile", i+1, stopped.Round(time.Millisecond), l.done.Load()-before))
	}
	time.Sleep(time.Second)
	l.finish(t)
	var resumed []string
	for i := range 3 {
		resumed = append(resumed, fmt.Sprintf("n%d %d", i+1, c.resumed(i)))
	}
	t.Logf("rolling restart: %d clients, sessions per node %v; %s; %d calls, failed at the first attempt: %d, failed for good: %d; "+
		"initialize requests: %d; sessions resumed since each node's restart: %s",
		clients, l.perNode, strings.Join(steps, "; "), l.done.Load(), l.lost.Load(), len(l.failures), c.inits.Load(), strings.Join(resumed, ", "))
	if l.lost.Load() != 0 {
		t.Errorf("%d calls failed at their first attempt during the rolling restart, want 0: %q", l.lost.Load(), l.afterErrs)
	}
	if c.inits.Load() != clients {
		t.Errorf("%d initialize requests for %d clients: a client re-initialized", c.inits.Load(), clients)
	}
}
