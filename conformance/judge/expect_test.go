package judge

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestParseExpectations(t *testing.T) {
	in := `# header comment
- run: 2026-07-28
  scenario: tasks-lifecycle   # trailing comment
  reason: "tasks is an extension: go-sdk v1.8.0 does not implement it # not a comment"

- run: 0.1.16
  scenario: server-sse-polling
  check: server-sse-retry-field
  status: WARNING
  reason: plain reason, with: colon
`
	got, err := ParseExpectations(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Expectation{
		{Run: "2026-07-28", Scenario: "tasks-lifecycle", Reason: "tasks is an extension: go-sdk v1.8.0 does not implement it # not a comment", Line: 2},
		{Run: "0.1.16", Scenario: "server-sse-polling", Check: "server-sse-retry-field", Status: StatusWarning, Reason: "plain reason, with: colon", Line: 6},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
}

func TestParseExpectationsErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"- run: a\n  scenario: b\n", "needs run, scenario and reason"},
		{"- run: a\n  scenario: b\n  reason: \"\"\n", "needs run, scenario and reason"},
		{"- run: a\n  scenario: b\n  reason: r\n  because: x\n", `unknown key "because"`},
		{"- run: a\n  run: b\n", "run given twice"},
		{"- run: a\n  scenario: b\n  status: SKIPPED\n  reason: r\n", "status must be"},
		{"  run: a\n", "expected"},
		{"run: a\n", "expected"},
		{"- run: 'a'\n", "only plain or double-quoted"},
		{"- run: [a, b]\n", "only plain or double-quoted"},
		{"- run: \"a\" b\n", "text after the quoted value"},
		{"- run: \"a\n", "bad quoted value"},
		{"- run:\n", "empty value"},
		{"- run a\n", "expected key: value"},
		{"-  run: a\n", "expected key: value"},
	} {
		_, err := ParseExpectations(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseExpectations(%q) = %v, want error containing %q", tc.in, err, tc.want)
		}
	}
}

// The committed file must parse: a broken file would otherwise only show up in the slow CI run.
func TestCommittedExpectedFailuresParse(t *testing.T) {
	data, err := os.ReadFile("../expected-failures.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseExpectations(strings.NewReader(string(data))); err != nil {
		t.Fatal(err)
	}
}

func FuzzParseExpectations(f *testing.F) {
	f.Add("- run: a\n  scenario: b\n  reason: \"r # x\"\n")
	f.Add("- run: a\n  scenario: b\n  check: c\n  status: WARNING\n  reason: r\n# c\n")
	f.Add("- run: \"\\u00e9\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ParseExpectations(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, e := range got {
			if e.Run == "" || e.Scenario == "" || e.Reason == "" {
				t.Fatalf("accepted incomplete entry %+v", e)
			}
			if e.Status != "" && e.Status != StatusFailure && e.Status != StatusWarning {
				t.Fatalf("accepted status %q", e.Status)
			}
		}
	})
}
