package mcpvet

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestSplitFormat(t *testing.T) {
	tests := []struct {
		args   []string
		format string
		rest   []string
		err    bool
	}{
		{[]string{"./..."}, "text", []string{"./..."}, false},
		{[]string{"-format=sarif", "./..."}, "sarif", []string{"./..."}, false},
		{[]string{"--format", "sarif", "-errclass=false", "./..."}, "sarif", []string{"-errclass=false", "./..."}, false},
		{[]string{"-format=text", "-json", "./..."}, "text", []string{"-json", "./..."}, false},
		{[]string{"-errclass.format=x", "./..."}, "text", []string{"-errclass.format=x", "./..."}, false},
		{[]string{"--", "-format=sarif"}, "text", []string{"--", "-format=sarif"}, false},
		{[]string{"-format=xml"}, "", nil, true},
		{[]string{"-format"}, "", nil, true},
	}
	for _, tt := range tests {
		format, rest, err := splitFormat(tt.args)
		if format != tt.format || !reflect.DeepEqual(rest, tt.rest) || (err != nil) != tt.err {
			t.Errorf("splitFormat(%q) = %q, %q, %v; want %q, %q, error %v", tt.args, format, rest, err, tt.format, tt.rest, tt.err)
		}
	}
}

// TestToSARIF converts a hand-written -json tree: columns become UTF-16
// units, a file outside the module root keeps an absolute URI, a finding
// repeated by a test variant appears once, fixes keep their byte offsets,
// and an analyzer error marks the run unsuccessful.
func TestToSARIF(t *testing.T) {
	files := map[string]string{
		// "é" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 units.
		"/mod/p/p.go": "package p\n\nvar s = \"é𝄞\"; var x = 1\n",
	}
	readFile := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	diag := `[{"posn": "/mod/p/p.go:3:17", "end": "/mod/p/p.go:3:22", "message": "x here",
		"suggested_fixes": [{"message": "rename", "edits": [{"filename": "/mod/p/p.go", "start": 30, "end": 31, "new": "y"}]}],
		"related": [{"posn": "/mod/p/p.go:1:1", "end": "/mod/p/p.go:1:8", "message": "package"}]}]`
	tree := jsonTree{
		"p":              {"check": json.RawMessage(diag)},
		"p [p.test]":     {"check": json.RawMessage(diag)},
		"q":              {"check": json.RawMessage(`[{"posn": "/elsewhere/q.go:2:1", "end": "/elsewhere/q.go:2:1", "message": "outside"}]`)},
		"r":              {"check": json.RawMessage(`{"error": "boom"}`)},
		"with:colon/dir": {},
	}
	a := &analysis.Analyzer{Name: "check", Doc: "check: find x\n\nMore words.", URL: "https://example.com/check"}
	log := toSARIF(tree, []*analysis.Analyzer{a}, "/mod", "v1.2.3", readFile)

	run := log.Runs[0]
	if got := run.Tool.Driver.Rules; len(got) != 1 || got[0].ID != "check" || got[0].ShortDescription.Text != "find x" ||
		got[0].FullDescription.Text != "More words." || got[0].HelpURI != "https://example.com/check" {
		t.Errorf("rules = %+v", got)
	}
	if run.Tool.Driver.Version != "v1.2.3" || run.OriginalURIBaseIDs[srcRoot].URI != "file:///mod/" {
		t.Errorf("driver version %q, base %+v", run.Tool.Driver.Version, run.OriginalURIBaseIDs)
	}
	if inv := run.Invocations[0]; inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
		inv.ToolExecutionNotifications[0].Message.Text != "r: check: boom" {
		t.Errorf("invocation = %+v, want unsuccessful with the analyzer error", inv)
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results, want 2 (the test variant's duplicate dropped): %+v", len(run.Results), run.Results)
	}
	outside, p := run.Results[0], run.Results[1]
	if loc := outside.Locations[0].PhysicalLocation; loc.ArtifactLocation != (sarifArtifactLoc{URI: "file:///elsewhere/q.go"}) ||
		*loc.Region != (sarifRegion{StartLine: 2, StartColumn: 1}) {
		t.Errorf("outside the root: %+v %+v", loc.ArtifactLocation, *loc.Region)
	}
	loc := p.Locations[0].PhysicalLocation
	if loc.ArtifactLocation != (sarifArtifactLoc{URI: "p/p.go", URIBaseID: srcRoot}) {
		t.Errorf("artifact = %+v", loc.ArtifactLocation)
	}
	// Byte column 17 follows 16 bytes, `var s = "` (9), é (2), 𝄞 (4) and `"`
	// (1), which are 9+1+2+1 = 13 UTF-16 units: column 14. The end, byte
	// column 22, is 5 ASCII bytes further: column 19.
	if *loc.Region != (sarifRegion{StartLine: 3, StartColumn: 14, EndLine: 3, EndColumn: 19}) {
		t.Errorf("region = %+v", *loc.Region)
	}
	if len(p.RelatedLocations) != 1 || p.RelatedLocations[0].Message.Text != "package" {
		t.Errorf("related = %+v", p.RelatedLocations)
	}
	if len(p.Fixes) != 1 || len(p.Fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("fixes = %+v", p.Fixes)
	}
	rep := p.Fixes[0].ArtifactChanges[0].Replacements[0]
	if *rep.DeletedRegion.ByteOffset != 30 || *rep.DeletedRegion.ByteLength != 1 || rep.InsertedContent.Text != "y" {
		t.Errorf("replacement = %+v", rep)
	}
}

func TestSplitPosn(t *testing.T) {
	tests := []struct {
		in        string
		file      string
		line, col int
	}{
		{"/a/b.go:3:4", "/a/b.go", 3, 4},
		{"C:/a/b.go:3:4", "C:/a/b.go", 3, 4},
		{"/a/b.go:3", "/a/b.go", 3, 0},
		{"/a/b.go", "/a/b.go", 0, 0},
		{"-", "-", 0, 0},
	}
	for _, tt := range tests {
		file, line, col := splitPosn(tt.in)
		if file != tt.file || line != tt.line || col != tt.col {
			t.Errorf("splitPosn(%q) = %q, %d, %d; want %q, %d, %d", tt.in, file, line, col, tt.file, tt.line, tt.col)
		}
	}
}
