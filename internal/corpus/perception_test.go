package corpus

import (
	"strings"
	"testing"
)

func TestPerceive(t *testing.T) {
	in := "repo\tcommit\tsplit\tfile\tlines\tclass\tlabel\treason\n" +
		frow("o/a", "abc", "study", "h.go", "10-12", "sessionstatus", "FLAG", "unknown id answered 400") +
		frow("o/a", "abc", "study", "h.go", "20", "sessionstatus", "FLAG", "missing id minted") +
		frow("o/a", "abc", "study", "h.go", "25", "sessionstatus", "FLAG", "unknown id answered 200") +
		frow("o/a", "abc", "study", "h.go", "30", "errcode", "OK", "-32600 with 400") +
		frow("o/a", "abc", "study", "h.go", "40", "leak", "FLAG", "not perceived: not an answer") +
		frow("o/a", "abc", "study", "h.go", "50", "errcode", "BORDER", "not counted")
	sites, err := ParseField(strings.NewReader(in), "l.tsv")
	if err != nil {
		t.Fatal(err)
	}
	findings := []Finding{
		{ModVersion: "o/a@abc", File: "h.go", Line: 11, Analyzer: "model", Message: "answer status=400 code=none causes=0 session=unknown"},
		{ModVersion: "o/a@abc", File: "h.go", Line: 30, Analyzer: "model", Message: "answer status=0 code=-32600 causes=1 session=none"},
		{ModVersion: "o/a@abc", File: "h.go", Line: 40, Analyzer: "model", Message: "answer status=200 code=none causes=0 session=none"},
		{ModVersion: "o/a@abc", File: "h.go", Line: 25, Analyzer: "model", Message: "answer status=200 code=none causes=0 session=none"},
		// Another analyzer's finding is not the model's.
		{ModVersion: "o/a@abc", File: "h.go", Line: 20, Analyzer: "sessionstatus", Message: "answer status=400"},
	}
	var b strings.Builder
	p := Perceive(sites, findings)
	p.Report(&b, "study", true)
	want := "perception(study) errcode/OK         sites   1 answered   1 (100%) status   0 code   1 session   0\n" +
		"perception(study) sessionstatus/FLAG sites   3 answered   2 (66%) status   2 code   0 session   1\n" +
		"  no answer seen: sessionstatus o/a h.go:20-20 missing id minted\n" +
		"  no session condition seen: o/a h.go:25-25 unknown id answered 200\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
