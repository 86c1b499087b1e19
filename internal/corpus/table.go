// Package corpus scores mcpvet on real code: a table of labelled sites in
// public Go modules at pinned versions (corpus/*.tsv), the findings mcpvet
// prints on those modules, and one summary line. See corpus/README.md for
// the table format and how to label a site.
package corpus

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Label is a site's verdict: what mcpvet should say there.
type Label string

const (
	// Flag: a real bug of a class the analyzer checks; a finding is a hit,
	// its absence a miss.
	Flag Label = "FLAG"
	// OK: code that looks like the bug but is correct; any finding of the
	// analyzer here is a false positive.
	OK Label = "OK"
	// Border: debatable; findings here are neither scored nor unjudged.
	Border Label = "BORDER"
)

// Site is one labelled line range of one file in one module version.
type Site struct {
	Module   string // module path
	Version  string // a tagged version the module proxy serves
	File     string // slash-separated path relative to the module root
	From, To int    // 1-based line range, inclusive
	Analyzer string // from the table's file name
	// Also are further analyzers whose findings count in the site (a
	// field site's class may be served by more than one).
	Also   []string
	Label  Label
	Reason string

	Table string // table file and line, for messages
}

// ModVersion is "module@version".
func (s Site) ModVersion() string { return s.Module + "@" + s.Version }

func (s Site) String() string {
	return fmt.Sprintf("%s %s %s:%d-%d", s.Analyzer, s.ModVersion(), s.File, s.From, s.To)
}

// Contains reports whether a finding at file:line of analyzer falls in s.
func (s Site) Contains(analyzer, file string, line int) bool {
	return (s.Analyzer == analyzer || slices.Contains(s.Also, analyzer)) && s.File == file && s.From <= line && line <= s.To
}

// columns of a table row, tab-separated.
const columns = 6 // module, version, file, lines, label, reason

// ParseTable reads one table. analyzer is the analyzer every row is about
// (the table's file name says it, so a row cannot name the wrong one);
// name is used in error messages. Blank lines and lines starting with '#'
// are skipped.
func ParseTable(r io.Reader, analyzer, name string) ([]Site, error) {
	var sites []Site
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		f := strings.Split(line, "\t")
		if len(f) != columns {
			return nil, fmt.Errorf("%s: %d tab-separated columns, want %d (module, version, file, lines, label, reason)", where, len(f), columns)
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		s := Site{Module: f[0], Version: f[1], File: f[2], Analyzer: analyzer, Label: Label(f[4]), Reason: f[5], Table: where}
		if err := module.Check(s.Module, s.Version); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		// The proxy serves tagged releases reliably; a pseudo-version names a
		// commit that may not be served and is not a release anyone ran.
		if module.IsPseudoVersion(s.Version) || semver.Canonical(s.Version) == "" {
			return nil, fmt.Errorf("%s: version %q is not a tagged release", where, s.Version)
		}
		if s.File == "" || path.IsAbs(s.File) || path.Clean(s.File) != s.File || strings.HasPrefix(s.File, "../") || strings.Contains(s.File, `\`) {
			return nil, fmt.Errorf("%s: file %q is not a clean slash-separated path inside the module", where, s.File)
		}
		if !strings.HasSuffix(s.File, ".go") {
			return nil, fmt.Errorf("%s: file %q is not a .go file", where, s.File)
		}
		from, to, err := parseLines(f[3])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		s.From, s.To = from, to
		switch s.Label {
		case Flag, OK, Border:
		default:
			return nil, fmt.Errorf("%s: label %q, want FLAG, OK or BORDER", where, f[4])
		}
		if s.Reason == "" {
			return nil, fmt.Errorf("%s: a site needs its one sentence of reasoning", where)
		}
		for _, o := range sites {
			if o.ModVersion() == s.ModVersion() && o.File == s.File && o.From <= s.To && s.From <= o.To {
				return nil, fmt.Errorf("%s: lines %d-%d overlap the site at %s", where, s.From, s.To, o.Table)
			}
		}
		sites = append(sites, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return sites, nil
}

// parseLines parses "12" or "12-30".
func parseLines(s string) (from, to int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || from < 1 || to < from {
		return 0, 0, fmt.Errorf("lines %q, want N or N-M with 1 <= N <= M", s)
	}
	return from, to, nil
}

// LoadDir reads every *.tsv table in dir; a table's base name is its
// analyzer, which must be one of known.
func LoadDir(dir string, known []string) ([]Site, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.tsv tables in %s", dir)
	}
	var all []Site
	for _, file := range files {
		analyzer := strings.TrimSuffix(filepath.Base(file), ".tsv")
		if !slices.Contains(known, analyzer) {
			return nil, fmt.Errorf("%s: no analyzer named %q (known: %s)", file, analyzer, strings.Join(known, ", "))
		}
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		sites, err := ParseTable(f, analyzer, filepath.Join(filepath.Base(dir), filepath.Base(file)))
		f.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, sites...)
	}
	return all, nil
}
