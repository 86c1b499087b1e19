// Package mcpgentest holds what mcpgen's tests share: finding this checkout,
// building throw-away modules that use it through a replace directive, and
// running the go command in them.
package mcpgentest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Slow reports whether the slow suites run: in CI, or when MCPWIRE_SLOW=1.
func Slow() bool {
	return os.Getenv("CI") == "true" || os.Getenv("MCPWIRE_SLOW") == "1"
}

// RepoRoot is the directory of this checkout's go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the source file of mcpgentest")
	}
	// internal/mcpgen/mcpgentest/mcpgentest.go → the repository root.
	root := filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root %s: %v", root, err)
	}
	return root
}

// Env is the environment for go commands run on generated modules: module
// downloads allowed into go.mod/go.sum (the cache is warm, so nothing is
// fetched), and no workspace file from the surroundings.
func Env() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
}

// Go runs the go command with args in dir and fails the test with its output
// if it fails.
func Go(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return Run(t, dir, "go", args...)
}

// Run runs the program name with args in dir, with [Env], and fails the test
// with its output if it fails.
func Run(t testing.TB, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = Env()
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v in %s: %v\n%s", name, args, dir, err, out.String())
	}
	return out.String()
}

// Module writes files into a new temporary module named modpath that
// requires go-sdk and this checkout's runtime module
// (github.com/mcpwire/mcpwire/runtime), as a scaffolded server does, and
// returns its directory.
func Module(t testing.TB, modpath string, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	gomod := "module " + modpath + "\n\ngo 1.25\n\n" +
		"require (\n\tgithub.com/mcpwire/mcpwire/runtime v0.0.0-00010101000000-000000000000\n\tgithub.com/modelcontextprotocol/go-sdk v1.8.0\n)\n\n" +
		"replace github.com/mcpwire/mcpwire/runtime => " + filepath.Join(RepoRoot(t), "runtime") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
