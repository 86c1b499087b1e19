package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// FieldMain is scripts/field-corpus: run from the repository root, it
// builds mcpvet from this checkout, runs it on the packages of each
// repository that hold labelled files (in a writable copy of the
// repository's checkout) and prints one summary line per split. It returns
// the exit code: 1 when the table is bad or nothing could be run, 2 for bad
// usage. A repository that fails to load is counted in the line's
// load-errors, and its FLAG sites are misses.
func FieldMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("field-corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	labels := fs.String("labels", "corpus/field/labels.tsv", "the field table")
	judgedFile := fs.String("judged", "corpus/field/judged.tsv", "the findings judged after a run (same columns; \"\" reads none)")
	secondFile := fs.String("second", "corpus/field/second.tsv", "a second blind reading of the labelled sites (same columns; \"\" reads none): prints agreement and recall on the sites both readings call FLAG")
	checkouts := fs.String("checkouts", "", "directory holding one extracted tree per repository, named OWNER+NAME (required)")
	splitList := fs.String("split", "study,score", "the splits to run, comma-separated")
	runRE := fs.String("run", "", "only repositories (OWNER/NAME) matching this regexp")
	verbose := fs.Bool("v", false, "list every site and every finding in it, and each repository's time")
	mcpvetBin := fs.String("mcpvet", "", "use this mcpvet binary instead of building ./cmd/mcpvet")
	timeout := fs.Duration("timeout", 40*time.Minute, "give up on the whole run after this long")
	importers := fs.Bool("importers", false, "also run mcpvet on each module's packages that import a labelled package, as `mcpvet ./...` would: a helper's finding reported at its caller in another package then counts at the helper's site; their load failures are not counted")
	jobs := fs.Int("j", 1, "repositories run at once (a cold module cache makes a run wait on downloads more than on cores)")
	perception := fs.Bool("perception", false, "measure the httpanswers model instead of the checks: answers it records inside errcode and sessionstatus sites (with -v, the study half's FLAG sites where it records none; the score half's are never listed)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *checkouts == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: field-corpus -checkouts DIR [-labels FILE] [-judged FILE] [-split study,score] [-run REGEXP] [-j N] [-v]")
		return 2
	}
	if *jobs < 1 {
		fmt.Fprintf(stderr, "field-corpus: -j: %d is not a positive number of repositories\n", *jobs)
		return 2
	}
	splits := strings.Split(*splitList, ",")
	for _, s := range splits {
		if s != "study" && s != "score" {
			fmt.Fprintf(stderr, "field-corpus: -split: %q is neither study nor score\n", s)
			return 2
		}
	}
	re, err := regexp.Compile(*runRE)
	if err != nil {
		fmt.Fprintf(stderr, "field-corpus: -run: %v\n", err)
		return 2
	}
	if *labels == "" {
		fmt.Fprintln(stderr, "field-corpus: -labels: a table is required")
		return 2
	}
	all, err := parseFieldFile(*labels)
	if err != nil {
		fmt.Fprintf(stderr, "field-corpus: %v\n", err)
		return 1
	}
	judgedAll, err := parseFieldFile(*judgedFile)
	if err != nil {
		fmt.Fprintf(stderr, "field-corpus: %v\n", err)
		return 1
	}
	secondAll, err := parseFieldFile(*secondFile)
	if err != nil {
		fmt.Fprintf(stderr, "field-corpus: %v\n", err)
		return 1
	}
	var known []string
	for _, a := range suite.Analyzers() {
		known = append(known, a.Name)
	}
	analyzers := fieldAnalyzers(known)
	if *perception {
		analyzers = nil
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	tmp, err := os.MkdirTemp("", "mcpwire-field-")
	if err != nil {
		fmt.Fprintf(stderr, "field-corpus: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	bin := *mcpvetBin
	if bin == "" {
		build := buildMcpvet
		if *perception {
			build = buildModelDump
		}
		if bin, err = build(ctx, tmp, stderr); err != nil {
			fmt.Fprintf(stderr, "field-corpus: %v\n", err)
			return 1
		}
	}

	for _, split := range splits {
		var sites []FieldSite
		for _, s := range all {
			if s.Split == split && re.MatchString(s.Repo) {
				sites = append(sites, s)
			}
		}
		var plain []Site
		repos := fieldRepos(sites)
		results := make([]repoRun, len(repos))
		for i, repo := range repos {
			for _, s := range sites {
				if s.ModVersion() == repo {
					results[i].sites = append(results[i].sites, s.Site)
				}
			}
			plain = append(plain, results[i].sites...)
		}
		next := make(chan int)
		var wg sync.WaitGroup
		var logMu sync.Mutex
		for range min(*jobs, len(repos)) {
			wg.Go(func() {
				for i := range next {
					start := time.Now()
					results[i].findings, results[i].fails = vetCheckout(ctx, bin, tmp, *checkouts, repos[i], analyzers, results[i].sites, *importers)
					if *verbose {
						logMu.Lock()
						fmt.Fprintf(stderr, "field-corpus: %s: %d findings in %s\n", repos[i], len(results[i].findings), time.Since(start).Round(time.Millisecond))
						logMu.Unlock()
					}
				}
			})
		}
		for i := range repos {
			next <- i
		}
		close(next)
		wg.Wait()
		// Merged in table order, whatever order the repositories ended in.
		var findings []Finding
		var fails []string
		for _, r := range results {
			findings = append(findings, r.findings...)
			fails = append(fails, r.fails...)
		}
		if *perception {
			Perceive(sites, findings).Report(stdout, split, *verbose && split == "study")
			continue
		}
		res := Score(plain, findings)
		res.LoadFails = fails
		if *judgedFile != "" {
			res.Judged(splitSites(judgedAll, split, re.MatchString))
		}
		if *verbose {
			res.ReportSites(stdout, true)
		}
		fmt.Fprintln(stdout, FieldSummary(split, res))
		fmt.Fprintln(stdout, ByAnalyzer(split, res))
		if *secondFile != "" {
			fmt.Fprintln(stdout, res.Second(splitSites(secondAll, split, re.MatchString)).Summary(split))
		}
	}
	return 0
}

// parseFieldFile reads a field table from a file; "" reads none.
func parseFieldFile(name string) ([]FieldSite, error) {
	if name == "" {
		return nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseField(f, name)
}

// buildModelDump builds the modeldump command (the httpanswers model's
// answers as diagnostics) from this checkout.
func buildModelDump(ctx context.Context, dir string, stderr io.Writer) (string, error) {
	return buildCommand(ctx, dir, "./analyzers/internal/modeldump/cmd/modeldump", stderr)
}

// repoRun is one repository's labelled sites and what mcpvet found there.
type repoRun struct {
	sites    []Site
	findings []Finding
	fails    []string
}

// fieldRepos are the distinct repo@commit of sites, in table order.
func fieldRepos(sites []FieldSite) []string {
	var out []string
	for _, s := range sites {
		if !slices.Contains(out, s.ModVersion()) {
			out = append(out, s.ModVersion())
		}
	}
	return out
}

// vetCheckout copies the checkout of repo (OWNER/NAME@commit) into tmp and
// runs mcpvet in each Go module holding labelled files, on the packages
// holding them. It returns the findings, placed relative to the
// repository root, and one message per failure.
func vetCheckout(ctx context.Context, bin, tmp, checkouts, repo string, analyzers []string, sites []Site, importers bool) ([]Finding, []string) {
	name, _, _ := strings.Cut(repo, "@")
	src := filepath.Join(checkouts, strings.Replace(name, "/", "+", 1))
	if _, err := os.Stat(src); err != nil {
		return nil, []string{fmt.Sprintf("%s: no checkout: %v", repo, err)}
	}
	work, err := os.MkdirTemp(tmp, "repo-")
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: %v", repo, err)}
	}
	defer os.RemoveAll(work)
	if err := copyTree(src, work); err != nil {
		return nil, []string{fmt.Sprintf("%s: copy: %v", repo, err)}
	}
	// Each labelled file belongs to the module of the nearest go.mod above
	// it; each module is one mcpvet run on its labelled packages.
	type mod struct {
		pkgs  []string
		tests bool
	}
	mods := map[string]*mod{}
	var roots, fails []string
	for _, s := range sites {
		root, ok := moduleRoot(work, path.Dir(s.File))
		if !ok {
			msg := fmt.Sprintf("%s: %s is in no Go module", repo, s.File)
			if !slices.Contains(fails, msg) {
				fails = append(fails, msg)
			}
			continue
		}
		m := mods[root]
		if m == nil {
			m = &mod{}
			mods[root] = m
			roots = append(roots, root)
		}
		rel, _ := filepath.Rel(filepath.Join(work, filepath.FromSlash(root)), filepath.Join(work, filepath.FromSlash(path.Dir(s.File))))
		p := "./" + filepath.ToSlash(rel)
		if rel == "." {
			p = "."
		}
		if !slices.Contains(m.pkgs, p) {
			m.pkgs = append(m.pkgs, p)
		}
		m.tests = m.tests || strings.HasSuffix(s.File, "_test.go")
	}
	var findings []Finding
	for _, root := range roots {
		m := mods[root]
		dir := filepath.Join(work, filepath.FromSlash(root))
		got, errs := vetLenient(ctx, bin, dir, work, repo, analyzers, m.pkgs, m.tests)
		if len(errs) > 0 && len(m.pkgs) > 1 {
			// One broken package must not hide the others' findings.
			got, errs = nil, nil
			for _, p := range m.pkgs {
				g, e := vetLenient(ctx, bin, dir, work, repo, analyzers, []string{p}, m.tests)
				got, errs = append(got, g...), append(errs, e...)
			}
		}
		findings = append(findings, got...)
		fails = append(fails, errs...)
		if importers {
			if more := importersOf(ctx, dir, m.pkgs); len(more) > 0 {
				// Their own load failures are not the labelled
				// packages': a caller that does not load adds nothing.
				got, _ := vetLenient(ctx, bin, dir, work, repo, analyzers, more, false)
				findings = append(findings, got...)
			}
		}
	}
	return findings, fails
}

// importersOf lists, as ./relative patterns, the packages of the module
// in dir that import one of pkgs (themselves not among them): the callers
// `mcpvet ./...` would also judge.
func importersOf(ctx context.Context, dir string, pkgs []string) []string {
	list := func(args ...string) []string {
		cmd := exec.CommandContext(ctx, "go", append([]string{"list", "-e"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), Env...)
		out, err := cmd.Output()
		if err != nil {
			return nil
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	labelled := map[string]bool{}
	for _, p := range list(append([]string{"-f", "{{.ImportPath}}"}, pkgs...)...) {
		labelled[p] = true
	}
	var out []string
	for _, line := range list("-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Imports \" \"}}", "./...") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || labelled[f[0]] {
			continue
		}
		for _, imp := range strings.Fields(f[2]) {
			if labelled[imp] {
				if rel, err := filepath.Rel(dir, f[1]); err == nil && !strings.HasPrefix(rel, "..") {
					out = append(out, "./"+filepath.ToSlash(rel))
				}
				break
			}
		}
	}
	return out
}

// moduleRoot is the slash-separated directory, relative to work, of the
// nearest go.mod at or above dir.
func moduleRoot(work, dir string) (string, bool) {
	for {
		if _, err := os.Stat(filepath.Join(work, filepath.FromSlash(dir), "go.mod")); err == nil {
			return dir, true
		}
		if dir == "." || dir == "/" || dir == "" {
			return "", false
		}
		dir = path.Dir(dir)
	}
}

// vetLenient runs mcpvet -json in dir on pkgs and keeps every diagnostic it
// printed, even when a package failed to load (that failure is returned as
// a message, once per package and analyzer error). Findings outside root
// (in a dependency) are dropped.
func vetLenient(ctx context.Context, bin, dir, root, repo string, analyzers, pkgs []string, tests bool) ([]Finding, []string) {
	args := []string{"-json", fmt.Sprintf("-test=%t", tests)}
	for _, a := range analyzers {
		args = append(args, "-"+a)
	}
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil {
		msg := fmt.Sprintf("%s: mcpvet %s in %s: %v", repo, strings.Join(pkgs, " "), dir, runErr)
		if runErr == nil {
			msg = fmt.Sprintf("%s: mcpvet -json output: %v", repo, err)
		}
		return nil, []string{msg + ": " + tail(stderr.String(), 5)}
	}
	findings, fails := placeFindings(tree, root, repo, true)
	fails = perPackage(fails, analyzers)
	for i := range fails {
		fails[i] = repo + ": " + oneLine(fails[i])
	}
	if runErr != nil && len(fails) == 0 {
		fails = append(fails, fmt.Sprintf("%s: mcpvet %s: %v: %s", repo, strings.Join(pkgs, " "), runErr, tail(stderr.String(), 5)))
	}
	slices.Sort(fails)
	return findings, slices.Compact(fails)
}

// perPackage merges the failures of one package that several analyzers
// report alike ("pkg: errclass: err", "pkg: sessionstatus: err": the
// package did not load) into one, "pkg: errclass, sessionstatus: err", so
// that load-errors counts packages, not packages times analyzers.
func perPackage(fails, analyzers []string) []string {
	type key struct{ pkg, err string }
	var order []key
	names := map[key][]string{}
	var out []string
	for _, f := range fails {
		parts := strings.SplitN(f, ": ", 3)
		if len(parts) != 3 || !slices.Contains(analyzers, parts[1]) {
			out = append(out, f)
			continue
		}
		k := key{parts[0], oneLine(parts[2])}
		if names[k] == nil {
			order = append(order, k)
		}
		names[k] = append(names[k], parts[1])
	}
	for _, k := range order {
		slices.Sort(names[k])
		out = append(out, k.pkg+": "+strings.Join(names[k], ", ")+": "+k.err)
	}
	return out
}

// oneLine keeps the first line of a load error.
func oneLine(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return first
}

// copyTree copies the regular files and directories of src into dst,
// skipping symbolic links and other irregular files (os.CopyFS refuses
// them, and an extracted repository may hold some).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(target, b, 0o644)
		}
		return nil
	})
}
