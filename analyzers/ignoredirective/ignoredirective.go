package ignoredirective

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// Name is the analyzer's name, in flags and in directives.
const Name = "ignoredirective"

const doc = `report malformed //mcpvet:ignore directives

A suppression directive has the form //mcpvet:ignore NAME[,NAME...] REASON.
This analyzer reports directives that name no analyzer, give no reason (such a
directive suppresses nothing), or name an analyzer the suite does not have,
and comments that miss being a directive by a space after the slashes.`

// New returns the analyzer for a suite made of checks: a directive may name
// any of them, or ignoredirective itself. There is no package-level Analyzer
// because the names it accepts belong to the suite, which imports this
// package.
func New(checks ...*analysis.Analyzer) *analysis.Analyzer {
	known := []string{Name}
	for _, a := range checks {
		known = append(known, a.Name)
	}
	slices.Sort(known)
	known = slices.Compact(known)
	return &analysis.Analyzer{
		Name: Name,
		Doc:  Name + ": " + doc,
		URL:  "https://pkg.go.dev/github.com/mcpwire/mcpwire/analyzers/ignoredirective",
		Run:  func(pass *analysis.Pass) (any, error) { return nil, run(pass, known) },
	}
}

func run(pass *analysis.Pass, known []string) error {
	for _, f := range pass.Files {
		comments := map[token.Pos]*ast.Comment{}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				comments[c.Slash] = c
				if nearMiss(c.Text, known) {
					report.Report(pass, analysis.Diagnostic{
						Pos: c.Slash, End: c.End(),
						Message: "comment is not an mcpvet:ignore directive because of the space after //: write //mcpvet:ignore",
					})
				}
			}
		}
		for _, d := range report.Directives(pass.Fset, f) {
			c := comments[d.Pos]
			if msg := d.Malformed(); msg != "" {
				report.Report(pass, analysis.Diagnostic{Pos: c.Slash, End: c.End(), Message: msg})
				continue
			}
			for _, name := range d.Analyzers {
				if !slices.Contains(known, name) {
					report.Report(pass, unknown(c, name, known))
				}
			}
		}
	}
	report.Finish(pass)
	return nil
}

// nearMiss reports whether a comment reads as a directive to a person but
// not to mcpvet: "// mcpvet:ignore errclass ...". Only a comment whose first
// word after the prefix is a list of known analyzer names counts, so prose
// that starts with "mcpvet:ignore" is left alone.
func nearMiss(text string, known []string) bool {
	rest, ok := strings.CutPrefix(text, "//")
	trimmed := strings.TrimLeft(rest, " \t")
	if !ok || rest == trimmed {
		return false
	}
	names, _, isDirective := report.ParseDirective("//" + trimmed)
	if !isDirective || len(names) == 0 {
		return false
	}
	for _, n := range names {
		if !slices.Contains(known, n) {
			return false
		}
	}
	return true
}

// unknown reports name, an entry of c's analyzer list that the suite does
// not have, with a fix to the one known name it is a likely misspelling of.
func unknown(c *ast.Comment, name string, known []string) analysis.Diagnostic {
	d := analysis.Diagnostic{
		Pos: c.Slash, End: c.End(),
		Message: fmt.Sprintf("mcpvet:ignore directive names unknown analyzer %q (known: %s), so it suppresses nothing for it",
			name, strings.Join(known, ", ")),
	}
	guess := closest(name, known)
	if guess == "" {
		return d
	}
	// The analyzer list is the first field after the prefix; find name in it
	// as a whole comma-separated entry.
	list := c.Text[len(report.Prefix):]
	lead := len(list) - len(strings.TrimLeft(list, " \t"))
	off := len(report.Prefix) + lead
	for _, entry := range strings.Split(strings.Fields(list)[0], ",") {
		if entry == name {
			break
		}
		off += len(entry) + 1
	}
	start := c.Slash + token.Pos(off)
	d.Message = fmt.Sprintf("mcpvet:ignore directive names unknown analyzer %q, so it suppresses nothing for it; did you mean %q?", name, guess)
	d.SuggestedFixes = []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Replace %q with %q", name, guess),
		TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(len(name)), NewText: []byte(guess)}},
	}}
	return d
}

// closest returns the one known name within edit distance 2 of name, or ""
// when there is none or more than one, so the fix never has to guess.
func closest(name string, known []string) string {
	var found string
	for _, k := range known {
		if distance(name, k) <= 2 {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	return found
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Protects reports whether a directive of file covers line for analyzer,
// in the sense -fix must honour: a well-formed directive naming it, and
// also any directive that may have been meant for it — one naming an
// analyzer the suite does not have (a misspelling), a malformed one, or a
// near miss with a space after the slashes. A fix of analyzer must not
// edit such a line: the directive's author meant to keep it, and a
// correction of the directive applied in the same run would otherwise come
// too late. known are the suite's analyzer names.
func Protects(fset *token.FileSet, file *ast.File, line int, analyzer string, known []string) bool {
	for _, d := range report.Directives(fset, file) {
		if d.From > line || line > d.To {
			continue
		}
		if d.Malformed() != "" || d.Names(analyzer) || slices.ContainsFunc(d.Analyzers, func(n string) bool { return !slices.Contains(known, n) }) {
			return true
		}
	}
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			rest, _ := strings.CutPrefix(c.Text, "//")
			trimmed := strings.TrimLeft(rest, " \t")
			if rest == trimmed || !strings.HasPrefix(trimmed, "mcpvet:ignore") {
				continue
			}
			from := fset.Position(c.Slash).Line
			if from <= line && line <= from+1 {
				return true
			}
		}
	}
	return false
}
