package mcpvet

import (
	"encoding/json"
	"io"
	"os"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestParse: flags are parsed as flags, whatever their spelling, so a
// combination is judged on values, not on the literal "-fix".
func TestParse(t *testing.T) {
	tests := []struct {
		args      []string
		format    string
		fix       bool
		analyzers []string // nil: all
		rest      []string
		err       bool
	}{
		{args: []string{"./..."}, format: "text", rest: []string{"./..."}},
		{args: []string{"--format", "sarif", "-errclass=false", "./..."}, format: "sarif",
			analyzers: []string{"ignoredirective", "refusedhandshake", "sessionstatus", "sessionversion"}, rest: []string{"./..."}},
		{args: []string{"--fix", "./..."}, format: "text", fix: true, rest: []string{"./..."}},
		{args: []string{"-fix=1", "-errclass", "./..."}, format: "text", fix: true, analyzers: []string{"errclass"}, rest: []string{"./..."}},
		{args: []string{"-errclass.internal=example.com/x.F", "p"}, format: "text", rest: []string{"p"}},
		{args: []string{"--", "-format=sarif"}, format: "text", rest: []string{"-format=sarif"}},
		{args: []string{"-format=sarif", "-fix=1", "./..."}, err: true},
		{args: []string{"-format=sarif", "--fix", "./..."}, err: true},
		{args: []string{"-format=sarif", "-json=true", "./..."}, err: true},
		{args: []string{"-diff", "./..."}, err: true},
		{args: []string{"-format=xml"}, err: true},
		{args: []string{"-format"}, err: true},
		{args: []string{"-V=short"}, err: true},
		{args: []string{"-errclass=maybe"}, err: true},
		{args: []string{"-nosuchflag"}, err: true},
	}
	for _, tt := range tests {
		opts, _, err := parse(tt.args, io.Discard)
		if (err != nil) != tt.err {
			t.Errorf("parse(%q) error = %v, want error %v", tt.args, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		var names []string
		for _, a := range opts.analyzers {
			names = append(names, a.Name)
		}
		if tt.analyzers == nil {
			tt.analyzers = []string{"errclass", "ignoredirective", "refusedhandshake", "sessionstatus", "sessionversion"}
		}
		if opts.format != tt.format || opts.fix != tt.fix || !reflect.DeepEqual(names, tt.analyzers) || !reflect.DeepEqual(opts.args, tt.rest) {
			t.Errorf("parse(%q) = format %q fix %v analyzers %q args %q; want %q %v %q %q",
				tt.args, opts.format, opts.fix, names, opts.args, tt.format, tt.fix, tt.analyzers, tt.rest)
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
