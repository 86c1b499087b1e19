package judge

import (
	"fmt"
	"io"
	"strings"
)

// Run is one invocation of the suite: its name in the expected-failures file (for example
// "2025-11-25"), the scenarios it produced, and the scenarios it was expected to produce (nil: not
// checked).
type Run struct {
	Name      string
	Scenarios []Scenario
	Want      []string
}

// Verdict is the judgement of one scenario of one run.
type Verdict struct {
	Run, Scenario string
	Counts        map[string]int // checks per status
	Expected      []Excused      // FAILURE/WARNING checks an expectation covers
	Unexpected    []Check        // FAILURE/WARNING checks nothing covers
	Missing       bool           // listed by the suite but no checks.json was written
}

// Excused is a FAILURE or WARNING check with the expectation that covers it.
type Excused struct {
	Check Check
	By    Expectation
}

// Report is the judgement of all runs.
type Report struct {
	Verdicts []Verdict
	Stale    []Expectation // entries for a run that happened which matched no check
}

// OK reports whether the runs pass: nothing unexpected, nothing missing, no stale entry.
func (r Report) OK() bool {
	if len(r.Stale) > 0 {
		return false
	}
	for _, v := range r.Verdicts {
		if v.Missing || len(v.Unexpected) > 0 {
			return false
		}
	}
	return true
}

// Judge matches every FAILURE and WARNING of every run against the expectations.
func Judge(runs []Run, expectations []Expectation) Report {
	var rep Report
	used := make([]bool, len(expectations))
	ran := map[string]bool{}
	for _, run := range runs {
		ran[run.Name] = true
		have := map[string]bool{}
		for _, sc := range run.Scenarios {
			have[sc.Name] = true
			v := Verdict{Run: run.Name, Scenario: sc.Name, Counts: map[string]int{}}
			for _, c := range sc.Checks {
				v.Counts[c.Status]++
				if c.Status != StatusFailure && c.Status != StatusWarning {
					continue
				}
				i := match(expectations, run.Name, sc.Name, c)
				if i < 0 {
					v.Unexpected = append(v.Unexpected, c)
					continue
				}
				used[i] = true
				v.Expected = append(v.Expected, Excused{c, expectations[i]})
			}
			rep.Verdicts = append(rep.Verdicts, v)
		}
		for _, name := range run.Want {
			if !have[name] {
				rep.Verdicts = append(rep.Verdicts, Verdict{Run: run.Name, Scenario: name, Missing: true})
			}
		}
	}
	for i, e := range expectations {
		if !used[i] && ran[e.Run] {
			rep.Stale = append(rep.Stale, e)
		}
	}
	return rep
}

func match(expectations []Expectation, run, scenario string, c Check) int {
	for i, e := range expectations {
		if e.matches(run, scenario, c) {
			return i
		}
	}
	return -1
}

// Write prints one line per scenario, the details of anything not passing cleanly, and a total.
func (r Report) Write(w io.Writer) {
	total := map[string]int{}
	var scenarios, expected, unexpected, missing int
	for _, v := range r.Verdicts {
		scenarios++
		for s, n := range v.Counts {
			total[s] += n
		}
		expected += len(v.Expected)
		unexpected += len(v.Unexpected)
		mark := "ok"
		switch {
		case v.Missing:
			missing++
			mark = "MISSING"
		case len(v.Unexpected) > 0:
			mark = "FAIL"
		case len(v.Expected) > 0:
			mark = "expected"
		}
		detail := counts(v.Counts)
		if v.Missing {
			detail = "listed by the suite, no checks.json written"
		}
		fmt.Fprintf(w, "%-8s %-10s %-48s %s\n", mark, v.Run, v.Scenario, detail)
		for _, c := range v.Unexpected {
			fmt.Fprintf(w, "         unexpected %s %s: %s\n", c.Status, c.ID, oneLine(c.ErrorMessage))
		}
		writeExcused(w, v.Expected)
	}
	for _, e := range r.Stale {
		fmt.Fprintf(w, "STALE    expected-failures %s matched nothing: remove it\n", e)
	}
	verdict := "PASS"
	if !r.OK() {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "total: %d scenarios, %s; expected %d, unexpected %d, missing %d, stale %d: %s\n",
		scenarios, counts(total), expected, unexpected, missing, len(r.Stale), verdict)
}

// writeExcused prints the excused checks grouped by the entry that covers them, each reason once.
func writeExcused(w io.Writer, excused []Excused) {
	var order []Expectation
	ids := map[Expectation][]string{}
	for _, x := range excused {
		if _, ok := ids[x.By]; !ok {
			order = append(order, x.By)
		}
		ids[x.By] = append(ids[x.By], x.Check.Status+" "+x.Check.ID)
	}
	for _, e := range order {
		fmt.Fprintf(w, "         expected: %s\n           because %s\n", strings.Join(ids[e], ", "), e.Reason)
	}
}

// counts renders per-status counts in a fixed order, omitting zeros.
func counts(m map[string]int) string {
	var parts []string
	for _, s := range []string{StatusSuccess, StatusFailure, StatusWarning, StatusSkipped, StatusInfo} {
		if m[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", m[s], strings.ToLower(s)))
		}
	}
	if len(parts) == 0 {
		return "no checks"
	}
	return strings.Join(parts, ", ")
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
