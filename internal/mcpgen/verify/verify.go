// Package verify checks that the files mcpgen generated in a tree are what
// mcpgen would generate now: not stale, not edited by hand, none missing.
// Each generated file names the configuration it was made with in its
// header, so nothing else needs to be told how to regenerate it.
package verify

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
)

// Problem is one generated file that does not match.
type Problem struct {
	// Path is relative to the directory given to [Dir], slash-separated.
	Path string
	// Reason says what is wrong and how to fix it.
	Reason string
}

func (p Problem) String() string { return p.Path + ": " + p.Reason }

// Result is what [Dir] found.
type Result struct {
	// Checked lists the generated files found, relative and sorted.
	Checked []string
	// Problems lists the mismatches, sorted by path.
	Problems []Problem
}

// Dir checks every mcpgen-generated Go file under root (skipping vendor,
// testdata and hidden directories).
func Dir(root string) (Result, error) {
	var res Result
	if info, err := os.Stat(root); err != nil {
		return res, err
	} else if !info.IsDir() {
		return res, fmt.Errorf("%s is not a directory", root)
	}
	// expected holds, per directory, the files the handlers found there
	// say should exist.
	expected := map[string][]string{}
	// unexpected holds the test files that handlers generated with
	// --test=false say should not exist.
	unexpected := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			// An entry listed and then removed (another build's temporary
			// file or directory, say) was not there to check.
			if p != root && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed since it was listed, or a dangling link
		}
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(src, []byte(gen.GeneratedHeader+"\n")) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		res.Checked = append(res.Checked, rel)
		problem := check(filepath.Dir(p), filepath.Base(p), src)
		if problem != "" {
			res.Problems = append(res.Problems, Problem{rel, problem})
		}
		if cfg, err := gen.ParseHeader(src); err == nil && filepath.Base(p) == cfg.Out {
			if cfg.NoTest {
				unexpected[filepath.Dir(p)] = append(unexpected[filepath.Dir(p)], cfg.TestOut())
			} else {
				expected[filepath.Dir(p)] = append(expected[filepath.Dir(p)], cfg.TestOut())
			}
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	for dir, names := range expected {
		for _, name := range names {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				rel, _ := filepath.Rel(root, filepath.Join(dir, name))
				res.Problems = append(res.Problems, Problem{filepath.ToSlash(rel), "missing: its handler's header says it is generated beside it; run go generate"})
			}
		}
	}
	for dir, names := range unexpected {
		for _, name := range names {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				rel, _ := filepath.Rel(root, filepath.Join(dir, name))
				res.Problems = append(res.Problems, Problem{filepath.ToSlash(rel), "its handler's header says --test=false, so it should not exist; delete it or regenerate with --test"})
			}
		}
	}
	sort.Strings(res.Checked)
	sort.Slice(res.Problems, func(i, j int) bool { return res.Problems[i].Path < res.Problems[j].Path })
	return res, nil
}

// check regenerates one file of dir from its header and the declarations of
// dir's package, and compares; it returns the problem, or "" if the file is
// current.
func check(dir, name string, src []byte) string {
	cfg, err := gen.ParseHeader(src)
	if err != nil {
		return "unreadable mcpgen header: " + err.Error()
	}
	if cfg, err = gen.Resolve(dir, cfg); err != nil {
		return "cannot read the package's declarations: " + err.Error()
	}
	var want []byte
	switch name {
	case cfg.Out:
		want, err = gen.Handler(cfg)
	case cfg.TestOut():
		if cfg.NoTest {
			return "its header says --test=false, so it should not exist"
		}
		want, err = gen.HandlerTest(cfg)
	default:
		return fmt.Sprintf("its header names --out=%s, which is neither this file nor its test", cfg.Out)
	}
	if err != nil {
		return "cannot regenerate: " + err.Error()
	}
	if !bytes.Equal(src, want) {
		return fmt.Sprintf("stale or edited by hand (first difference at line %d); regenerate with go generate (a scaffold's //go:generate runs its pinned mcpgen) or: mcpgen handler %s", firstDiffLine(src, want), strings.Join(cfg.Args(), " "))
	}
	return ""
}

// firstDiffLine is the 1-based line of the first byte where a and b differ.
func firstDiffLine(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return bytes.Count(a[:i], []byte("\n")) + 1
}
