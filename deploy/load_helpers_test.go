package deploy_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// load is clients calling a tool in a loop until stopped, counting calls
// answered, calls whose first attempt failed (retried as an application
// would), and of those the ones that began after a mark (a node's kill).
type load struct {
	sessions []*mcp.ClientSession
	ids      []string
	perNode  map[string]int

	done, lost, lostAfter atomic.Int32
	mark                  atomic.Int64 // unix nanoseconds; 0: none
	mu                    sync.Mutex
	afterErrs             []string // the first errors of lostAfter's calls
	failures              chan error
	stop                  chan struct{}
	wg                    sync.WaitGroup
}

// connectLoad connects n clients through c and reports how their sessions
// spread over the nodes.
func connectLoad(t *testing.T, ctx context.Context, c *cluster, n int) *load {
	t.Helper()
	l := &load{perNode: map[string]int{}, failures: make(chan error, n), stop: make(chan struct{})}
	l.sessions, l.ids = make([]*mcp.ClientSession, n), make([]string, n)
	// At once: a session connected first must not sit idle while the
	// others connect (the tests run nodes with a short -idle-timeout).
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { l.sessions[i], errs[i] = c.connect(ctx) })
	}
	wg.Wait()
	for i, cs := range l.sessions {
		if errs[i] != nil {
			t.Fatalf("client %d: %v", i, errs[i])
		}
		t.Cleanup(func() { cs.Close() })
		l.ids[i] = cs.ID()
		node, _, _ := strings.Cut(cs.ID(), ".")
		l.perNode[node]++
	}
	return l
}

// run starts the calls; gap is the pause between one client's calls.
func (l *load) run(ctx context.Context, gap time.Duration) {
	for i, cs := range l.sessions {
		l.wg.Go(func() {
			for {
				select {
				case <-l.stop:
					return
				default:
				}
				began := time.Now().UnixNano()
				first, err := callFirst(ctx, cs)
				if err != nil {
					l.failures <- fmt.Errorf("client %d (%s): a call failed even after retries: %v", i, l.ids[i], err)
					return
				}
				l.done.Add(1)
				if first != nil {
					l.lost.Add(1)
					if m := l.mark.Load(); m != 0 && began > m {
						l.lostAfter.Add(1)
						l.mu.Lock()
						l.afterErrs = append(l.afterErrs, fmt.Sprintf("%s +%v: %v", l.ids[i], time.Duration(began-m).Round(time.Millisecond), first))
						l.mu.Unlock()
					}
				}
				time.Sleep(gap)
			}
		})
	}
}

// markNow starts counting the calls begun from now on (until the next
// mark): call it at each kill.
func (l *load) markNow() { l.mark.Store(time.Now().UnixNano()) }

// finish stops the calls, waits for them and fails t for every client whose
// call failed for good or whose session id changed.
func (l *load) finish(t *testing.T) {
	close(l.stop)
	l.wg.Wait()
	close(l.failures)
	for err := range l.failures {
		t.Error(err)
	}
	for i, cs := range l.sessions {
		if cs.ID() != l.ids[i] {
			t.Errorf("client %d: session %q became %q", i, l.ids[i], cs.ID())
		}
	}
}
