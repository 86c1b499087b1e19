package corpus

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
)

// ClassAnalyzers maps a field label's class to the analyzers whose findings
// judge it: a finding of any of them inside a site of the class counts
// there. The classes are the protocol's bug classes as the labellers named
// them, blind to the analyzers.
var ClassAnalyzers = map[string][]string{
	"leak":          {"refusedhandshake"},                 // a refused handshake's transport or map entry lives on
	"errcode":       {"errclass"},                         // a JSON-RPC code that contradicts the status or the cause
	"sessionstatus": {"sessionstatus"},                    // missing id not 400, unknown id not 404, an id adopted
	"version":       {"sessionversion"},                   // sessions minted, echoed or kept at 2026-07-28
	"forward":       {"sessionversion", "sessionforward"}, // hop headers copied or duplicated onto a gateway's own upstream requests
}

// FieldSite is one row of a field table: a labelled line range in a public
// repository at a commit, in the split (study or score) it was drawn into.
type FieldSite struct {
	Site
	Repo, Commit, Split, Class string
}

// fieldColumns of a field table row: repo, commit, split, file, lines,
// class, label, reason.
const fieldColumns = 8

// ParseField reads a field table. The header row (its first column "repo")
// and lines starting with '#' are skipped. Each site is given the analyzers
// of its class (ClassAnalyzers); Site.Module is the repository and
// Site.Version its commit, so Score matches findings placed with
// ModVersion repo@commit.
func ParseField(r io.Reader, name string) ([]FieldSite, error) {
	var sites []FieldSite
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "repo\t") {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		f := strings.Split(line, "\t")
		if len(f) != fieldColumns {
			return nil, fmt.Errorf("%s: %d tab-separated columns, want %d (repo, commit, split, file, lines, class, label, reason)", where, len(f), fieldColumns)
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		s := FieldSite{Repo: f[0], Commit: f[1], Split: f[2], Class: f[5]}
		if strings.Count(s.Repo, "/") != 1 || s.Commit == "" {
			return nil, fmt.Errorf("%s: repo %q commit %q, want OWNER/NAME and a commit", where, s.Repo, s.Commit)
		}
		if s.Split != "study" && s.Split != "score" {
			return nil, fmt.Errorf("%s: split %q, want study or score", where, s.Split)
		}
		as, ok := ClassAnalyzers[s.Class]
		if !ok {
			return nil, fmt.Errorf("%s: class %q is none of leak, errcode, sessionstatus, version, forward", where, s.Class)
		}
		file := strings.TrimPrefix(f[3], "./")
		if file == "" || path.IsAbs(file) || path.Clean(file) != file || strings.HasPrefix(file, "../") || !strings.HasSuffix(file, ".go") {
			return nil, fmt.Errorf("%s: file %q is not a clean slash-separated .go path inside the repository", where, f[3])
		}
		from, to, err := parseLines(f[4])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		s.Site = Site{Module: s.Repo, Version: s.Commit, File: file, From: from, To: to,
			Analyzer: as[0], Also: as[1:], Label: Label(f[6]), Reason: f[7], Table: where}
		switch s.Label {
		case Flag, OK, Border:
		default:
			return nil, fmt.Errorf("%s: label %q, want FLAG, OK or BORDER", where, f[6])
		}
		sites = append(sites, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return sites, nil
}

// FieldSummary is the line a field run prints for one split. Its
// false-positives count the judged OK sites too; recall is the labels'
// alone.
func FieldSummary(split string, r Result) string {
	pct := ratio(r.Hits, r.Flag)
	s := fmt.Sprintf("field(%s): repos %d sites %d (FLAG %d OK %d BORDER %d) recall %d/%d %d%% false-positives %d unjudged %d",
		split, r.Modules, len(r.Sites), r.Flag, r.OK, r.Border, r.Hits, r.Flag, pct, r.FalsePos+r.JudgedFalse, len(r.Unjudged))
	if len(r.LoadFails) > 0 {
		s += fmt.Sprintf(" load-errors %d", len(r.LoadFails))
	}
	return s + r.judgedSuffix()
}

// fieldAnalyzers are the analyzers a field table's classes name that the
// suite has, sorted.
func fieldAnalyzers(known []string) []string {
	var out []string
	for _, as := range ClassAnalyzers {
		for _, a := range as {
			if slices.Contains(known, a) && !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	slices.Sort(out)
	return out
}

// ByAnalyzer is the line that splits a field run's summary by the analyzer
// that judges each site: recall and false findings per analyzer, so a
// round sees which check carries over to unseen code without reading a
// site. A judged OK site counts against the analyzer of its finding.
func ByAnalyzer(split string, r Result) string {
	type tally struct{ hits, flag, fp int }
	by := map[string]*tally{}
	at := func(a string) *tally {
		if by[a] == nil {
			by[a] = &tally{}
		}
		return by[a]
	}
	for _, sr := range r.Sites {
		t := at(sr.Site.Analyzer)
		switch sr.Site.Label {
		case Flag:
			t.flag++
			if len(sr.Findings) > 0 {
				t.hits++
			}
		case OK:
			if len(sr.Findings) > 0 {
				t.fp++
			}
		}
	}
	for _, f := range r.JudgedFalseSites {
		at(f.Analyzer).fp++
	}
	names := make([]string, 0, len(by))
	for a := range by {
		names = append(names, a)
	}
	slices.Sort(names)
	parts := make([]string, 0, len(names))
	for _, a := range names {
		t := by[a]
		parts = append(parts, fmt.Sprintf("%s %d/%d %d%% fp %d", a, t.hits, t.flag, ratio(t.hits, t.flag), t.fp))
	}
	return fmt.Sprintf("field(%s) by analyzer: %s", split, strings.Join(parts, ", "))
}
