package corpus

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Finding is one diagnostic mcpvet printed, placed in its module.
type Finding struct {
	ModVersion string // module@version
	File       string // slash-separated, relative to the module root
	Line       int
	Analyzer   string
	Message    string
	// Related are the lines, in the same file set, of the finding's
	// related positions (a helper reported once names its call sites).
	Related []FileLine
}

// FileLine is a position in a module: slash-separated file, line.
type FileLine struct {
	File string
	Line int
}

func (f Finding) String() string {
	return fmt.Sprintf("%s %s:%d %s: %s", f.ModVersion, f.File, f.Line, f.Analyzer, f.Message)
}

// SiteResult is a site with the findings that fall in it.
type SiteResult struct {
	Site     Site
	Findings []Finding
}

// Result is a scored run.
type Result struct {
	Sites     []SiteResult // in table order
	Unjudged  []Finding    // findings in no labelled site
	Modules   int          // distinct module paths
	Versions  int          // distinct module@version
	Flag      int
	OK        int
	Border    int
	Hits      int // FLAG sites with a finding
	FalsePos  int // OK sites with a finding
	LoadFails []string

	// Set by Judged: findings outside every labelled site that a table
	// written after the run judges, counted by judged site.
	UsedJudged                            bool
	JudgedTrue, JudgedFalse, JudgedBorder int
	JudgedFalseSites                      []Finding // one finding per judged OK site
}

// Score matches findings to sites: a finding belongs to every site of its
// module version and analyzer whose file and line range hold its line or
// one of its related positions, and is unjudged when there is none.
func Score(sites []Site, findings []Finding) Result {
	var res Result
	mods, vers := map[string]bool{}, map[string]bool{}
	for _, s := range sites {
		mods[s.Module], vers[s.ModVersion()] = true, true
		res.Sites = append(res.Sites, SiteResult{Site: s})
		switch s.Label {
		case Flag:
			res.Flag++
		case OK:
			res.OK++
		case Border:
			res.Border++
		}
	}
	res.Modules, res.Versions = len(mods), len(vers)
	for _, f := range findings {
		// A finding reported once for a root cause (a helper) names the
		// places it is about as related positions: it belongs to the sites
		// those fall in as much as to the site of its own line, so a call
		// site labelled FLAG is found, and one labelled OK is a false
		// positive, whichever line the finding is printed at.
		matched := false
		for i := range res.Sites {
			s := res.Sites[i].Site
			if s.ModVersion() != f.ModVersion {
				continue
			}
			in := s.Contains(f.Analyzer, f.File, f.Line)
			for _, r := range f.Related {
				in = in || s.Contains(f.Analyzer, r.File, r.Line)
			}
			if in {
				res.Sites[i].Findings = append(res.Sites[i].Findings, f)
				matched = true
			}
		}
		if !matched {
			res.Unjudged = append(res.Unjudged, f)
		}
	}
	for _, sr := range res.Sites {
		if len(sr.Findings) == 0 {
			continue
		}
		switch sr.Site.Label {
		case Flag:
			res.Hits++
		case OK:
			res.FalsePos++
		}
	}
	sort.SliceStable(res.Unjudged, func(i, j int) bool {
		a, b := res.Unjudged[i], res.Unjudged[j]
		if a.ModVersion != b.ModVersion {
			return a.ModVersion < b.ModVersion
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return res
}

// Summary is the one line the project tracks.
func (r Result) Summary() string {
	pct := ratio(r.Hits, r.Flag)
	s := fmt.Sprintf("corpus: modules %d versions %d sites %d (FLAG %d OK %d BORDER %d) recall %d/%d %d%% false-positives %d unjudged %d",
		r.Modules, r.Versions, len(r.Sites), r.Flag, r.OK, r.Border, r.Hits, r.Flag, pct, r.FalsePos, len(r.Unjudged))
	if len(r.LoadFails) > 0 {
		s += fmt.Sprintf(" load-errors %d", len(r.LoadFails))
	}
	return s
}

// Clean reports whether the run has no false positive, no unjudged finding
// and no module that failed to load: what -strict requires. Recall is
// tracked, not enforced.
func (r Result) Clean() bool {
	return r.FalsePos == 0 && len(r.Unjudged) == 0 && len(r.LoadFails) == 0
}

// Report writes one line per FLAG site (hit or miss), per OK site with a
// finding (false positive), per BORDER site with a finding, per unjudged
// finding and per module that failed, then the summary line.
func (r Result) Report(w io.Writer, verbose bool) {
	r.ReportSites(w, verbose)
	fmt.Fprintln(w, r.Summary())
}

// ReportSites is Report without the summary line.
func (r Result) ReportSites(w io.Writer, verbose bool) {
	for _, sr := range r.Sites {
		s := sr.Site
		switch {
		case s.Label == Flag && len(sr.Findings) > 0:
			fmt.Fprintf(w, "hit   %s\n", s)
		case s.Label == Flag:
			fmt.Fprintf(w, "MISS  %s  (%s)\n", s, s.Reason)
		case s.Label == OK && len(sr.Findings) > 0:
			fmt.Fprintf(w, "FALSE %s  (OK: %s)\n", s, s.Reason)
		case s.Label == Border && len(sr.Findings) > 0:
			fmt.Fprintf(w, "border %s\n", s)
		case verbose:
			fmt.Fprintf(w, "%-5s %s\n", strings.ToLower(string(s.Label)), s)
		}
		if s.Label != Flag || verbose {
			for _, f := range sr.Findings {
				fmt.Fprintf(w, "        line %d: %s\n", f.Line, f.Message)
			}
		}
	}
	for _, f := range r.JudgedFalseSites {
		fmt.Fprintf(w, "JUDGED-FALSE %s\n", f)
	}
	for _, f := range r.Unjudged {
		fmt.Fprintf(w, "UNJUDGED %s\n", f)
	}
	for _, e := range r.LoadFails {
		fmt.Fprintf(w, "ERROR %s\n", e)
	}
}

// ratio is n of d in whole percent, 0 when d is 0: the summary lines'
// recall (perception.go's percent prints "-" for none instead).
func ratio(n, d int) int {
	if d == 0 {
		return 0
	}
	return n * 100 / d
}
