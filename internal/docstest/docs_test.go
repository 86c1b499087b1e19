package docstest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// docs returns README.md and docs/*.md of the checkout.
func docs(t *testing.T, root string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(root, "README.md")}, files...)
}

// TestSnippetsCompile type-checks and vets every Go snippet of the docs in
// one temporary module (see the package comment).
func TestSnippetsCompile(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := Packages(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteModule(dir, root); err != nil {
		t.Fatal(err)
	}
	n := 0
	// imports.Process looks for a package an unresolved name could stand
	// for in the module cache, which takes minutes on a machine whose cache
	// holds many modules; in GOPATH mode with an empty GOPATH it looks in
	// the standard library only, which is all a snippet may import beyond
	// pkgs.
	restore := setenv(map[string]string{"GO111MODULE": "off", "GOPATH": t.TempDir(), "GOFLAGS": ""})
	defer restore()
	for _, file := range docs(t, root) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		snippets, err := Extract(rel, string(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range snippets {
			if s.Skip != "" {
				t.Logf("%s:%d: not compiled: %s", s.File, s.Line, s.Skip)
				continue
			}
			src, err := Source(s, file, pkgs)
			if err != nil {
				t.Errorf("%s:%d: %v", s.File, s.Line, err)
				continue
			}
			n++
			pkgDir := filepath.Join(dir, fmt.Sprintf("s%03d", n))
			if err := os.Mkdir(pkgDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(pkgDir, "snippet.go"), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	restore()
	if n == 0 {
		t.Fatal("no Go snippet found in the docs")
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	// The module requires what the checkout's modules require, with their
	// go.sum lines, so it builds from the module cache those modules fill;
	// -mod=mod lets the go command complete the requirements a snippet's
	// imports add. No workspace, no toolchain switch.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		msg := strings.ReplaceAll(string(out), root+string(filepath.Separator), "")
		t.Fatalf("%d snippets; go vet: %v\n%s\nA fragment is wrapped in func(ctx context.Context, w http.ResponseWriter, r *http.Request); "+
			"a block that cannot compile on purpose takes <!-- no-compile: REASON --> on the line before its fence.", n, err, msg)
	}
	t.Logf("%d snippets compile", n)
}

// setenv sets the variables of env in the process's environment and returns
// the function that puts their former values back (twice is harmless).
func setenv(env map[string]string) (restore func()) {
	old := map[string]*string{}
	for k, v := range env {
		if was, ok := os.LookupEnv(k); ok {
			old[k] = &was
		} else {
			old[k] = nil
		}
		os.Setenv(k, v)
	}
	return func() {
		for k, v := range old {
			if v == nil {
				os.Unsetenv(k)
			} else {
				os.Setenv(k, *v)
			}
		}
	}
}
