package sessionstatus_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// TestGetOrCreateNamesStore checks that a get-or-create of another package,
// known by its fact, is reported with the store in that package that makes
// the entry as a related position.
func TestGetOrCreateNamesStore(t *testing.T) {
	if !relatedMarked(t, "fixtures/sessionstatus/adoptfact", "the entry is made here") {
		t.Error("no finding names the store that makes the entry in package backends")
	}
}

// TestAdoptionNamesLater checks that a function where the client's id
// becomes a session twice is reported once, at the first place, naming
// the later one.
func TestAdoptionNamesLater(t *testing.T) {
	if !relatedMarked(t, "fixtures/sessionstatus/untested", "the later adoption") {
		t.Error("no finding names the later adoption of the same function")
	}
}

// TestLookupHelperNamesReturn checks that a failed lookup through a helper
// of the package, answered with the wrong status, names the helper's
// return for an unknown id.
func TestLookupHelperNamesReturn(t *testing.T) {
	if !relatedMarked(t, "fixtures/sessionstatus/lookuphelper", "the unknown id's return") {
		t.Error("no finding names the helper's return for an unknown id")
	}
}

// TestOptionalNamesDispatch checks that a request served without an id
// past a check of a present id only names the call it is served through.
func TestOptionalNamesDispatch(t *testing.T) {
	if !relatedMarked(t, "fixtures/sessionstatus/optionalid", "served here") {
		t.Error("no finding names the dispatch the missing id is handed to")
	}
}

// TestKindsFactNamesEveryReturn checks that a finding at the caller of a
// function of another package names every return of each kind, not only
// the first: each is a place the fix goes.
func TestKindsFactNamesEveryReturn(t *testing.T) {
	for _, m := range []string{"the missing id's return", "the unknown id's return", "a second missing id's return", "a second unknown id's return"} {
		if !relatedMarked(t, "fixtures/sessionstatus/kindsfact", m) {
			t.Errorf("no finding names %q", m)
		}
	}
}

// TestNeverCheckedNamesIssues checks that ids handed out and never
// checked are reported naming the helper that hands the client's id back,
// the other issue and the answer served.
func TestNeverCheckedNamesIssues(t *testing.T) {
	for _, m := range []string{"the request's id returned as it came", "an id handed out here too"} {
		if !relatedMarked(t, "fixtures/sessionstatus/neverchecked/echoed", m) {
			t.Errorf("no finding names %q", m)
		}
	}
	if !relatedMarked(t, "fixtures/sessionstatus/neverchecked", "served whatever its Mcp-Session-Id") {
		t.Error("no finding names the answer served")
	}
}

// relatedMarked runs sessionstatus on pkg and reports whether a finding
// has a related position on a line holding marker.
func relatedMarked(t *testing.T, pkg, marker string) bool {
	t.Helper()
	results := analysistest.Run(t, testdata(t), sessionstatus.Analyzer, pkg)
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Action.Diagnostics {
			for _, rel := range d.Related {
				p := fset.Position(rel.Pos)
				b, err := os.ReadFile(p.Filename)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(string(b), "\n")
				if p.Line >= 1 && p.Line <= len(lines) && strings.Contains(lines[p.Line-1], marker) {
					return true
				}
			}
		}
	}
	return false
}
