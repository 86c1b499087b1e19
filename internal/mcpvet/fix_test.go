package mcpvet

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// literalAnalyzer reports every int literal for which next returns a
// different value, with a fix that writes that value: a stand-in for
// analyzers whose fix makes another finding (and fix) appear.
func literalAnalyzer(name string, next func(int) int) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  name + ": test analyzer",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					lit, ok := n.(*ast.BasicLit)
					if !ok || lit.Kind != token.INT {
						return true
					}
					v, _ := strconv.Atoi(lit.Value)
					if w := next(v); w != v {
						pass.Report(analysis.Diagnostic{
							Pos: lit.Pos(), End: lit.End(), Message: fmt.Sprintf("%d, want %d", v, w),
							SuggestedFixes: []analysis.SuggestedFix{{Message: "set", TextEdits: []analysis.TextEdit{
								{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Itoa(w))},
							}}},
						})
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// fixModule writes a one-package module with src as p/p.go, makes it the
// working directory and returns the file's path.
func fixModule(t *testing.T, src string) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fx\n\ngo 1.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "p", "p.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return file
}

// TestFixRepeatsToFixedPoint: a fix whose result is itself a finding with a
// fix (1 → 2 → 3) is applied in the same run, and the run reports what it
// applied and what remains.
func TestFixRepeatsToFixedPoint(t *testing.T) {
	file := fixModule(t, "package p\n\nvar A = 1\n\nvar B = 3\n")
	up := literalAnalyzer("upto3", func(v int) int { return min(v+1, 3) })
	var stdout, stderr bytes.Buffer
	code := runFix(&options{analyzers: []*analysis.Analyzer{up}, args: []string{"./..."}, context: -1}, &stdout, &stderr)
	if code != exitOK {
		t.Errorf("exit code %d, want %d\n%s", code, exitOK, stderr.String())
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "var A = 3") {
		t.Errorf("after -fix:\n%s\nwant var A = 3", data)
	}
	if want := "mcpvet: applied 2 fixes; 0 findings remain\n"; stderr.String() != want {
		t.Errorf("stderr = %q, want %q", stderr.String(), want)
	}
}

// TestFixStopsOnCycle: fixes that undo each other (10 → 20 → 10) stop
// instead of looping, and the remaining finding makes the exit code 3.
func TestFixStopsOnCycle(t *testing.T) {
	fixModule(t, "package p\n\nvar A = 10\n")
	flip := literalAnalyzer("flip", func(v int) int { return 30 - v })
	var stdout, stderr bytes.Buffer
	code := runFix(&options{analyzers: []*analysis.Analyzer{flip}, args: []string{"./..."}, context: -1}, &stdout, &stderr)
	if code != exitFindings {
		t.Errorf("exit code %d, want %d\n%s", code, exitFindings, stderr.String())
	}
	if !strings.Contains(stderr.String(), "fixes undo each other") || !strings.Contains(stderr.String(), "; 1 finding remains") {
		t.Errorf("stderr:\n%s\nwant the cycle named and 1 finding remaining", stderr.String())
	}
}

// TestFixDiffWritesNothing: with -diff the fixes of every round are shown
// as one diff and the file is unchanged.
func TestFixDiffWritesNothing(t *testing.T) {
	src := "package p\n\nvar A = 1\n"
	file := fixModule(t, src)
	up := literalAnalyzer("upto3", func(v int) int { return min(v+1, 3) })
	var stdout, stderr bytes.Buffer
	code := runFix(&options{analyzers: []*analysis.Analyzer{up}, args: []string{"./..."}, context: -1, fix: true, diff: true}, &stdout, &stderr)
	if code != exitOK {
		t.Errorf("exit code %d\n%s", code, stderr.String())
	}
	if data, _ := os.ReadFile(file); string(data) != src {
		t.Errorf("-diff changed the file:\n%s", data)
	}
	if !strings.Contains(stdout.String(), "-var A = 1\n+var A = 3\n") {
		t.Errorf("diff:\n%s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "would apply 2 fixes; 0 findings would remain") {
		t.Errorf("stderr: %s", stderr.String())
	}
}
