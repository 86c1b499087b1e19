// Package mcpgentest holds what mcpgen's tests share: finding this checkout,
// building throw-away modules that use it through a replace directive, and
// running the go command in them.
package mcpgentest

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
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

// ReleaseModules are the modules of this repository a release tags, by
// directory: the tools, the runtime and the Redis session store.
var ReleaseModules = map[string]string{
	"github.com/mcpwire/mcpwire":                                 ".",
	"github.com/mcpwire/mcpwire/runtime":                         "runtime",
	"github.com/mcpwire/mcpwire/runtime/sessionstore/redisstore": "runtime/sessionstore/redisstore",
}

// Release writes, under dir, a GOPROXY directory (use it as file://dir)
// serving [ReleaseModules] at version as a release of this checkout would
// be: each module's files that git tracks or would track, its go.mod as the
// release steps of docs/runtime.md, "Modules and versions", leave it
// (every mcpwire module required at version, no replace of one). It is
// what the install forms "after a release" are tested against without a
// tag or the network.
func Release(t testing.TB, dir, version string) {
	t.Helper()
	root := RepoRoot(t)
	for modPath, modDir := range ReleaseModules {
		src := filepath.Join(root, filepath.FromSlash(modDir))
		cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
		cmd.Dir = src
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git ls-files in %s: %v", src, err)
		}
		gomod, err := releaseGoMod(filepath.Join(src, "go.mod"), version)
		if err != nil {
			t.Fatal(err)
		}
		var files []zip.File
		for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			p := filepath.Join(src, filepath.FromSlash(name))
			if _, err := os.Lstat(p); err != nil {
				continue // deleted in the work tree
			}
			if name == "go.mod" {
				files = append(files, memFile{name, gomod})
				continue
			}
			files = append(files, diskFile{name, p})
		}
		at := filepath.Join(dir, filepath.FromSlash(modPath), "@v")
		if err := os.MkdirAll(at, 0o755); err != nil {
			t.Fatal(err)
		}
		var zipped bytes.Buffer
		// zip.Create leaves out what a module zip must not hold: the
		// files of nested modules, vendor directories, symlinks.
		if err := zip.Create(&zipped, module.Version{Path: modPath, Version: version}, files); err != nil {
			t.Fatalf("zip of %s: %v", modPath, err)
		}
		for name, data := range map[string][]byte{
			version + ".zip":  zipped.Bytes(),
			version + ".mod":  gomod,
			version + ".info": []byte(`{"Version":"` + version + `","Time":"2026-01-01T00:00:00Z"}`),
			"list":            []byte(version + "\n"),
		} {
			if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// releaseGoMod is the go.mod at path with every mcpwire module required at
// version and no replace directive for one.
func releaseGoMod(path, version string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range f.Replace {
		if _, ours := ReleaseModules[r.Old.Path]; ours {
			if err := f.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return nil, err
			}
		}
	}
	for _, r := range f.Require {
		if _, ours := ReleaseModules[r.Mod.Path]; ours {
			if err := f.AddRequire(r.Mod.Path, version); err != nil {
				return nil, err
			}
		}
	}
	f.Cleanup()
	return modfile.Format(f.Syntax), nil
}

type diskFile struct{ path, file string }

func (f diskFile) Path() string                 { return f.path }
func (f diskFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.file) }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.file) }

type memFile struct {
	path string
	data []byte
}

func (f memFile) Path() string { return f.path }
func (f memFile) Lstat() (os.FileInfo, error) {
	return memInfo{path.Base(f.path), int64(len(f.data))}, nil
}
func (f memFile) Open() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(f.data)), nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() os.FileMode  { return 0o644 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
