package corpus

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// perceived are the classes whose checks read the httpanswers model: a site
// of one is perceived when the model records an answer inside it.
var perceived = []string{"errcode", "sessionstatus"}

// Perception measures the model rather than the checks: for each site of a
// class in perceived, which answers the httpanswers model recorded inside
// its lines (findings of the modeldump analyzer, "model"). A check can only
// judge what the model sees, so a site without an answer is a miss of
// perception, whatever the rules say.
type Perception struct {
	rows map[string]*perceptionRow // class/label
	Gaps []FieldSite               // FLAG sites with no answer recorded
	// Blind are sessionstatus FLAG sites holding answers, none of them
	// under a session condition: the model sees the answer but not what
	// it knows of the session there.
	Blind []FieldSite
}

type perceptionRow struct {
	sites, answered, status, code, session int
}

// Perceive tallies, for the sites of the classes in perceived, the model's
// answers among findings (every other analyzer's findings are ignored).
func Perceive(sites []FieldSite, findings []Finding) *Perception {
	p := &Perception{rows: map[string]*perceptionRow{}}
	for _, s := range sites {
		if !slices.Contains(perceived, s.Class) || s.Label == Border {
			continue
		}
		key := s.Class + "/" + string(s.Label)
		r := p.rows[key]
		if r == nil {
			r = &perceptionRow{}
			p.rows[key] = r
		}
		r.sites++
		var answered, status, code, session bool
		for _, f := range findings {
			if f.Analyzer != "model" || f.ModVersion != s.ModVersion() || f.File != s.File || f.Line < s.From || f.Line > s.To {
				continue
			}
			answered = true
			fields := strings.Fields(f.Message)
			status = status || !slices.Contains(fields, "status=0") || slices.Contains(fields, "implicit")
			code = code || !slices.Contains(fields, "code=none")
			session = session || !slices.Contains(fields, "session=none")
		}
		for _, c := range []struct {
			ok bool
			n  *int
		}{{answered, &r.answered}, {status, &r.status}, {code, &r.code}, {session, &r.session}} {
			if c.ok {
				*c.n++
			}
		}
		switch {
		case !answered && s.Label == Flag:
			p.Gaps = append(p.Gaps, s)
		case !session && s.Label == Flag && s.Class == "sessionstatus":
			p.Blind = append(p.Blind, s)
		}
	}
	return p
}

// Report prints one line per class and label: sites, and how many of them
// hold an answer, one with a known status, one with a JSON-RPC code, one
// under a session condition. With gaps, it lists the FLAG sites that hold
// no answer, then the sessionstatus FLAG sites whose answers it holds under
// no session condition.
func (p *Perception) Report(w io.Writer, split string, gaps bool) {
	var keys []string
	for k := range p.rows {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		r := p.rows[k]
		fmt.Fprintf(w, "perception(%s) %-18s sites %3d answered %3d (%s) status %3d code %3d session %3d\n",
			split, k, r.sites, r.answered, percent(r.answered, r.sites), r.status, r.code, r.session)
	}
	if gaps {
		for _, s := range p.Gaps {
			fmt.Fprintf(w, "  no answer seen: %s %s %s:%d-%d %s\n", s.Class, s.Repo, s.File, s.From, s.To, s.Reason)
		}
		for _, s := range p.Blind {
			fmt.Fprintf(w, "  no session condition seen: %s %s:%d-%d %s\n", s.Repo, s.File, s.From, s.To, s.Reason)
		}
	}
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", n*100/d)
}
