package mcpvet

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/rogpeppe/go-internal/diff"
	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/ignoredirective"
	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// maxFixRounds bounds -fix's analyse-and-apply rounds. One fix may enable
// another (a status fix makes the matching JSON-RPC code a finding with its
// own fix) and conflicting fixes wait for the next round, so a handful of
// rounds reach the fixed point; the bound stops a fix that never removes
// its own finding.
const maxFixRounds = 8

// edit is one text edit of a suggested fix, as byte offsets in a file.
type edit struct {
	start, end int
	new        string
}

// runFix applies every suggested fix it can, then analyses again, until a
// round applies nothing: fixes that conflict with one applied in the same
// round (overlapping edits) are re-reported and applied in the next. All
// rounds work on an overlay of the changed files; the files are written
// (or, with -diff, diffed) only at the end, so a run that fails leaves
// them as they were. It prints "applied N fixes; K findings remain" and
// the K findings, and exits 3 when K > 0.
func runFix(opts *options, stdout, stderr io.Writer) int {
	overlay := map[string][]byte{}  // fixed content of every file changed so far
	original := map[string][]byte{} // on-disk content of those files
	applied := 0
	// states holds every overlay state reached, to stop when fixes of two
	// analyzers undo each other (one's 404 is the other's finding).
	states := map[[sha256.Size]byte]bool{stateOf(overlay): true}
	var res *result
	for round := 1; ; round++ {
		var err error
		if res, err = analyze(opts, overlay); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
		if round > maxFixRounds {
			fmt.Fprintf(stderr, "%s: stopped after %d rounds of fixes; some fix does not remove its finding\n", progname, maxFixRounds)
			break
		}
		n, err := applyFixes(res.findings(), overlay, original)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
		if n == 0 {
			break
		}
		applied += n
		if st := stateOf(overlay); states[st] {
			fmt.Fprintf(stderr, "%s: fixes undo each other; stopped where they started repeating\n", progname)
			if res, err = analyze(opts, overlay); err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", progname, err)
				return exitFailure
			}
			break
		} else {
			states[st] = true
		}
	}

	problems := res.reportProblems(stderr, opts.args)
	for _, file := range slices.Sorted(maps.Keys(overlay)) {
		if bytes.Equal(overlay[file], original[file]) {
			continue
		}
		if opts.diff {
			name := relPath(res.wd, file)
			stdout.Write(diff.Diff(name+" (old)", original[file], name+" (new)", overlay[file]))
			continue
		}
		// os.WriteFile keeps the file's mode and owner, which a rename over
		// it would not.
		if err := os.WriteFile(file, overlay[file], 0o644); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
	}
	remaining := res.findings()
	verb, remain := "applied", "remain"
	if len(remaining) == 1 {
		remain = "remains"
	}
	if opts.diff {
		verb, remain = "would apply", "would remain"
	}
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
		printText(stderr, remaining, opts.context, res.wd, overlay)
	}
	fmt.Fprintf(stderr, "%s: %s %s; %s %s\n", progname, verb, plural(applied, "fix", "fixes"), plural(len(remaining), "finding", "findings"), remain)
	switch {
	case problems:
		return exitFailure
	case len(remaining) > 0:
		return exitFindings
	}
	return exitOK
}

// stateOf hashes the content of every file in overlay.
func stateOf(overlay map[string][]byte) [sha256.Size]byte {
	h := sha256.New()
	for _, file := range slices.Sorted(maps.Keys(overlay)) {
		fmt.Fprintf(h, "%s\x00%d\x00", file, len(overlay[file]))
		h.Write(overlay[file])
	}
	return [sha256.Size]byte(h.Sum(nil))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// protected reports whether a directive (also a misspelled or malformed
// one, which ignoredirective may be correcting in this very round) covers a
// line te edits for analyzer: -fix leaves such lines as their author kept
// them.
func protected(fset *token.FileSet, file *ast.File, te analysis.TextEdit, analyzer string) bool {
	end := te.End
	if !end.IsValid() {
		end = te.Pos
	}
	var known []string
	for _, a := range suite.Analyzers() {
		known = append(known, a.Name)
	}
	for line := fset.Position(te.Pos).Line; line <= fset.Position(end).Line; line++ {
		if ignoredirective.Protects(fset, file, line, analyzer, known) {
			return true
		}
	}
	return false
}

// applyFixes applies, to overlay, the first suggested fix of each finding
// whose edits do not overlap an edit already taken this round (an identical
// edit, such as the same import added twice, is taken once), skipping
// fixes that touch generated files. It records the on-disk content of each
// file it changes for the first time in original, and returns how many
// fixes it applied.
func applyFixes(findings []finding, overlay, original map[string][]byte) (int, error) {
	taken := map[string][]edit{} // file → edits accepted this round
	content := func(file string) ([]byte, error) {
		if data, ok := overlay[file]; ok {
			return data, nil
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		original[file] = data
		overlay[file] = data
		return data, nil
	}
	applied := 0
fixes:
	for _, f := range findings {
		if len(f.diag.SuggestedFixes) == 0 {
			continue
		}
		fset := f.act.Package.Fset
		byFile := map[string][]edit{}
		for _, te := range f.diag.SuggestedFixes[0].TextEdits {
			tf := fset.File(te.Pos)
			if tf == nil {
				continue fixes
			}
			for _, syn := range f.act.Package.Syntax {
				if fset.File(syn.FileStart) != tf {
					continue
				}
				if ast.IsGenerated(syn) {
					continue fixes // regenerate such files instead
				}
				if f.analyzer != ignoredirective.Name && protected(fset, syn, te, f.analyzer) {
					continue fixes
				}
			}
			data, err := content(tf.Name())
			if err != nil {
				return applied, err
			}
			if tf.Size() != len(data) {
				return applied, fmt.Errorf("%s changed while mcpvet ran; no fix written", tf.Name())
			}
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			byFile[tf.Name()] = append(byFile[tf.Name()], edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
		}
		if len(byFile) == 0 {
			continue
		}
		fresh := false
		for file, edits := range byFile {
			for _, e := range edits {
				for _, t := range taken[file] {
					if t == e {
						continue
					}
					// Edits that overlap or touch would apply in an
					// order-dependent way; the fix waits a round.
					if max(e.start, t.start) <= min(e.end, t.end) {
						continue fixes
					}
				}
			}
		}
		for file, edits := range byFile {
			for _, e := range edits {
				if !slices.Contains(taken[file], e) {
					taken[file] = append(taken[file], e)
					fresh = true
				}
			}
		}
		if fresh {
			applied++
		}
	}
	for file, edits := range taken {
		slices.SortFunc(edits, func(a, b edit) int { return cmp.Compare(a.start, b.start) })
		old := overlay[file]
		var buf bytes.Buffer
		last := 0
		for _, e := range edits {
			buf.Write(old[last:e.start])
			buf.WriteString(e.new)
			last = e.end
		}
		buf.Write(old[last:])
		out := buf.Bytes()
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
		overlay[file] = out
	}
	return applied, nil
}
