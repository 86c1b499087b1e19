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
