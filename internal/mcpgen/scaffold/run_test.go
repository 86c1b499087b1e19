package scaffold

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// TestScaffoldRuns is the README's quick start as a test: the scaffold's
// binary serves MCP on the -addr it is given, publishes the handler's Stats
// through expvar on -debug-addr, and on SIGTERM closes its sessions and
// exits 0.
func TestScaffoldRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a scaffold")
	}
	dir := t.TempDir()
	if _, err := Write(dir, "example.com/runs", plan(t, Options{Module: "example.com/runs", Replace: mcpgentest.RepoRoot(t)}), nil); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "runs")
	mcpgentest.Go(t, dir, "build", "-o", bin, ".")

	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-debug-addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })

	// The server logs the URLs it serves once it listens.
	urls := regexp.MustCompile(`url=(http://\S+)`)
	lines := bufio.NewScanner(stderr)
	var mcpURL, debugURL string
	for (mcpURL == "" || debugURL == "") && lines.Scan() {
		if m := urls.FindStringSubmatch(lines.Text()); m != nil {
			if strings.HasSuffix(m[1], "/mcp") {
				mcpURL = m[1]
			} else {
				debugURL = m[1]
			}
		}
	}
	if mcpURL == "" || debugURL == "" {
		t.Fatalf("the server did not log its URLs (mcp %q, debug %q)", mcpURL, debugURL)
	}
	rest := make(chan string, 1)
	go func() { b, _ := io.ReadAll(stderr); rest <- string(b) }()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, mcpURL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Mcp-Session-Id") == "" || !strings.Contains(string(body), `"serverInfo":{"name":"runs"`) {
		t.Fatalf("initialize: %d, session %q, body %s", resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), body)
	}

	req, _ = http.NewRequestWithContext(ctx, http.MethodGet, debugURL, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var vars struct {
		MCP map[string]int `json:"mcp"`
	}
	err = json.NewDecoder(resp.Body).Decode(&vars)
	resp.Body.Close()
	if err != nil || vars.MCP["open_sessions"] != 1 || vars.MCP["handshakes_accepted"] != 1 {
		t.Fatalf("debug vars: %v, %v; want one open session", vars.MCP, err)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// Read the log to its end (the process exiting closes it) before Wait.
	log := <-rest
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v; log:\n%s", err, log)
	}
	if !strings.Contains(log, "shutting down") {
		t.Errorf("log lacks the shutdown:\n%s", log)
	}
}

// TestScaffoldSessionStoreFlag: a scaffold made without --session-store=redis
// has no -session-store flag, so a Redis URL given to it stops the binary
// with the flag package's usage error (exit 2) instead of being ignored; one
// made with it opens the URL it is given and fails when that Redis is not
// there, and refuses a store it does not know.
func TestScaffoldSessionStoreFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs scaffolds")
	}
	build := func(o Options) string {
		t.Helper()
		o.Replace = mcpgentest.RepoRoot(t)
		dir := t.TempDir()
		if _, err := Write(dir, o.Module, plan(t, o), nil); err != nil {
			t.Fatal(err)
		}
		mcpgentest.Go(t, dir, "mod", "tidy")
		bin := filepath.Join(t.TempDir(), "srv")
		mcpgentest.Go(t, dir, "build", "-o", bin, ".")
		return bin
	}
	// A loopback port nothing listens on: port 1 (tcpmux) is never served here.
	const deadRedis = "redis://127.0.0.1:1/0"
	for _, tc := range []struct {
		name   string
		opts   Options
		args   []string
		code   int
		stderr string
	}{
		{"memory", Options{Module: "example.com/mem"}, []string{"-session-store", deadRedis}, 2, "flag provided but not defined: -session-store"},
		{"redis", Options{Module: "example.com/fleet", SessionStore: StoreRedis}, []string{"-session-store", deadRedis}, 1, "redisstore: 127.0.0.1:1: "},
		{"redis", Options{Module: "example.com/fleet", SessionStore: StoreRedis}, []string{"-session-store", "etcd://x"}, 1, "want memory or a redis:// URL"},
	} {
		t.Run(tc.name+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			bin := build(tc.opts)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, append([]string{"-addr", "127.0.0.1:0"}, tc.args...)...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			if err == nil || code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("%s %v: exit %d (%v), want %d and %q on stderr:\n%s", filepath.Base(bin), tc.args, code, err, tc.code, tc.stderr, stderr.String())
			}
			if strings.Contains(stderr.String(), "serving MCP") {
				t.Errorf("it served:\n%s", stderr.String())
			}
		})
	}
}
