package deploy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// need returns the path of a program the test runs. Outside CI a missing
// one skips the test; in CI (.ci/run installs them) it fails it.
func need(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found; .ci/run installs it", name)
		}
		t.Skipf("%s not installed (apt-get install %s)", name, name)
	}
	return p
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// syncBuffer is a process's combined output, read after it ends or on failure.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// proc is a process the test started; it is killed when the test ends.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
}

func start(t testing.TB, name string, env []string, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{name: name, cmd: exec.Command(bin, args...), out: &syncBuffer{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	// A process group of its own, killed whole: nginx's workers must not
	// outlive their master (and hold the output pipe open).
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.cmd.WaitDelay = 5 * time.Second
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			t.Logf("%s output:\n%s", name, p.out.String())
		}
	})
	return p
}

// kill sends SIGKILL: no shutdown, no goodbye to clients or the store.
func (p *proc) kill() {
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.done
}

func waitListening(t testing.TB, addr string, p *proc) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-p.done:
			t.Fatalf("%s exited before listening on %s:\n%s", p.name, addr, p.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s does not listen on %s:\n%s", p.name, addr, p.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// initCounter counts the initialize requests a client sends: a client that
// lost its session would send a second one.
type initCounter struct {
	base  http.RoundTripper
	count *atomic.Int32
}

func (c initCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost && r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		if bytes.Contains(body, []byte(`"method":"initialize"`)) {
			c.count.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	return c.base.RoundTrip(r)
}

// cluster is Redis, three examples/everything nodes and HAProxy in front.
type cluster struct {
	t         testing.TB
	store     string // -session-store of the nodes
	bin       string
	redis     string
	args      []string    // more flags for every node
	proxy     *storeProxy // between the nodes and Redis, when asked for
	nodes     [3]string   // MCP addresses, node i is "n<i+1>"
	debug     [3]string
	procs     [3]*proc
	url       string
	inits     atomic.Int32
	transport http.RoundTripper
}

func (c *cluster) startNode(i int) {
	t := c.t
	name := fmt.Sprintf("n%d", i+1)
	args := append([]string{"-addr", c.nodes[i], "-debug-addr", c.debug[i], "-node-id", name, "-session-store", c.store}, c.args...)
	c.procs[i] = start(t, name, nil, c.bin, args...)
	waitListening(t, c.nodes[i], c.procs[i])
}

func startCluster(t testing.TB) *cluster {
	t.Helper()
	return startClusterOf(t, 3, "redis")
}

// startClusterOf starts n nodes (1 or 3) whose -session-store is store
// ("redis" for the cluster's Redis, or "memory"); with one node, HAProxy's
// three servers are all that node.
func startClusterOf(t testing.TB, n int, store string) *cluster {
	t.Helper()
	return startClusterWith(t, n, store, "haproxy")
}

// startClusterWith is startClusterOf behind proxy: "haproxy"
// (deploy/haproxy/haproxy.cfg) or "nginx" (deploy/nginx/nginx.conf.template,
// rendered as envsubst would).
func startClusterWith(t testing.TB, n int, store, proxy string) *cluster {
	t.Helper()
	return startClusterOpts(t, clusterOpts{nodes: n, store: store, proxy: proxy})
}

// clusterOpts are what the tests vary: nodes (1 or 3), store ("redis" or
// "memory"), proxy ("haproxy" or "nginx"), more flags for every node, and
// whether the nodes reach Redis through a storeProxy the test controls.
type clusterOpts struct {
	nodes        int
	store, proxy string
	args         []string
	storeProxy   bool
}

func startClusterOpts(t testing.TB, o clusterOpts) *cluster {
	t.Helper()
	n, store, proxy := o.nodes, o.store, o.proxy
	if !mcpgentest.Slow() {
		t.Skip("slow suite: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	redisBin, proxyBin := need(t, "redis-server"), need(t, proxy)
	root := mcpgentest.RepoRoot(t)
	c := &cluster{t: t, bin: filepath.Join(t.TempDir(), "everything"), args: o.args}
	mcpgentest.Go(t, filepath.Join(root, "examples", "everything"), "build", "-o", c.bin, ".")

	c.redis = freeAddr(t)
	_, port, _ := net.SplitHostPort(c.redis)
	rp := start(t, "redis", nil, redisBin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	waitListening(t, c.redis, rp)
	c.store = store
	if store == "redis" {
		c.store = "redis://" + c.redis + "/0"
		if o.storeProxy {
			c.proxy = startStoreProxy(t, c.redis)
			c.store = "redis://" + c.proxy.addr() + "/0"
		}
	}
	for i := range c.nodes {
		if i >= n {
			c.nodes[i], c.debug[i] = c.nodes[0], c.debug[0]
			continue
		}
		c.nodes[i], c.debug[i] = freeAddr(t), freeAddr(t)
		c.startNode(i)
	}
	listen := freeAddr(t)
	env := []string{"MCP_LISTEN=" + listen, "MCP_NODE1=" + c.nodes[0], "MCP_NODE2=" + c.nodes[1], "MCP_NODE3=" + c.nodes[2]}
	var pp *proc
	if proxy == "nginx" {
		prefix := t.TempDir()
		tmpl, err := os.ReadFile(filepath.Join(root, "deploy", "nginx", "nginx.conf.template"))
		if err != nil {
			t.Fatal(err)
		}
		conf := os.Expand(string(tmpl), func(name string) string {
			for _, kv := range append(env, "NGINX_PREFIX="+prefix) {
				if k, v, _ := strings.Cut(kv, "="); k == name {
					return v
				}
			}
			return "$" + name // nginx's own variables
		})
		confPath := filepath.Join(prefix, "nginx.conf")
		if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		pp = start(t, "nginx", nil, proxyBin, "-p", prefix, "-c", confPath)
	} else {
		pp = start(t, "haproxy", env, proxyBin, "-db", "-f", filepath.Join(root, "deploy", "haproxy", "haproxy.cfg"))
	}
	waitListening(t, listen, pp)
	c.url = "http://" + listen + "/mcp"
	c.transport = initCounter{base: &http.Transport{MaxIdleConnsPerHost: 64}, count: &c.inits}
	return c
}

func (c *cluster) connect(ctx context.Context) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "failover-client", Version: "0"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:   c.url,
		HTTPClient: &http.Client{Transport: c.transport},
		MaxRetries: 5,
	}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
}

// resumed reads a node's sessions_resumed counter from its -debug-addr.
func (c *cluster) resumed(i int) int64 { return c.stat(i, "sessions_resumed") }

// stat reads one of a node's session counters from its -debug-addr; -1 when
// the node does not answer.
func (c *cluster) stat(i int, name string) int64 {
	resp, err := http.Get("http://" + c.debug[i] + "/debug/vars")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	var vars struct {
		MCP map[string]int64 `json:"mcp"`
	}
	if json.NewDecoder(resp.Body).Decode(&vars) != nil {
		return -1
	}
	return vars.MCP[name]
}

// terminate sends SIGTERM to node i and waits for it to exit: the graceful
// stop of a rolling restart.
func (c *cluster) terminate(i int) {
	p := c.procs[i]
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		c.t.Errorf("%s did not exit within 30s of SIGTERM", p.name)
		p.kill()
	}
}

// call calls the simple tool once; on failure it retries (a call lost with
// its node is retried by the caller, as an application would) and reports
// whether the first attempt failed. It fails only when no retry succeeds.
func call(ctx context.Context, cs *mcp.ClientSession) (lost bool, err error) {
	first, err := callFirst(ctx, cs)
	return first != nil, err
}

// callFirst is call reporting the first attempt's error, nil when it
// succeeded.
func callFirst(ctx context.Context, cs *mcp.ClientSession) (first, err error) {
	for attempt := 0; ; attempt++ {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		res, err := cs.CallTool(cctx, &mcp.CallToolParams{Name: "test_simple_text", Arguments: map[string]any{}})
		cancel()
		if err == nil && !res.IsError {
			return first, nil
		}
		if err == nil {
			err = fmt.Errorf("tool error: %+v", res.Content)
		}
		if first == nil {
			first = err
		}
		if attempt == 20 {
			return first, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

const modernList = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"failover-modern","version":"0"}}}}`

// modern sends one 2026-07-28 request (no session) through the proxy.
func modern(url string) error {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(modernList))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"tools"`)) || resp.Header.Get("Mcp-Session-Id") != "" {
		return fmt.Errorf("status %d, session %q, body %.200s", resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), body)
	}
	return nil
}

// Thirty go-sdk clients hold sessions spread over three nodes behind
// HAProxy and call a tool in a loop; one node is killed with SIGKILL
// mid-run. Every client keeps its session id and completes every call (a
// call lost with the node is retried), none initializes again, the
// stateless 2026-07-28 leg is served throughout, and the restarted node
// takes new sessions and its old ones back.
func TestFailover(t *testing.T) { failover(t, startCluster(t), true) }

// The same through nginx (deploy/nginx), which finds a dead node passively
// and sends its sessions to its one backup. They need not move back to the
// restarted node: nginx keeps them on the backup that resumed them, which
// serves them as well.
func TestFailoverNginx(t *testing.T) { failover(t, startClusterWith(t, 3, "redis", "nginx"), false) }

// failover runs the scenario; failback asks that the restarted node's old
// sessions be routed back to it (HAProxy's use-server does).
func failover(t *testing.T, c *cluster, failback bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	const clients, calls = 30, 60
	sessions := make([]*mcp.ClientSession, clients)
	ids := make([]string, clients)
	perNode := map[string]int{}
	for i := range sessions {
		cs, err := c.connect(ctx)
		if err != nil {
			t.Fatalf("client %d: %v", i, err)
		}
		defer cs.Close()
		sessions[i], ids[i] = cs, cs.ID()
		node, _, _ := strings.Cut(ids[i], ".")
		perNode[node]++
	}
	if len(perNode) != 3 || perNode["n2"] == 0 {
		t.Fatalf("sessions per node %v: want all three nodes used", perNode)
	}
	// Each session's own state (examples/everything's notebook) is saved
	// with its record and must come back wherever the session resumes.
	for i, cs := range sessions {
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "notebook_append", Arguments: map[string]any{"line": "before the kill " + ids[i]}}); err != nil {
			t.Fatalf("client %d: notebook_append: %v", i, err)
		}
	}

	// The stateless leg, throughout.
	var modernOK, modernFailed atomic.Int32
	var modernErr atomic.Value
	stopModern := make(chan struct{})
	modernDone := make(chan struct{})
	go func() {
		defer close(modernDone)
		for {
			select {
			case <-stopModern:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if err := modern(c.url); err != nil {
				modernFailed.Add(1)
				modernErr.Store(err.Error())
			} else {
				modernOK.Add(1)
			}
		}
	}()

	var done, lost atomic.Int32
	failures := make(chan error, clients)
	killAt := int32(clients * calls / 3)
	killed := make(chan time.Time, 1)
	var wg sync.WaitGroup
	began := time.Now()
	for i, cs := range sessions {
		wg.Go(func() {
			for range calls {
				l, err := call(ctx, cs)
				if err != nil {
					failures <- fmt.Errorf("client %d (%s): a call failed even after retries: %v", i, ids[i], err)
					return
				}
				if l {
					lost.Add(1)
				}
				if done.Add(1) == killAt {
					c.procs[1].kill()
					killed <- time.Now()
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(began)
	close(stopModern)
	<-modernDone
	close(failures)
	for err := range failures {
		t.Error(err)
	}
	select {
	case <-killed:
	default:
		t.Fatal("node n2 was never killed")
	}
	for i, cs := range sessions {
		if cs.ID() != ids[i] {
			t.Errorf("client %d: session %q became %q", i, ids[i], cs.ID())
		}
	}
	notesKept := 0
	for i, cs := range sessions {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "notebook_read", Arguments: map[string]any{}})
		if err != nil || res.IsError || len(res.Content) == 0 {
			t.Errorf("client %d: notebook_read: %v", i, err)
			continue
		}
		if text, ok := res.Content[0].(*mcp.TextContent); ok && strings.Contains(text.Text, "before the kill "+ids[i]) {
			notesKept++
		} else {
			t.Errorf("client %d (%s): the notebook lost its note across the failover: %+v", i, ids[i], res.Content[0])
		}
	}
	t.Logf("per-session state: %d of %d notebooks kept their note across the kill", notesKept, clients)
	resumed := [3]int64{c.resumed(0), -1, c.resumed(2)}
	t.Logf("failover: %d clients, %d sessions per node %v, %d calls in %v; n2 SIGKILLed after %d calls; "+
		"calls lost (failed once, then succeeded on retry): %d; calls failed for good: %d; initialize requests: %d; "+
		"sessions resumed from Redis: n1 %d, n3 %d; 2026-07-28 requests: %d ok, %d failed",
		clients, perNode["n1"]+perNode["n2"]+perNode["n3"], perNode, done.Load(), elapsed.Round(time.Millisecond), killAt,
		lost.Load(), clients*calls-int(done.Load()), c.inits.Load(), resumed[0], resumed[2], modernOK.Load(), modernFailed.Load())
	if int(lost.Load()) > perNode["n2"] {
		t.Errorf("%d calls lost, more than the %d sessions of the killed node could have had in flight", lost.Load(), perNode["n2"])
	}
	if c.inits.Load() != clients {
		t.Errorf("%d initialize requests for %d clients: a client re-initialized", c.inits.Load(), clients)
	}
	// Each session of n2 is hashed to one live node, which resumes it; in the
	// second before the health check marks n2 down, a request redispatched
	// after a refused connection may resume a session on another node too.
	if r := resumed[0] + resumed[2]; r < int64(perNode["n2"]) || r > 2*int64(perNode["n2"]) {
		t.Errorf("n1 and n3 resumed %d sessions, want the %d of n2, at most twice each", r, perNode["n2"])
	}
	if modernOK.Load() == 0 || modernFailed.Load() > 1 {
		t.Errorf("2026-07-28 leg: %d ok, %d failed (last: %v); want all but at most one in flight on the dead node", modernOK.Load(), modernFailed.Load(), modernErr.Load())
	}

	// n2 comes back: HAProxy sees it up again, it takes new sessions, and its
	// old sessions (their ids still say n2) are routed back and resumed there.
	c.startNode(1)
	// HAProxy: rise 2 × inter 500ms; nginx: fail_timeout 2s.
	time.Sleep(2500 * time.Millisecond)
	newOnN2 := 0
	for range 9 {
		cs, err := c.connect(ctx)
		if err != nil {
			t.Fatalf("new client after the restart: %v", err)
		}
		defer cs.Close()
		if strings.HasPrefix(cs.ID(), "n2.") {
			newOnN2++
		}
	}
	if newOnN2 == 0 {
		t.Error("the restarted n2 took none of 9 new sessions")
	}
	lostAfter := 0
	for i, cs := range sessions {
		for range 3 {
			l, err := call(ctx, cs)
			if err != nil {
				t.Errorf("client %d after the restart: %v", i, err)
				break
			}
			if l {
				lostAfter++
			}
		}
	}
	t.Logf("restart: n2 took %d of 9 new sessions; its %d old sessions resumed there: %d; calls lost after the restart: %d; initialize requests: %d",
		newOnN2, perNode["n2"], c.resumed(1), lostAfter, c.inits.Load())
	if (failback && c.resumed(1) < int64(perNode["n2"])) || c.inits.Load() != clients+9 {
		t.Errorf("after the restart n2 resumed %d sessions (want %d) and clients sent %d initializes (want %d)", c.resumed(1), perNode["n2"], c.inits.Load(), clients+9)
	}
}
