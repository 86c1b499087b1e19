package corpus

import "fmt"

// Judged sorts the findings of r that fall in no labelled site by the
// sites of a table written after the run (corpus/field/judged.tsv): blind
// readers judged each such finding, FLAG a real bug the labels missed, OK
// a false finding, BORDER debatable. Those sites never count towards
// recall (they exist because mcpvet found something there); a judged OK
// site with a finding is a false positive like a labelled one. What no
// judged site holds stays unjudged.
func (r *Result) Judged(judged []Site) {
	var left []Finding
	seen := map[int]bool{}
	for _, f := range r.Unjudged {
		in := false
		for i, s := range judged {
			if s.ModVersion() != f.ModVersion {
				continue
			}
			hit := s.Contains(f.Analyzer, f.File, f.Line)
			for _, rl := range f.Related {
				hit = hit || s.Contains(f.Analyzer, rl.File, rl.Line)
			}
			if !hit {
				continue
			}
			in = true
			if seen[i] {
				continue
			}
			seen[i] = true
			switch s.Label {
			case Flag:
				r.JudgedTrue++
			case OK:
				r.JudgedFalse++
				r.JudgedFalseSites = append(r.JudgedFalseSites, f)
			case Border:
				r.JudgedBorder++
			}
		}
		if !in {
			left = append(left, f)
		}
	}
	r.Unjudged = left
	r.UsedJudged = true
}

// judgedSuffix is what a summary line adds when a judged table was read.
func (r Result) judgedSuffix() string {
	if !r.UsedJudged {
		return ""
	}
	return fmt.Sprintf(" (judged after the run: true %d false %d border %d)", r.JudgedTrue, r.JudgedFalse, r.JudgedBorder)
}
