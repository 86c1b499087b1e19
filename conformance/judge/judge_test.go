package judge

import (
	"bytes"
	"strings"
	"testing"
)

func loadRun(t *testing.T, name string) Run {
	t.Helper()
	sc, err := LoadRun("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return Run{Name: name, Scenarios: sc}
}

func TestJudge(t *testing.T) {
	pollingWarning := Expectation{Run: "2025-11-25", Scenario: "server-sse-polling", Check: "server-sse-priming-event", Reason: "r"}
	tasks := Expectation{Run: "2026-07-28", Scenario: "tasks-required-task-error", Reason: "extension"}
	for _, tc := range []struct {
		name         string
		runs         []string
		want         []string // scenarios the 2025 run must have
		expectations []Expectation
		ok           bool
		expected     int
		unexpected   int
		missing      int
		stale        int
	}{
		{name: "warning alone fails", runs: []string{"2025-11-25"}, unexpected: 1},
		{name: "listed warning passes", runs: []string{"2025-11-25"}, expectations: []Expectation{pollingWarning}, ok: true, expected: 1},
		{name: "a FAILURE entry does not excuse a WARNING", runs: []string{"2025-11-25"},
			expectations: []Expectation{{Run: "2025-11-25", Scenario: "server-sse-polling", Status: StatusFailure, Reason: "r"}},
			unexpected:   1, stale: 1},
		{name: "an entry for another run does not excuse", runs: []string{"2025-11-25", "0.1.16"},
			expectations: []Expectation{pollingWarning}, expected: 1, unexpected: 2},
		{name: "scenario-wide entry covers every check", runs: []string{"0.1.16"},
			expectations: []Expectation{{Run: "0.1.16", Scenario: "server-sse-polling", Status: StatusWarning, Reason: "r"}}, ok: true, expected: 2},
		{name: "failures of an extension", runs: []string{"2026-07-28"}, expectations: []Expectation{tasks}, ok: true, expected: 1},
		{name: "stale entry fails", runs: []string{"2025-11-25"},
			expectations: []Expectation{pollingWarning, {Run: "2025-11-25", Scenario: "ping", Reason: "r"}}, expected: 1, stale: 1},
		{name: "entry for a run that did not happen is not stale", runs: []string{"2025-11-25"},
			expectations: []Expectation{pollingWarning, tasks}, ok: true, expected: 1},
		{name: "listed scenario without results", runs: []string{"2025-11-25"}, want: []string{"server-initialize", "ping"},
			expectations: []Expectation{pollingWarning}, expected: 1, missing: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var runs []Run
			for _, name := range tc.runs {
				r := loadRun(t, name)
				if name == "2025-11-25" {
					r.Want = tc.want
				}
				runs = append(runs, r)
			}
			rep := Judge(runs, tc.expectations)
			var expected, unexpected, missing int
			for _, v := range rep.Verdicts {
				expected += len(v.Expected)
				unexpected += len(v.Unexpected)
				if v.Missing {
					missing++
				}
			}
			if rep.OK() != tc.ok || expected != tc.expected || unexpected != tc.unexpected || missing != tc.missing || len(rep.Stale) != tc.stale {
				var buf bytes.Buffer
				rep.Write(&buf)
				t.Errorf("ok=%v expected=%d unexpected=%d missing=%d stale=%d, want ok=%v %d %d %d %d\n%s",
					rep.OK(), expected, unexpected, missing, len(rep.Stale), tc.ok, tc.expected, tc.unexpected, tc.missing, tc.stale, &buf)
			}
		})
	}
}

func TestReportWrite(t *testing.T) {
	rep := Judge([]Run{loadRun(t, "2025-11-25"), loadRun(t, "2026-07-28")}, []Expectation{
		{Run: "2026-07-28", Scenario: "tasks-required-task-error", Reason: "tasks extension not implemented", Line: 3},
		{Run: "2026-07-28", Scenario: "ping", Reason: "r", Line: 7},
	})
	var buf bytes.Buffer
	rep.Write(&buf)
	out := buf.String()
	for _, want := range []string{
		"ok       2025-11-25 server-initialize ",
		"FAIL     2025-11-25 server-sse-polling ",
		"unexpected WARNING server-sse-priming-event: Server did not send priming event",
		"expected 2026-07-28 tasks-required-task-error ",
		"expected: FAILURE sep-2663-server-returns-missing-capability-when-required\n           because tasks extension not implemented\n",
		"STALE    expected-failures line 7: 2026-07-28 ping matched nothing",
		"total: 4 scenarios, ",
		"expected 1, unexpected 1, missing 0, stale 1: FAIL\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\n"); n != 9 {
		t.Errorf("%d lines, want 9 (4 scenarios, 3 detail lines, 1 stale, 1 total):\n%s", n, out)
	}
}
