package errclass_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
)

// TestFixedStatusRelated checks that a refusal written through a helper of
// the package that fixes the status names the helper's line that fixes it.
func TestFixedStatusRelated(t *testing.T) {
	results := analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/fixedhelper")
	want := map[string]bool{"the fixed status": false, "no status: 200": false}
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Action.Diagnostics {
			for _, rel := range d.Related {
				if !strings.Contains(rel.Message, "is fixed here, in ") {
					continue
				}
				p := fset.Position(rel.Pos)
				line := lineOf(t, p.Filename, p.Line)
				for marker := range want {
					if strings.Contains(line, marker) {
						want[marker] = true
					}
				}
			}
		}
	}
	for marker, seen := range want {
		if !seen {
			t.Errorf("no finding names the helper's line marked %q", marker)
		}
	}
}

// lineOf is line n of the file.
func lineOf(t *testing.T, file string, n int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has no line %d", file, n)
	}
	return lines[n-1]
}

// TestInitRefusalNamesRefusals checks that an initialize's error written
// with 200 names where the dispatcher refuses it: the refusal it returns
// itself, and the one a function it delegates to makes with a constructor
// handed the code, not the constructor.
func TestInitRefusalNamesRefusals(t *testing.T) {
	results := analysistest.Run(t, testdata(t), errclass.Analyzer, "fixtures/errclass/initrefused")
	want := map[string]bool{"the params refusal": false, "the constructed refusal": false, "the constructor": false}
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Action.Diagnostics {
			for _, rel := range d.Related {
				if rel.Message != "the initialize is refused here" {
					continue
				}
				p := fset.Position(rel.Pos)
				line := lineOf(t, p.Filename, p.Line)
				for marker := range want {
					if strings.HasSuffix(line, "// "+marker) {
						want[marker] = true
					}
				}
			}
		}
	}
	for _, marker := range []string{"the params refusal", "the constructed refusal"} {
		if !want[marker] {
			t.Errorf("no finding names the line marked %q", marker)
		}
	}
	if want["the constructor"] {
		t.Error("a finding names the constructor's literal, not the refusal that calls it")
	}
}
