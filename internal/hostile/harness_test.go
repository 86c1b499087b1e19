package hostile_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// chatterGo adds to the scaffold's server the tools the attacks need: one
// that sends many notifications no request's progress token claims (so they
// take the GET stream when two calls are open), and one that is slow; and
// hostileListen, which main.go's MCP listener is made with.
const chatterGo = `package main

import (
	"context"
	"expvar"
	"net"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type chatterIn struct {
	Count int ` + "`json:\"count\"`" + `
}

// serversBuilt counts NewServer calls, for the cheap-refusal attack.
var serversBuilt = expvar.NewInt("servers_built")

func addHostileTools(server *mcp.Server) {
	serversBuilt.Add(1)
	mcp.AddTool(server, &mcp.Tool{Name: "chatter", Description: "sends notifications no request claims"}, func(ctx context.Context, req *mcp.CallToolRequest, in chatterIn) (*mcp.CallToolResult, any, error) {
		big := strings.Repeat("x", 16<<10)
		failed := 0
		for range in.Count {
			if req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "nobody", Message: big}) != nil {
				failed++
			}
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "chattered"}}}, nil, nil
	})
	mcp.AddTool(server, &mcp.Tool{Name: "sleep", Description: "answers after a second"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slept"}}}, nil, nil
	})
}

// hostileListen is net.Listen, except that with MCPWIRE_HOSTILE_REPORT_IP
// set the listener, still bound where it was asked (loopback), reports that
// IP as its address and as every accepted connection's local address (what
// http.Server puts in LocalAddrContextKey), as a listener on that network
// would. No traffic goes to that IP.
func hostileListen(network, addr string) (net.Listener, error) {
	ln, err := net.Listen(network, addr)
	if err != nil {
		return nil, err
	}
	ip := net.ParseIP(os.Getenv("MCPWIRE_HOSTILE_REPORT_IP"))
	if ip == nil {
		return ln, nil
	}
	return reportingListener{ln, ip}, nil
}

type reportingListener struct {
	net.Listener
	ip net.IP
}

func (l reportingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return reportingConn{c, l.report(c.LocalAddr())}, nil
}

func (l reportingListener) Addr() net.Addr { return l.report(l.Listener.Addr()) }

func (l reportingListener) report(a net.Addr) net.Addr {
	port := 0
	if t, ok := a.(*net.TCPAddr); ok {
		port = t.Port
	}
	return &net.TCPAddr{IP: l.ip, Port: port}
}

type reportingConn struct {
	net.Conn
	local net.Addr
}

func (c reportingConn) LocalAddr() net.Addr { return c.local }
`

var (
	buildOnce sync.Once
	buildDir  string // the scaffold and its binary, removed by TestMain
	binPath   string
	binFlags  map[string]bool // the flags the binary defines
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// oldCheckout is MCPWIRE_HOSTILE_CHECKOUT: another checkout of mcpwire (an
// older commit) whose mcpgen makes the scaffold under attack, to show that
// an attack fails against it. Flags its scaffold does not define are then
// not passed (each test logs which), so the attack meets that code's
// unbounded default. Empty: this checkout, and every flag must exist.
var oldCheckout = os.Getenv("MCPWIRE_HOSTILE_CHECKOUT")

// server builds (once) the binary of a scaffold made by mcpgen new from
// this checkout (or oldCheckout), with the hostile tools added to its
// NewServer.
func server(t *testing.T) string {
	t.Helper()
	if !mcpgentest.Slow() {
		t.Skip("slow suite: set MCPWIRE_SLOW=1 (or CI=true)")
	}
	buildOnce.Do(func() {
		root := mcpgentest.RepoRoot(t)
		if oldCheckout != "" {
			root = oldCheckout
		}
		tmp, err := os.MkdirTemp("", "mcpwire-hostile-")
		if err != nil {
			buildErr = err
			return
		}
		buildDir = tmp
		dir := filepath.Join(tmp, "target")
		run := func(dir, name string, args ...string) error {
			cmd := exec.Command(name, args...)
			cmd.Dir = dir
			cmd.Env = mcpgentest.Env()
			out, err := cmd.CombinedOutput()
			if err != nil {
				return fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
			}
			return nil
		}
		if buildErr = run(root, "go", "run", "./cmd/mcpgen", "new", dir, "--module", "example.com/target", "--replace-mcpwire", root); buildErr != nil {
			return
		}
		serverGo := filepath.Join(dir, "server.go")
		src, err := os.ReadFile(serverGo)
		if err != nil {
			buildErr = err
			return
		}
		patched := strings.Replace(string(src), "\treturn server\n}", "\taddHostileTools(server)\n\treturn server\n}", 1)
		if patched == string(src) {
			buildErr = fmt.Errorf("server.go has no \"return server\" to hook the hostile tools before:\n%s", src)
			return
		}
		if err := os.WriteFile(serverGo, []byte(patched), 0o644); err != nil {
			buildErr = err
			return
		}
		// The MCP listener (main.go's first net.Listen; the second is the
		// debug endpoint's) through hostileListen.
		mainGo := filepath.Join(dir, "main.go")
		if src, err = os.ReadFile(mainGo); err != nil {
			buildErr = err
			return
		}
		patched = strings.Replace(string(src), `net.Listen("tcp", `, `hostileListen("tcp", `, 1)
		if patched == string(src) {
			buildErr = fmt.Errorf("main.go has no net.Listen(\"tcp\", ...) to make the MCP listener with hostileListen:\n%s", src)
			return
		}
		if err := os.WriteFile(mainGo, []byte(patched), 0o644); err != nil {
			buildErr = err
			return
		}
		if err := os.WriteFile(filepath.Join(dir, "hostile.go"), []byte(chatterGo), 0o644); err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(tmp, "target-bin")
		if buildErr = run(dir, "go", "build", "-o", binPath, "."); buildErr != nil {
			return
		}
		// The flags it defines, from its usage (flag.PrintDefaults: "  -name").
		usage, _ := exec.Command(binPath, "-h").CombinedOutput()
		binFlags = map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z0-9-]+)`).FindAllStringSubmatch(string(usage), -1) {
			binFlags[m[1]] = true
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// knownFlags drops, against oldCheckout only, the flags (name, value
// pairs) its scaffold does not define, and logs them.
func knownFlags(t *testing.T, flags []string) []string {
	t.Helper()
	if oldCheckout == "" {
		return flags
	}
	var kept []string
	for i := 0; i+1 < len(flags); i += 2 {
		if binFlags[strings.TrimPrefix(flags[i], "-")] {
			kept = append(kept, flags[i], flags[i+1])
			continue
		}
		t.Logf("old scaffold: no %s flag, not passed", flags[i])
	}
	return kept
}

// proc is a running scaffolded server.
type proc struct {
	cmd      *exec.Cmd
	url      string // http://127.0.0.1:PORT/mcp
	debugURL string
	addr     string // 127.0.0.1:PORT
	log      chan string
	logBuf   *strings.Builder
	startLog string // what it logged up to its second URL
}

// start runs the scaffold's binary on a free loopback port with the
// defaults and extra flags.
func start(t *testing.T, flags ...string) *proc {
	t.Helper()
	return startReporting(t, "", flags...)
}

// startReporting is start with the MCP listener reporting the address ip
// (hostileListen) instead of its loopback one; ip "" is start. The server
// then logs its URL with ip, and p.url and p.addr still name the loopback
// address it is bound to.
func startReporting(t *testing.T, ip string, flags ...string) *proc {
	t.Helper()
	bin := server(t)
	args := append([]string{"-addr", "127.0.0.1:0", "-debug-addr", "127.0.0.1:0"}, knownFlags(t, flags)...)
	cmd := exec.Command(bin, args...)
	if ip != "" {
		cmd.Env = append(os.Environ(), "MCPWIRE_HOSTILE_REPORT_IP="+ip)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, log: make(chan string, 1), logBuf: &strings.Builder{}}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	urls := regexp.MustCompile(`url=(http://\S+)`)
	lines := bufio.NewScanner(stderr)
	for (p.url == "" || p.debugURL == "") && lines.Scan() {
		p.logBuf.WriteString(lines.Text() + "\n")
		if m := urls.FindStringSubmatch(lines.Text()); m != nil {
			if strings.HasSuffix(m[1], "/mcp") {
				p.url = m[1]
			} else {
				p.debugURL = m[1]
			}
		}
	}
	if p.url == "" || p.debugURL == "" {
		t.Fatalf("the server did not log its URLs:\n%s", p.logBuf)
	}
	p.addr = strings.TrimSuffix(strings.TrimPrefix(p.url, "http://"), "/mcp")
	if ip != "" {
		// Never to ip itself: the listener is bound to 127.0.0.1.
		host, port, err := net.SplitHostPort(p.addr)
		if err != nil || host != ip {
			t.Fatalf("the server logged %s, want its listener's reported address %s", p.url, ip)
		}
		p.addr = net.JoinHostPort("127.0.0.1", port)
		p.url = "http://" + p.addr + "/mcp"
	}
	p.startLog = p.logBuf.String()
	go func() {
		for lines.Scan() {
		}
		p.log <- p.logBuf.String()
	}()
	return p
}

// rss is the server's resident set size in MiB, from /proc.
func (p *proc) rss(t *testing.T) float64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			if err != nil {
				t.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	t.Fatal("no VmRSS in /proc/PID/status")
	return 0
}

// fds is the number of file descriptors the server has open.
func (p *proc) fds(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

// stats reads the handler's Stats from the debug endpoint.
func (p *proc) stats(t *testing.T) map[string]int {
	t.Helper()
	res, err := http.Get(p.debugURL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var vars struct {
		MCP map[string]int `json:"mcp"`
	}
	if err := json.NewDecoder(res.Body).Decode(&vars); err != nil {
		t.Fatal(err)
	}
	return vars.MCP
}

// serversBuilt reads how many servers NewServer has built.
func (p *proc) serversBuilt(t *testing.T) int {
	t.Helper()
	res, err := http.Get(p.debugURL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var vars struct {
		N int `json:"servers_built"`
	}
	if err := json.NewDecoder(res.Body).Decode(&vars); err != nil {
		t.Fatal(err)
	}
	return vars.N
}

// stop sends SIGTERM and returns the exit error and the whole log.
func (p *proc) stop(t *testing.T) (error, string) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var log string
	select {
	case log = <-p.log:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not exit within 30s of SIGTERM")
	}
	return p.cmd.Wait(), log
}

const version = "2025-06-18"

// reply is an answer read to its end, or how reading it failed.
type reply struct {
	status  int
	header  http.Header
	body    string
	readErr error
}

// post sends one JSON-RPC message to the session sid ("" for none) with
// extra headers (name, value pairs), bounded by 10s.
func post(client *http.Client, url, sid, body string, hdr ...string) (reply, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", version)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if strings.EqualFold(hdr[i], "Host") {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return reply{status: res.StatusCode, header: res.Header, body: string(b), readErr: err}, nil
}

func initBody(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"hostile","version":"0"}}}`, id, version)
}

// initialize opens a session and returns its id ("" with the reply when
// refused).
func initialize(t *testing.T, client *http.Client, url string) (string, reply) {
	t.Helper()
	r, err := post(client, url, "", initBody(1))
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	sid := r.header.Get("Mcp-Session-Id")
	if r.status != http.StatusOK || sid == "" {
		return "", r
	}
	if n, err := post(client, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil || n.status != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %+v %v", n, err)
	}
	return sid, r
}

func callBody(id int, tool, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
}

// isJSONRPCError reports whether body is a JSON-RPC error response.
func isJSONRPCError(body string) bool {
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		Error   *map[string]any `json:"error"`
	}
	return json.Unmarshal([]byte(body), &m) == nil && m.JSONRPC == "2.0" && m.Error != nil
}
