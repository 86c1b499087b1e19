package interop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// everything is the running example server, shared by every test of the package: started once in
// TestMain, stopped after the last test. Tests run sequentially (none calls t.Parallel), so counter
// deltas read from its debug endpoint belong to the test reading them.
var everything struct {
	url      string // http://127.0.0.1:PORT/mcp
	debugURL string // http://127.0.0.1:PORT/debug/vars
	err      error  // why it could not start
}

func slow() bool { return os.Getenv("MCPWIRE_SLOW") == "1" || os.Getenv("CI") == "true" }

func TestMain(m *testing.M) {
	if !slow() {
		os.Exit(m.Run()) // every test skips itself
	}
	stop, err := startEverything()
	everything.err = err
	code := m.Run()
	if stop != nil {
		stop()
	}
	os.Exit(code)
}

// serverURL returns the example's MCP URL, skipping the test outside slow runs.
func serverURL(t *testing.T) string {
	t.Helper()
	if !slow() {
		t.Skip("slow interop test: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	if everything.err != nil {
		t.Fatalf("examples/everything did not start: %v", everything.err)
	}
	return everything.url
}

// startEverything builds examples/everything and runs it on free loopback ports, with its debug
// endpoint on. The returned stop sends SIGTERM (the graceful path) and kills it if it lingers.
func startEverything() (stop func(), err error) {
	dir, err := os.MkdirTemp("", "mcpwire-interop-")
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "everything")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Join("..", "examples", "everything")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build: %v\n%s", err, out)
	}
	addr, debugAddr := freeAddr(), freeAddr()
	var log bytes.Buffer
	cmd := exec.Command(bin, "-addr", addr, "-debug-addr", debugAddr)
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	stop = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		os.RemoveAll(dir)
	}
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", debugAddr); err == nil {
			c.Close()
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				break
			}
		}
		select {
		case <-done:
			stop()
			return nil, fmt.Errorf("exited during start-up:\n%s", log.String())
		default:
		}
		if time.Since(start) > 20*time.Second {
			stop()
			return nil, fmt.Errorf("not listening after 20s:\n%s", log.String())
		}
	}
	everything.url = "http://" + addr + "/mcp"
	everything.debugURL = "http://" + debugAddr + "/debug/vars"
	return stop, nil
}

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// stats are the handler's session counters as the example publishes them through expvar.
type stats struct {
	OpenSessions       int   `json:"open_sessions"`
	HandshakesAccepted int64 `json:"handshakes_accepted"`
	HandshakesRefused  int64 `json:"handshakes_refused"`
	ClosedByDelete     int64 `json:"closed_by_delete"`
}

func readStats(t *testing.T) stats {
	t.Helper()
	resp, err := http.Get(everything.debugURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var vars struct {
		MCP *stats `json:"mcp"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&vars); err != nil {
		t.Fatal(err)
	}
	if vars.MCP == nil {
		t.Fatal("the debug endpoint publishes no \"mcp\" counters")
	}
	return *vars.MCP
}

// deleteSession terminates a session behind its client's back, as an operator or an idle reaper
// would: the client learns of it only from the 404 on its next request.
func deleteSession(t *testing.T, id, version string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, everything.url, nil)
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("Mcp-Protocol-Version", version)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		t.Fatalf("DELETE of session %s: %s", id, resp.Status)
	}
}
