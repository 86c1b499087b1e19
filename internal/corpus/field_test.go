package corpus

import (
	"slices"
	"strings"
	"testing"
)

func frow(cols ...string) string { return strings.Join(cols, "\t") + "\n" }

func TestParseFieldAndScore(t *testing.T) {
	in := "repo\tcommit\tsplit\tfile\tlines\tclass\tlabel\treason\n" +
		frow("o/a", "abc", "study", "srv/h.go", "10-12", "sessionstatus", "FLAG", "unknown id answered 400") +
		frow("o/a", "abc", "study", "srv/h.go", "11", "errcode", "OK", "-32600 with 400") +
		frow("o/b", "def", "score", "g.go", "5", "forward", "BORDER", "copies the id")
	sites, err := ParseField(strings.NewReader(in), "l.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 3 || sites[0].Analyzer != "sessionstatus" || sites[1].Analyzer != "errclass" || sites[2].Split != "score" {
		t.Fatalf("got %+v", sites)
	}
	var plain []Site
	for _, s := range sites[:2] {
		plain = append(plain, s.Site)
	}
	findings := []Finding{
		{ModVersion: "o/a@abc", File: "srv/h.go", Line: 11, Analyzer: "sessionstatus"},
		{ModVersion: "o/a@abc", File: "srv/h.go", Line: 30, Analyzer: "errclass"},
	}
	got := FieldSummary("study", Score(plain, findings))
	want := "field(study): repos 1 sites 2 (FLAG 1 OK 1 BORDER 0) recall 1/1 100% false-positives 0 unjudged 1"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	// A judged table sorts the finding outside the labels: an OK judged
	// site is a false positive, recall is the labels' alone.
	res := Score(plain, findings)
	res.Judged([]Site{{Module: "o/a", Version: "abc", File: "srv/h.go", From: 29, To: 31, Analyzer: "errclass", Label: OK}})
	want = "field(study): repos 1 sites 2 (FLAG 1 OK 1 BORDER 0) recall 1/1 100% false-positives 1 unjudged 0 (judged after the run: true 0 false 1 border 0)"
	if got := FieldSummary("study", res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The judged OK site counts against errclass, the analyzer of its
	// finding; the labelled FLAG site is sessionstatus's.
	want = "field(study) by analyzer: errclass 0/0 0% fp 1, sessionstatus 1/1 100% fp 0"
	if got := ByAnalyzer("study", res); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	res = Score(plain, findings)
	res.Judged([]Site{{Module: "o/a", Version: "abc", File: "srv/h.go", From: 1, To: 5, Analyzer: "errclass", Label: Flag}})
	if res.JudgedTrue != 0 || len(res.Unjudged) != 1 {
		t.Errorf("a judged site elsewhere in the file took the finding: %+v", res)
	}
}

func TestParseFieldErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"columns", "o/a\tabc\tstudy\th.go\n", "4 tab-separated columns"},
		{"split", frow("o/a", "abc", "train", "h.go", "1", "leak", "FLAG", "why"), `split "train"`},
		{"class", frow("o/a", "abc", "study", "h.go", "1", "race", "FLAG", "why"), `class "race"`},
		{"label", frow("o/a", "abc", "study", "h.go", "1", "leak", "BUG", "why"), `label "BUG"`},
		{"file", frow("o/a", "abc", "study", "../h.go", "1", "leak", "OK", "why"), "not a clean"},
	} {
		_, err := ParseField(strings.NewReader(tc.in), "l.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}

}

func TestSecondReading(t *testing.T) {
	site := func(file string, from int, class string, l Label) Site {
		as := ClassAnalyzers[class]
		return Site{Module: "o/a", Version: "abc", File: file, From: from, To: from + 2, Analyzer: as[0], Also: as[1:], Label: l}
	}
	first := []Site{
		site("h.go", 10, "sessionstatus", Flag), // found, second agrees
		site("h.go", 20, "sessionstatus", Flag), // missed, second agrees
		site("h.go", 30, "errcode", Flag),       // second says OK
		site("h.go", 40, "errcode", OK),         // finding on it, second agrees
		site("h.go", 50, "version", OK),         // second reads it as forward only: not read
		site("h.go", 60, "leak", Border),        // second read twice, two labels
	}
	findings := []Finding{
		{ModVersion: "o/a@abc", File: "h.go", Line: 11, Analyzer: "sessionstatus"},
		{ModVersion: "o/a@abc", File: "h.go", Line: 41, Analyzer: "errclass"},
	}
	second := []Site{
		site("h.go", 10, "sessionstatus", Flag),
		site("h.go", 20, "sessionstatus", Flag),
		site("h.go", 30, "errcode", OK),
		site("h.go", 40, "errcode", OK),
		site("h.go", 50, "forward", OK),
		site("h.go", 60, "leak", Border),
		site("h.go", 60, "leak", Flag),
		site("g.go", 10, "leak", Flag), // a site the first table does not hold
	}
	got := Score(first, findings).Second(second).Summary("score")
	want := "field(score) second reading: sites 5 of 6 agree 4 80% (FLAG→FLAG 2/OK 1/BORDER 0, OK→FLAG 0/OK 1/BORDER 0, BORDER→FLAG 0/OK 0/BORDER 1) recall on FLAG by both 1/2 50% findings on OK by both 1/1"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestPerPackage(t *testing.T) {
	as := []string{"errclass", "sessionstatus", "sessionversion"}
	got := perPackage([]string{
		"example.com/a: sessionstatus: a.go:3:2: module m@v1: 403 Forbidden\nmore",
		"example.com/a: errclass: a.go:3:2: module m@v1: 403 Forbidden",
		"example.com/b: errclass: b.go:1:1: another failure",
		"example.com/a: sessionversion: a.go:9:9: a failure of its own",
		"b.go:x: a position that cannot be read",
	}, as)
	want := []string{
		"b.go:x: a position that cannot be read",
		"example.com/a: errclass, sessionstatus: a.go:3:2: module m@v1: 403 Forbidden",
		"example.com/b: errclass: b.go:1:1: another failure",
		"example.com/a: sessionversion: a.go:9:9: a failure of its own",
	}
	if !slices.Equal(got, want) {
		t.Errorf("perPackage:\ngot  %q\nwant %q", got, want)
	}
}
