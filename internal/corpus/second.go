package corpus

import (
	"fmt"
	"slices"
	"strings"
)

// SecondReading compares a scored run's labels with a second blind reading of
// the same sites (corpus/field/second.tsv: other readers, given each site's
// repository, file, lines and class but not its label, labelled it from
// the code and docs/protocol.md alone). It measures the labels, not
// mcpvet: how often two readers agree, and mcpvet's recall on the sites
// both call a bug and its findings on the sites both call correct. The
// committed labels stay the score; this line says how much of a miss is
// the label's.
type SecondReading struct {
	Sites int // sites of the run
	Read  int // of those, sites the second reading labels
	Agree int // read sites given the same label twice
	// Pairs counts the read sites by (first, second) label.
	Pairs map[[2]Label]int
	// BothFlag are the sites both readings call FLAG, Found those with a
	// finding; BothOK and OnOK the same for OK.
	BothFlag, Found int
	BothOK, OnOK    int
}

// siteKey names a site by what a reader is given: where it is and its
// class (the analyzers a class maps to tell the classes apart).
func siteKey(s Site) string {
	return strings.Join(append([]string{s.ModVersion(), s.File, fmt.Sprint(s.From, "-", s.To), s.Analyzer}, s.Also...), "\x00")
}

// Second compares r's sites with second, a table of the same sites read
// again. A site read twice by the second reading with two labels counts as
// BORDER there: that reading did not settle it.
func (r Result) Second(second []Site) SecondReading {
	got := map[string]Label{}
	for _, s := range second {
		k := siteKey(s)
		if l, ok := got[k]; ok && l != s.Label {
			got[k] = Border
			continue
		}
		got[k] = s.Label
	}
	out := SecondReading{Sites: len(r.Sites), Pairs: map[[2]Label]int{}}
	for _, sr := range r.Sites {
		l2, ok := got[siteKey(sr.Site)]
		if !ok {
			continue
		}
		l1 := sr.Site.Label
		out.Read++
		out.Pairs[[2]Label{l1, l2}]++
		if l1 == l2 {
			out.Agree++
		}
		switch {
		case l1 == Flag && l2 == Flag:
			out.BothFlag++
			if len(sr.Findings) > 0 {
				out.Found++
			}
		case l1 == OK && l2 == OK:
			out.BothOK++
			if len(sr.Findings) > 0 {
				out.OnOK++
			}
		}
	}
	return out
}

// Summary is the line a field run prints after a split's summary when a
// second reading was read.
func (s SecondReading) Summary(split string) string {
	labels := []Label{Flag, OK, Border}
	var rows []string
	for _, a := range labels {
		var cells []string
		for _, b := range labels {
			cells = append(cells, fmt.Sprintf("%s %d", b, s.Pairs[[2]Label{a, b}]))
		}
		rows = append(rows, fmt.Sprintf("%s→%s", a, strings.Join(cells, "/")))
	}
	return fmt.Sprintf("field(%s) second reading: sites %d of %d agree %d %d%% (%s) recall on FLAG by both %d/%d %d%% findings on OK by both %d/%d",
		split, s.Read, s.Sites, s.Agree, ratio(s.Agree, s.Read), strings.Join(rows, ", "),
		s.Found, s.BothFlag, ratio(s.Found, s.BothFlag), s.OnOK, s.BothOK)
}

// splitSites are the sites of a table read after the run (judged
// findings, a second reading) in split whose repository keep accepts.
func splitSites(all []FieldSite, split string, keep func(string) bool) []Site {
	var out []Site
	for _, s := range all {
		if s.Split == split && keep(s.Repo) {
			out = append(out, s.Site)
		}
	}
	return slices.Clip(out)
}
