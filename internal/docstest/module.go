package docstest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// The checkout's modules a snippet may import: the root (tools), the runtime
// and the Redis store, each its own module.
var modules = []string{".", "runtime", "runtime/sessionstore/redisstore"}

// goSDK lists the go-sdk packages snippets use, by name.
var goSDK = map[string]string{
	"mcp":     "github.com/modelcontextprotocol/go-sdk/mcp",
	"jsonrpc": "github.com/modelcontextprotocol/go-sdk/jsonrpc",
	"auth":    "github.com/modelcontextprotocol/go-sdk/auth",
}

// Packages maps the name of every public package of the runtime (and of
// go-sdk's mcp, jsonrpc and auth) to its import path: the imports a snippet
// may leave out. Internal, test-only and testdata packages are not offered.
func Packages(root string) (map[string]string, error) {
	pkgs := map[string]string{}
	for name, path := range goSDK {
		pkgs[name] = path
	}
	rt := filepath.Join(root, "runtime")
	err := filepath.WalkDir(rt, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "internal", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.Dir(path)
		rel, err := filepath.Rel(rt, dir)
		if err != nil || rel == "." {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly)
		if err != nil {
			return err
		}
		name := f.Name.Name
		if name == "main" || strings.HasSuffix(name, "test") {
			return nil
		}
		imp := "github.com/mcpwire/mcpwire/runtime/" + filepath.ToSlash(rel)
		if old, ok := pkgs[name]; ok && old != imp {
			return fmt.Errorf("two runtime packages are named %s (%s, %s): a snippet must import one itself", name, old, imp)
		}
		pkgs[name] = imp
		return nil
	})
	return pkgs, err
}

// WriteModule writes into dir a module that requires every module of the
// checkout at root, replaced with the checkout, and holds their go.sum lines,
// so that the snippets build against the code beside them without a network.
func WriteModule(dir, root string) error {
	mf := &modfile.File{}
	if err := mf.AddModuleStmt("mcpwire.test/docsnippets"); err != nil {
		return err
	}
	sums := map[string]bool{}
	versions := map[string]string{} // the highest version any module requires
	goVersion := ""
	placeholder := "v0.0.0-00010101000000-000000000000"
	for _, m := range modules {
		gomod := filepath.Join(root, m, "go.mod")
		data, err := os.ReadFile(gomod)
		if err != nil {
			return err
		}
		f, err := modfile.ParseLax(gomod, data, nil)
		if err != nil {
			return err
		}
		if f.Go != nil && semver.Compare("v"+f.Go.Version, "v"+goVersion) > 0 {
			goVersion = f.Go.Version
		}
		if err := mf.AddRequire(f.Module.Mod.Path, placeholder); err != nil {
			return err
		}
		if err := mf.AddReplace(f.Module.Mod.Path, "", filepath.Join(root, m), ""); err != nil {
			return err
		}
		for _, r := range f.Require {
			if strings.HasPrefix(r.Mod.Path, "github.com/mcpwire/mcpwire") {
				continue
			}
			if semver.Compare(r.Mod.Version, versions[r.Mod.Path]) > 0 {
				versions[r.Mod.Path] = r.Mod.Version
			}
		}
		sum, err := os.ReadFile(filepath.Join(root, m, "go.sum"))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		for _, l := range strings.Split(string(sum), "\n") {
			if l != "" {
				sums[l] = true
			}
		}
	}
	for path, v := range versions {
		if err := mf.AddRequire(path, v); err != nil {
			return err
		}
	}
	if err := mf.AddGoStmt(goVersion); err != nil {
		return err
	}
	mf.Cleanup()
	out, err := mf.Format()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), out, 0o644); err != nil {
		return err
	}
	lines := make([]string, 0, len(sums))
	for l := range sums {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	return os.WriteFile(filepath.Join(dir, "go.sum"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}
