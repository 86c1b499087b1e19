package mcpvet

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// loadFailure is a package that could not be loaded or type-checked (or
// imports one that could not), reported once, by its path.
type loadFailure struct {
	pkg string // package path, or the pattern go list could not resolve
	msg string // the first error, on one line
}

func (f loadFailure) String() string { return f.pkg + ": " + f.msg }

// analysis is one load and analysis of the command line's packages.
type result struct {
	graph    *checker.Graph // nil when nothing could be analysed
	failures []loadFailure
	noMatch  bool // the patterns matched no package at all
	wd       string
}

// analyze loads the packages named by opts.args, with overlay (file name
// to content) standing in for files on disk, and runs opts.analyzers on
// those that loaded. Packages that failed to load, directly or through a
// dependency, are left out and listed in failures instead of producing one
// "analysis skipped" error per analyzer. The error is for a failure of the
// go command as a whole.
func analyze(opts *options, overlay map[string][]byte) (*result, error) {
	wd, _ := os.Getwd()
	mode := packages.LoadSyntax | packages.NeedModule
	if needFacts(opts.analyzers) {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	cfg := &packages.Config{Mode: mode, Tests: opts.tests, Overlay: overlay}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, opts.args...)
	if err != nil {
		// go/packages wraps the go command's own message as
		// "err: exit status 1: stderr: go: ..."; the message is what the
		// user needs.
		msg := err.Error()
		if _, after, ok := strings.Cut(msg, ": stderr: "); ok && strings.HasPrefix(msg, "err: ") {
			msg = after
		}
		return nil, errors.New(oneLine(msg))
	}
	res := &result{wd: wd, noMatch: len(pkgs) == 0}

	// failed memoizes, per package, the first error in it or its
	// dependencies ("" when it loaded cleanly).
	failed := map[*packages.Package]string{}
	var firstError func(p *packages.Package) string
	firstError = func(p *packages.Package) string {
		if msg, ok := failed[p]; ok {
			return msg
		}
		failed[p] = "" // breaks import cycles, which go list reports itself
		msg := ""
		// A dependency's own error says more than "could not import" in
		// this package, so it wins.
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			if msg = firstError(p.Imports[path]); msg != "" {
				break
			}
		}
		if msg == "" && len(p.Errors) > 0 {
			e := p.Errors[0]
			// go list's errors start "# import/path\n"; the path is printed
			// once, before the message.
			text := e.Msg
			if strings.HasPrefix(text, "# ") {
				if _, rest, ok := strings.Cut(text, "\n"); ok {
					text = rest
				}
			}
			// A pattern that names nothing: "pattern ./x: ..." under the
			// name ./x says it twice.
			text = strings.TrimPrefix(text, "pattern "+p.PkgPath+": ")
			if e.Pos != "" && e.Pos != "-" {
				text = relPath(wd, e.Pos) + ": " + text
			}
			msg = oneLine(text)
		}
		failed[p] = msg
		return msg
	}
	var roots []*packages.Package
	reported := map[string]bool{}
	for _, p := range pkgs {
		msg := firstError(p)
		if msg == "" {
			roots = append(roots, p)
			continue
		}
		if !reported[p.PkgPath] { // p and its test variant fail alike
			reported[p.PkgPath] = true
			res.failures = append(res.failures, loadFailure{p.PkgPath, msg})
		}
	}
	if len(roots) > 0 {
		g, err := checker.Analyze(opts.analyzers, roots, nil)
		if err != nil {
			return nil, err
		}
		res.graph = g
	}
	return res, nil
}

// oneLine folds a multi-line message (go list's "to add it:\n\tgo get X")
// into one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, ":\n\t", ": ")
	s = strings.ReplaceAll(s, ":\n", ": ")
	s = strings.ReplaceAll(s, "\n\t", " ")
	return strings.ReplaceAll(s, "\n", "; ")
}

// needFacts reports whether an analyzer, or one it requires, uses facts,
// in which case dependencies must be loaded from source too (as x/tools'
// driver does).
func needFacts(analyzers []*analysis.Analyzer) bool {
	seen := map[*analysis.Analyzer]bool{}
	var visit func([]*analysis.Analyzer) bool
	visit = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 || visit(a.Requires) {
				return true
			}
		}
		return false
	}
	return visit(analyzers)
}

// finding is one diagnostic of a root action, with its position resolved.
type finding struct {
	analyzer  string
	posn, end token.Position
	message   string
	diag      analysis.Diagnostic
	act       *checker.Action
}

// findings returns the diagnostics of the root actions, without the
// duplicates a file analysed in both p and p's test variant produces,
// sorted by position.
func (r *result) findings() []finding {
	if r.graph == nil {
		return nil
	}
	type key struct {
		analyzer  string
		posn, end token.Position
		message   string
	}
	seen := map[key]bool{}
	var out []finding
	for _, act := range r.graph.Roots {
		for _, d := range act.Diagnostics {
			f := finding{act.Analyzer.Name, act.Package.Fset.Position(d.Pos), act.Package.Fset.Position(d.End), d.Message, d, act}
			k := key{f.analyzer, f.posn, f.end, f.message}
			if !seen[k] {
				seen[k] = true
				out = append(out, f)
			}
		}
	}
	slices.SortFunc(out, func(a, b finding) int {
		return cmp.Or(cmp.Compare(a.posn.Filename, b.posn.Filename), cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column), cmp.Compare(a.analyzer, b.analyzer), cmp.Compare(a.message, b.message))
	})
	return out
}

// analyzerErrors returns one line per analyzer that failed on a package,
// naming both; failures that only follow from a failed prerequisite are
// left out, since their cause is listed.
func (r *result) analyzerErrors() []string {
	if r.graph == nil {
		return nil
	}
	var out []string
	for act := range r.graph.All() {
		if act.Err == nil || slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return d.Err != nil }) {
			continue
		}
		out = append(out, fmt.Sprintf("%s failed on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// reportProblems prints the load failures and analyzer errors, one line
// each, and reports whether there were any.
func (r *result) reportProblems(w io.Writer, patterns []string) bool {
	for _, f := range r.failures {
		fmt.Fprintf(w, "%s: %s\n", progname, f)
	}
	for _, e := range r.analyzerErrors() {
		fmt.Fprintf(w, "%s: %s\n", progname, e)
	}
	if r.noMatch {
		fmt.Fprintf(w, "%s: %s matched no packages\n", progname, strings.Join(patterns, " "))
	}
	return len(r.failures) > 0 || len(r.analyzerErrors()) > 0 || r.noMatch
}

// printText prints findings as go vet does, "file:line:col: message",
// followed by the analyzer's name in brackets (the name a
// //mcpvet:ignore directive needs) and the related positions, one line
// each, with file relative to the working directory, and context lines
// (-c=N) read from the file the analysis saw.
func printText(w io.Writer, fs []finding, context int, wd string, overlay map[string][]byte) {
	for _, f := range fs {
		posn := f.posn
		posn.Filename = relPath(wd, posn.Filename)
		fmt.Fprintf(w, "%s: %s [%s]\n", posn, f.message, f.analyzer)
		// Related positions as go vet prints them: "file:line:col: \tmessage".
		for _, rel := range f.diag.Related {
			rp := f.act.Package.Fset.Position(rel.Pos)
			if !rp.IsValid() {
				continue
			}
			rp.Filename = relPath(wd, rp.Filename)
			fmt.Fprintf(w, "%s: \t%s\n", rp, rel.Message)
		}
		if context < 0 || !f.posn.IsValid() {
			continue
		}
		data, ok := overlay[f.posn.Filename]
		if !ok {
			var err error
			if data, err = os.ReadFile(f.posn.Filename); err != nil {
				continue
			}
		}
		lines := strings.Split(string(data), "\n")
		end := max(f.end.Line, f.posn.Line)
		for l := max(1, f.posn.Line-context); l <= min(len(lines), end+context); l++ {
			fmt.Fprintf(w, "%d\t%s\n", l, lines[l-1])
		}
	}
}

// jsonTreeOf is the multichecker's -json tree for r: package ID, analyzer,
// diagnostics or {"error": ...}; a package that failed to load has an
// error under every analyzer, as x/tools writes it.
func (r *result) jsonTreeOf(analyzers []*analysis.Analyzer) (jsonTree, error) {
	tree := jsonTree{}
	if r.graph != nil {
		var buf bytes.Buffer
		if err := r.graph.PrintJSON(&buf); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(buf.Bytes(), &tree); err != nil {
			return nil, err
		}
	}
	for _, f := range r.failures {
		m := map[string]json.RawMessage{}
		for _, a := range analyzers {
			m[a.Name], _ = json.Marshal(map[string]string{"error": f.msg})
		}
		tree[f.pkg] = m
	}
	return tree, nil
}

// runText is a standalone run in text or -json form, with -fix if asked.
func runText(opts *options, stdout, stderr io.Writer) int {
	if opts.fix {
		return runFix(opts, stdout, stderr)
	}
	res, err := analyze(opts, nil)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname, err)
		return exitFailure
	}
	return report(opts, res, nil, stdout, stderr)
}

// report prints res as opts asks and returns the exit code.
func report(opts *options, res *result, overlay map[string][]byte, stdout, stderr io.Writer) int {
	problems := res.reportProblems(stderr, opts.args)
	fs := res.findings()
	if opts.json {
		tree, err := res.jsonTreeOf(opts.analyzers)
		if err == nil {
			err = printJSONTree(stdout, tree)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
	} else {
		printText(stderr, fs, opts.context, res.wd, overlay)
	}
	switch {
	case problems:
		return exitFailure
	case len(fs) > 0 && !opts.json:
		return exitFindings
	}
	return exitOK
}

func printJSONTree(w io.Writer, tree jsonTree) error {
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
