package mcpvet_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// mcpvetBin is the mcpvet binary built once for the package's black-box
// tests, the way users get it: go build ./cmd/mcpvet.
var mcpvetBin string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "mcpvet-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	mcpvetBin = filepath.Join(dir, "mcpvet")
	build := exec.Command("go", "build", "-o", mcpvetBin, "github.com/mcpwire/mcpwire/cmd/mcpvet")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building mcpvet: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// result is what one run of a command left behind.
type result struct {
	stdout, stderr string
	code           int
}

// command runs name with args in dir and returns its output and exit code.
func command(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	code := 0
	switch {
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// sampleModule copies testdata/e2e, a small stdlib-only module, into a
// fresh directory, so a test may change it (-fix) and paths in the output
// have one known prefix.
func sampleModule(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("testdata", "e2e")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Resolve symlinks (macOS /var → /private/var) so the prefix the
	// tools print is the one tests strip.
	dst, err = filepath.EvalSymlinks(dst)
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
