package interop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// nodeClients is .cache/interop: Node 22 and the npm clients of interop/node/package.json, installed
// on first use and reused while that package.json is unchanged.
var nodeClients struct {
	once sync.Once
	dir  string // .cache/interop
	node string // its Node 22 binary
	err  error
}

func installNodeClients(t *testing.T) (dir, node string) {
	t.Helper()
	nodeClients.once.Do(func() {
		nodeClients.dir, nodeClients.node, nodeClients.err = install()
	})
	if nodeClients.err != nil {
		t.Fatalf("installing the TypeScript clients: %v", nodeClients.err)
	}
	return nodeClients.dir, nodeClients.node
}

func install() (dir, node string, err error) {
	if _, err := exec.LookPath("npm"); err != nil {
		return "", "", fmt.Errorf("npm (any version) is needed to install Node 22 and the clients: %v", err)
	}
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	if runtime.GOOS != "linux" || arch == "" {
		return "", "", fmt.Errorf("no Node 22 package for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	dir, err = filepath.Abs(filepath.Join("..", ".cache", "interop"))
	if err != nil {
		return "", "", err
	}
	nodeDir := filepath.Join(dir, "node")
	node = filepath.Join(nodeDir, "node_modules", "node-linux-"+arch, "bin", "node")
	if _, err := os.Stat(node); err != nil {
		if err := npmInstall(nodeDir, []byte(`{"private": true}`), "node-linux-"+arch+"@22"); err != nil {
			return "", "", err
		}
	}
	want, err := os.ReadFile(filepath.Join("node", "package.json"))
	if err != nil {
		return "", "", err
	}
	if have, _ := os.ReadFile(filepath.Join(dir, "package.json")); !bytes.Equal(have, want) {
		if err := npmInstall(dir, want); err != nil {
			return "", "", err
		}
	}
	// The scripts run from the cache so that their imports resolve to its node_modules.
	script, err := os.ReadFile(filepath.Join("node", "client.mjs"))
	if err != nil {
		return "", "", err
	}
	return dir, node, os.WriteFile(filepath.Join(dir, "client.mjs"), script, 0o644)
}

func npmInstall(dir string, packageJSON []byte, specs ...string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), packageJSON, 0o644); err != nil {
		return err
	}
	cmd := exec.Command("npm", append([]string{"install", "--no-audit", "--no-fund", "--loglevel=error"}, specs...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		os.Remove(filepath.Join(dir, "package.json")) // retry next time
		return fmt.Errorf("npm install in %s: %v\n%s", dir, err, out)
	}
	return nil
}

// tsResult is what interop/node/client.mjs prints.
type tsResult struct {
	ProtocolVersion    string   `json:"protocolVersion"`
	SessionID          string   `json:"sessionId"`
	Tools              []string `json:"tools"`
	ToolText           string   `json:"toolText"`
	ResourceText       string   `json:"resourceText"`
	PromptText         string   `json:"promptText"`
	DeleteStatus       int      `json:"deleteStatus"`
	AfterCloseError    string   `json:"afterCloseError"`
	ReconnectSessionID string   `json:"reconnectSessionId"`
	ReconnectToolText  string   `json:"reconnectToolText"`
}

func runNode(t *testing.T, dir, node string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(node, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// A hung client must not hang the suite; go test's own timeout would only dump goroutines.
	timer := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return out
}

func TestTypeScriptClients(t *testing.T) {
	url := serverURL(t)
	dir, node := installNodeClients(t)
	for _, tc := range []struct{ sdk, era string }{
		// v1 (@modelcontextprotocol/sdk) speaks revisions up to 2025-11-25 only.
		{"v1", legacyVersion},
		// v2 (@modelcontextprotocol/client): the default 'legacy' mode initializes; 'auto' probes with
		// server/discover first and falls back to initialize only if the server is not modern.
		{"v2", legacyVersion},
		{"v2", modernVersion},
	} {
		t.Run(tc.sdk+"/"+tc.era, func(t *testing.T) {
			mode := map[string]string{legacyVersion: "legacy", modernVersion: "modern"}[tc.era]
			out := runNode(t, dir, node, "client.mjs", tc.sdk, url, mode)
			var got tsResult
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("client.mjs printed %q: %v", out, err)
			}
			if got.ProtocolVersion != tc.era {
				t.Errorf("negotiated %s, want %s", got.ProtocolVersion, tc.era)
			}
			if (tc.era == legacyVersion) != (got.SessionID != "") {
				t.Errorf("session id %q at %s", got.SessionID, tc.era)
			}
			if !slices.Contains(got.Tools, toolName) || got.ToolText != toolText || got.ResourceText != resourceText || got.PromptText != promptText {
				t.Errorf("tools/list, tools/call, resources/read, prompts/get: %+v", got)
			}
			if tc.era != legacyVersion {
				return
			}
			// After the session was closed server-side: the client sees the 404's -32001, and a new
			// connection initializes a new session.
			if got.DeleteStatus/100 != 2 || !strings.Contains(got.AfterCloseError, "-32001") {
				t.Errorf("after the server closed the session: DELETE %d, client error %q; want 2xx and -32001", got.DeleteStatus, got.AfterCloseError)
			}
			if got.ReconnectSessionID == "" || got.ReconnectSessionID == got.SessionID || got.ReconnectToolText != toolText {
				t.Errorf("reconnect: session %q (old %q), tool text %q", got.ReconnectSessionID, got.SessionID, got.ReconnectToolText)
			}
		})
	}
}

// TestInspectorCLI runs the MCP Inspector's CLI (built on the TypeScript SDK v1, so 2025-11-25 only):
// every invocation connects, performs one method and exits.
func TestInspectorCLI(t *testing.T) {
	url := serverURL(t)
	dir, node := installNodeClients(t)
	// inspector-cli 1.0.3 looks for its package.json relative to the working directory, so it must
	// run from its build directory.
	build := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "inspector-cli", "build")
	before := readStats(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--method", "tools/list"}, `"name": "` + toolName + `"`},
		{[]string{"--method", "tools/call", "--tool-name", toolName}, toolText},
		{[]string{"--method", "resources/read", "--uri", resourceURI}, resourceText},
		{[]string{"--method", "prompts/get", "--prompt-name", promptName}, promptText},
	} {
		out := runNode(t, build, node, append([]string{"index.js", url, "--transport", "http"}, tc.args...)...)
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("inspector-cli %s: output lacks %q:\n%s", strings.Join(tc.args, " "), tc.want, out)
		}
	}
	after := readStats(t)
	if n := after.HandshakesAccepted - before.HandshakesAccepted; n != 4 {
		t.Errorf("%d sessions initialized for 4 invocations", n)
	}
	// Recorded, not asserted: the CLI exits without a DELETE, so its sessions stay open until the
	// server closes them (idle timeout or shutdown).
	t.Logf("sessions left open by the CLI: %d", after.OpenSessions-before.OpenSessions)
}
