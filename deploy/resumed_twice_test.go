package deploy_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A node whose sessions were resumed twice is killed. n2 is killed and its
// sessions resume on n1 and n3; n2 comes back and they are resumed there
// again (the copies left on n1 and n3 are stale now, and expire idle
// without deleting the records n2 holds); n2 is killed once more and they
// resume on n1 and n3 again, over their stale copies. At the end every
// session has one holder — the node its record names, one open copy in all
// — no record was lost, no client re-initialized, and every call sent after
// a kill was answered at its first attempt.
func TestFailoverResumedTwice(t *testing.T) {
	const idle = 6 * time.Second
	c := startClusterOpts(t, clusterOpts{nodes: 3, store: "redis", proxy: "haproxy", args: []string{"-idle-timeout", idle.String()}})
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	const clients = 30
	l := connectLoad(t, ctx, c, clients)
	if l.perNode["n2"] == 0 {
		t.Fatalf("sessions per node %v: none on n2", l.perNode)
	}
	var n2 []string
	for _, id := range l.ids {
		if strings.HasPrefix(id, "n2.") {
			n2 = append(n2, id)
		}
	}
	l.run(ctx, 10*time.Millisecond)
	time.Sleep(time.Second)

	// First kill: n2's sessions resume on n1 and n3.
	c.procs[1].kill() // returns once the process is gone
	l.markNow()
	time.Sleep(3 * time.Second)
	firstResumes := c.resumed(0) + c.resumed(2)
	// n2 comes back: its sessions are routed back and resumed there (the
	// second resumption). Long enough for the stale copies to expire idle.
	c.startNode(1)
	time.Sleep(idle + 4*time.Second)
	onN2 := 0
	for _, id := range n2 {
		if node, _, ok := sessionRecord(t, c.redis, id); ok && node == "n2" {
			onN2++
		}
	}
	staleExpired := c.stat(0, "closed_by_idle") + c.stat(2, "closed_by_idle")
	resumedOnN2 := c.resumed(1)

	// Second kill, of the node that holds sessions resumed twice.
	c.procs[1].kill()
	l.markNow()
	time.Sleep(3 * time.Second)
	// The copies a redispatched request may have left on a second node
	// expire idle, fenced.
	time.Sleep(idle + 2*time.Second)
	l.finish(t)

	missing, badHolder := 0, 0
	var minEpoch int64 = 1 << 62
	for _, id := range l.ids {
		node, epoch, ok := sessionRecord(t, c.redis, id)
		switch {
		case !ok:
			missing++
		case node != "n1" && node != "n3":
			badHolder++
		}
		if strings.HasPrefix(id, "n2.") && epoch < minEpoch {
			minEpoch = epoch
		}
	}
	open := c.stat(0, "open_sessions") + c.stat(2, "open_sessions")
	t.Logf("resumed twice: %d clients, sessions per node %v, %d calls; first kill: n1+n3 resumed %d of n2's %d sessions; "+
		"after n2's restart %d of them held by n2 again (n2 resumed %d), stale copies on n1/n3 expired idle: %d; "+
		"second kill of n2: n1 resumed %d, n3 resumed %d in all; at the end: records missing %d, held by a dead node %d, "+
		"lowest epoch of n2's sessions %d, open copies on n1+n3 %d for %d sessions; calls lost (in flight at a kill, retried): %d; "+
		"calls sent after a kill that failed their first attempt: %d; initialize requests: %d",
		clients, l.perNode, l.done.Load(), firstResumes, len(n2), onN2, resumedOnN2, staleExpired,
		c.resumed(0), c.resumed(2), missing, badHolder, minEpoch, open, clients, l.lost.Load(), l.lostAfter.Load(), c.inits.Load())
	if missing != 0 || badHolder != 0 {
		t.Errorf("%d records missing, %d held by a node that is dead: want every session stored and held by a live node", missing, badHolder)
	}
	if onN2 != len(n2) || minEpoch < 3 {
		t.Errorf("%d of n2's %d sessions back on n2 after its restart, lowest epoch %d: want all, and each claimed at least twice (epoch ≥ 3)", onN2, len(n2), minEpoch)
	}
	if staleExpired < int64(len(n2)) {
		t.Errorf("%d stale copies expired idle on n1/n3, want at least n2's %d sessions' copies (the fenced deletes this test is about)", staleExpired, len(n2))
	}
	if open != clients {
		t.Errorf("%d open copies on n1 and n3 for %d sessions: want one owner per session", open, clients)
	}
	if l.lostAfter.Load() != 0 {
		t.Errorf("%d calls sent after a kill failed their first attempt; want every one answered: %q", l.lostAfter.Load(), l.afterErrs)
	}
	if int(l.lost.Load()) > 2*len(n2) {
		t.Errorf("%d calls lost, more than the killed node's sessions could have had in flight at two kills (%d)", l.lost.Load(), 2*len(n2))
	}
	if c.inits.Load() != clients {
		t.Errorf("%d initialize requests for %d clients: a client re-initialized", c.inits.Load(), clients)
	}
}
