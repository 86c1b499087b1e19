package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

func row(cols ...string) string { return strings.Join(cols, "\t") + "\n" }

func TestParseTable(t *testing.T) {
	in := "# module\tversion\tfile\tlines\tlabel\treason\n\n" +
		row("example.com/a", "v1.2.0", "srv/h.go", "10-20", "FLAG", "leaks the transport") +
		row("example.com/a", "v1.3.0", "srv/h.go", "12", "OK", "closes it") +
		row("example.com/b/v2", "v2.0.1", "h.go", "5-5", "BORDER", "debatable")
	sites, err := ParseTable(strings.NewReader(in), "refusedhandshake", "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Site{
		{Module: "example.com/a", Version: "v1.2.0", File: "srv/h.go", From: 10, To: 20, Analyzer: "refusedhandshake", Label: Flag, Reason: "leaks the transport", Table: "t.tsv:3"},
		{Module: "example.com/a", Version: "v1.3.0", File: "srv/h.go", From: 12, To: 12, Analyzer: "refusedhandshake", Label: OK, Reason: "closes it", Table: "t.tsv:4"},
		{Module: "example.com/b/v2", Version: "v2.0.1", File: "h.go", From: 5, To: 5, Analyzer: "refusedhandshake", Label: Border, Reason: "debatable", Table: "t.tsv:5"},
	}
	if !reflect.DeepEqual(sites, want) {
		t.Errorf("got %+v\nwant %+v", sites, want)
	}
}

func TestParseTableErrors(t *testing.T) {
	good := row("example.com/a", "v1.2.0", "h.go", "10-20", "FLAG", "why")
	for _, tc := range []struct{ name, in, want string }{
		{"columns", "example.com/a\tv1.2.0\th.go\t10\tFLAG\n", "5 tab-separated columns"},
		{"label", row("example.com/a", "v1.2.0", "h.go", "10", "BUG", "why"), `label "BUG"`},
		{"pseudo-version", row("example.com/a", "v0.0.0-20250101000000-abcdefabcdef", "h.go", "10", "OK", "why"), "not a tagged release"},
		{"no version", row("example.com/a", "latest", "h.go", "10", "OK", "why"), "example.com/a@latest"},
		{"major suffix", row("example.com/a", "v2.0.0", "h.go", "10", "OK", "why"), "example.com/a@v2.0.0"},
		{"reversed lines", row("example.com/a", "v1.2.0", "h.go", "20-10", "OK", "why"), `lines "20-10"`},
		{"zero line", row("example.com/a", "v1.2.0", "h.go", "0", "OK", "why"), `lines "0"`},
		{"escaping file", row("example.com/a", "v1.2.0", "../h.go", "1", "OK", "why"), "clean slash-separated"},
		{"absolute file", row("example.com/a", "v1.2.0", "/h.go", "1", "OK", "why"), "clean slash-separated"},
		{"not go", row("example.com/a", "v1.2.0", "README.md", "1", "OK", "why"), "not a .go file"},
		{"no reason", row("example.com/a", "v1.2.0", "h.go", "1", "OK", " "), "reasoning"},
		{"overlap", good + row("example.com/a", "v1.2.0", "h.go", "20-30", "OK", "why"), "overlap the site at t.tsv:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseTable(strings.NewReader(tc.in), "errclass", "t.tsv")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	// The same lines in another version or file are separate sites.
	in := good + row("example.com/a", "v1.3.0", "h.go", "10-20", "OK", "why") + row("example.com/a", "v1.2.0", "g.go", "10-20", "OK", "why")
	if _, err := ParseTable(strings.NewReader(in), "errclass", "t.tsv"); err != nil {
		t.Errorf("distinct sites: %v", err)
	}
}

func TestScore(t *testing.T) {
	flag := Site{Module: "m", Version: "v1.0.0", File: "a.go", From: 10, To: 20, Analyzer: "errclass", Label: Flag}
	missed := Site{Module: "m", Version: "v1.0.0", File: "a.go", From: 30, To: 40, Analyzer: "errclass", Label: Flag}
	ok := Site{Module: "m", Version: "v1.1.0", File: "a.go", From: 10, To: 20, Analyzer: "errclass", Label: OK}
	border := Site{Module: "n", Version: "v0.1.0", File: "b/b.go", From: 1, To: 5, Analyzer: "sessionstatus", Label: Border}
	findings := []Finding{
		{ModVersion: "m@v1.0.0", File: "a.go", Line: 10, Analyzer: "errclass"},       // hit (first line)
		{ModVersion: "m@v1.0.0", File: "a.go", Line: 20, Analyzer: "errclass"},       // same site again (last line)
		{ModVersion: "m@v1.0.0", File: "a.go", Line: 35, Analyzer: "sessionstatus"},  // other analyzer: unjudged, not a hit of missed
		{ModVersion: "m@v1.1.0", File: "a.go", Line: 15, Analyzer: "errclass"},       // false positive
		{ModVersion: "m@v1.1.0", File: "a.go", Line: 21, Analyzer: "errclass"},       // just outside: unjudged
		{ModVersion: "n@v0.1.0", File: "b/b.go", Line: 3, Analyzer: "sessionstatus"}, // border: not scored
		{ModVersion: "n@v0.1.0", File: "b.go", Line: 3, Analyzer: "sessionstatus"},   // other file: unjudged
	}
	r := Score([]Site{flag, missed, ok, border}, findings)
	if r.Hits != 1 || r.Flag != 2 || r.FalsePos != 1 || r.OK != 1 || r.Border != 1 || r.Modules != 2 || r.Versions != 3 {
		t.Errorf("got %+v", r)
	}
	if len(r.Sites[0].Findings) != 2 || len(r.Sites[1].Findings) != 0 {
		t.Errorf("site findings %+v", r.Sites)
	}
	var unjudged []string
	for _, f := range r.Unjudged {
		unjudged = append(unjudged, f.String())
	}
	want := []string{"m@v1.0.0 a.go:35 sessionstatus: ", "m@v1.1.0 a.go:21 errclass: ", "n@v0.1.0 b.go:3 sessionstatus: "}
	if !slices.Equal(unjudged, want) {
		t.Errorf("unjudged %q, want %q", unjudged, want)
	}
	const summary = "corpus: modules 2 versions 3 sites 4 (FLAG 2 OK 1 BORDER 1) recall 1/2 50% false-positives 1 unjudged 3"
	if got := r.Summary(); got != summary {
		t.Errorf("summary\n%s\nwant\n%s", got, summary)
	}
	if r.Clean() {
		t.Error("a run with a false positive is clean")
	}
	var out bytes.Buffer
	r.Report(&out, false)
	for _, line := range []string{"hit   errclass m@v1.0.0 a.go:10-20", "MISS  errclass m@v1.0.0 a.go:30-40", "FALSE errclass m@v1.1.0 a.go:10-20", "border sessionstatus n@v0.1.0 b/b.go:1-5", "UNJUDGED m@v1.1.0 a.go:21 errclass", summary} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("report lacks %q:\n%s", line, out.String())
		}
	}

	// A helper reported at a line inside one site names call sites in
	// others: it belongs to each, the FLAG one found, the OK one false.
	helper := Finding{ModVersion: "m@v1.0.0", File: "a.go", Line: 12, Analyzer: "errclass",
		Related: []FileLine{{File: "a.go", Line: 33}, {File: "z.go", Line: 1}}}
	okCall := Site{Module: "m", Version: "v1.0.0", File: "c.go", From: 5, To: 6, Analyzer: "errclass", Label: OK}
	rel := Score([]Site{flag, missed, okCall}, []Finding{helper})
	if rel.Hits != 2 || rel.FalsePos != 0 || len(rel.Unjudged) != 0 {
		t.Errorf("related positions in FLAG sites: %+v", rel)
	}
	helper.Related = append(helper.Related, FileLine{File: "c.go", Line: 6})
	if rel := Score([]Site{flag, okCall}, []Finding{helper}); rel.Hits != 1 || rel.FalsePos != 1 {
		t.Errorf("a related position in an OK site: %+v", rel)
	}

	clean := Score([]Site{flag, ok}, findings[:2])
	if !clean.Clean() || clean.Hits != 1 {
		t.Errorf("clean run %+v", clean)
	}
	clean.LoadFails = []string{"m@v1.0.0: no such module"}
	if clean.Clean() || !strings.HasSuffix(clean.Summary(), " load-errors 1") {
		t.Errorf("a run with a load failure: %s", clean.Summary())
	}
}

func TestParseJSON(t *testing.T) {
	root := filepath.FromSlash("/tmp/work/mod-1")
	out := `{
	"example.com/a/srv": {
		"errclass": [{"posn": "` + filepath.Join(root, "srv", "h.go") + `:12:3", "end": "x", "message": "answers 400"}],
		"sessionstatus": []
	},
	"example.com/a": {"refusedhandshake": [{"posn": "` + filepath.Join(root, "a.go") + `:7", "message": "leaks"}]}
}`
	got, err := ParseJSON([]byte(out), root, "example.com/a@v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{ModVersion: "example.com/a@v1.0.0", File: "a.go", Line: 7, Analyzer: "refusedhandshake", Message: "leaks"},
		{ModVersion: "example.com/a@v1.0.0", File: "srv/h.go", Line: 12, Analyzer: "errclass", Message: "answers 400"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{
		`{"p": {"errclass": {"error": "analysis failed"}}}`,
		`{"p": {"errclass": [{"posn": "/elsewhere/dep.go:1:1", "message": "m"}]}}`,
		`{"p": {"errclass": [{"posn": "nowhere", "message": "m"}]}}`,
		`not json`,
	} {
		if _, err := ParseJSON([]byte(bad), root, "m@v1.0.0"); err == nil {
			t.Errorf("ParseJSON(%s) succeeded", bad)
		}
	}
}

func TestPackages(t *testing.T) {
	sites := []Site{{File: "mcp/streamable.go"}, {File: "main.go"}, {File: "mcp/other.go"}, {File: "a/b/c.go"}}
	if got, want := Packages(sites), []string{".", "./a/b", "./mcp"}; !slices.Equal(got, want) {
		t.Errorf("Packages = %q, want %q", got, want)
	}
}

// TestTables parses the checked-in tables: every row well-formed, every
// table named after an analyzer mcpvet runs.
func TestTables(t *testing.T) {
	var known []string
	for _, a := range suite.Analyzers() {
		known = append(known, a.Name)
	}
	sites, err := LoadDir(filepath.Join("..", "..", "corpus"), known)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) == 0 {
		t.Fatal("no sites")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "nosuch.tsv"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(dir, known); err == nil || !strings.Contains(err.Error(), `no analyzer named "nosuch"`) {
		t.Errorf("a table named after no analyzer: %v", err)
	}
}
