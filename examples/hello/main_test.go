package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcpwire/mcpwire/runtime/streamable"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The example's session map serves the go-sdk client and forgets refused
// handshakes and ended sessions.
func TestHello(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "hello", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet"}, greet)
	s := &sessions{server: server, log: slog.New(slog.DiscardHandler), byID: map[string]*streamable.Transport{}, live: map[*streamable.Transport]*mcp.ServerSession{}}
	srv := httptest.NewServer(s)
	defer srv.Close()

	res, err := http.Post(srv.URL, "text/plain", strings.NewReader("hi"))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusNotAcceptable {
		t.Fatalf("refused handshake: %d", res.StatusCode)
	}

	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "mcpwire"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Content[0].(*mcp.TextContent).Text; got != "Hello, mcpwire!" {
		t.Fatalf("greet: %q", got)
	}
	cs.Close()
	s.closeAll()
	if len(s.byID) != 0 {
		t.Fatalf("%d sessions left", len(s.byID))
	}
}

// TestMain lets the test binary run the example's main, so the tests below
// check the process a user starts.
func TestMain(m *testing.M) {
	if os.Getenv("HELLO_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startHello runs main with args and returns its stderr as it is written
// and the running command; the process is interrupted at cleanup.
func startHello(t *testing.T, args ...string) (*bufio.Scanner, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HELLO_RUN_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return bufio.NewScanner(stderr), cmd
}

// TestListeningMeansBound: the "listening" line comes after the bind, with
// the real address, so a client that starts on it connects.
func TestListeningMeansBound(t *testing.T) {
	lines, _ := startHello(t, "-addr", "127.0.0.1:0")
	url := ""
	for url == "" && lines.Scan() {
		if _, after, ok := strings.Cut(lines.Text(), "msg=listening url="); ok {
			url = after
		}
	}
	if url == "" || strings.Contains(url, ":0/") {
		t.Fatalf("listening line names %q, want the bound address", url)
	}
	go func() { // drain, so the child never blocks on a full stderr pipe
		for lines.Scan() {
		}
	}()
	// docs/runtime.md's client snippet ("Calling it from Go"), against the process.
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "try", Version: "0.1.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatalf("connecting right after %q was logged: %v", url, err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "you"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != "Hello, you!" {
		t.Errorf("greet: %q", got)
	}
}

// TestAddressInUse: an address that cannot be bound is an error and exit
// 1, never a "listening" line first.
func TestAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	lines, cmd := startHello(t, "-addr", ln.Addr().String())
	var out []string
	for lines.Scan() {
		out = append(out, lines.Text())
	}
	err = cmd.Wait()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	if got := strings.Join(out, "\n"); strings.Contains(got, "listening") || !strings.Contains(got, "address already in use") {
		t.Errorf("stderr:\n%s\nwant the bind error and no listening line", got)
	}
}

// TestGreetNameOptional: the schema does not require what greet defaults.
func TestGreetNameOptional(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "hello", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "greet"}, greet)
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	schema, _ := json.Marshal(tools.Tools[0].InputSchema)
	if strings.Contains(string(schema), `"required"`) {
		t.Errorf("greet's input schema %s requires a field greet defaults", schema)
	}
	out, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Content[0].(*mcp.TextContent).Text; got != "Hello, world!" {
		t.Errorf("greet without name: %q", got)
	}
}
