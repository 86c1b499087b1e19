package corpus

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// Main is scripts/corpus: run from the repository root, it builds mcpvet
// from this checkout, runs it on every module version of the tables and
// prints the scored result. It returns the exit code: 1 when a module
// failed to download or load, or (with -strict) on any false positive or
// unjudged finding; 2 for bad usage.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "corpus", "directory of the *.tsv tables")
	runRE := fs.String("run", "", "only module versions (module@version) matching this regexp")
	analyzerList := fs.String("analyzer", "", "only these analyzers (comma-separated); mcpvet runs only them")
	strict := fs.Bool("strict", false, "exit 1 on any false positive or unjudged finding")
	verbose := fs.Bool("v", false, "list every site and every finding in it, and each module's time")
	mcpvetBin := fs.String("mcpvet", "", "use this mcpvet binary instead of building ./cmd/mcpvet")
	timeout := fs.Duration("timeout", 20*time.Minute, "give up on the whole run after this long")
	prepare := fs.String("prepare", "", "only download each module version and copy it into a new directory under this one; print one line per module version (module@version, the copy, its labelled packages, tab-separated) and run nothing (scripts/bench-mcpvet)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "corpus: unexpected arguments %q\n", fs.Args())
		return 2
	}
	var known []string
	for _, a := range suite.Analyzers() {
		known = append(known, a.Name)
	}
	sites, err := LoadDir(*dir, known)
	if err != nil {
		fmt.Fprintf(stderr, "corpus: %v\n", err)
		return 1
	}
	var only []string
	if *analyzerList != "" {
		only = strings.Split(*analyzerList, ",")
		for _, a := range only {
			if !slices.Contains(known, a) {
				fmt.Fprintf(stderr, "corpus: -analyzer: no analyzer named %q\n", a)
				return 2
			}
		}
	}
	re, err := regexp.Compile(*runRE)
	if err != nil {
		fmt.Fprintf(stderr, "corpus: -run: %v\n", err)
		return 2
	}
	sites = filter(sites, func(s Site) bool {
		return re.MatchString(s.ModVersion()) && (only == nil || slices.Contains(only, s.Analyzer))
	})
	if len(sites) == 0 {
		fmt.Fprintln(stderr, "corpus: no site matches -run and -analyzer")
		return 1
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	tmp, err := os.MkdirTemp("", "mcpwire-corpus-")
	if err != nil {
		fmt.Fprintf(stderr, "corpus: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if *prepare != "" {
		return prepareCopies(ctx, *prepare, sites, stdout, stderr)
	}
	bin := *mcpvetBin
	if bin == "" {
		if bin, err = buildMcpvet(ctx, tmp, stderr); err != nil {
			fmt.Fprintf(stderr, "corpus: %v\n", err)
			return 1
		}
	}

	var findings []Finding
	var fails []string
	for _, mv := range modVersions(sites) {
		start := time.Now()
		got, err := vetModule(ctx, bin, tmp, mv, only, filter(sites, func(s Site) bool { return s.ModVersion() == mv }))
		if err != nil {
			fails = append(fails, fmt.Sprintf("%s: %v", mv, err))
		}
		findings = append(findings, got...)
		if *verbose {
			fmt.Fprintf(stderr, "corpus: %s: %d findings in %s\n", mv, len(got), time.Since(start).Round(time.Millisecond))
		}
	}
	res := Score(sites, findings)
	res.LoadFails = fails
	res.Report(stdout, *verbose)
	if len(fails) > 0 || (*strict && !res.Clean()) {
		return 1
	}
	return 0
}

func vetModule(ctx context.Context, bin, tmp, mv string, only []string, sites []Site) ([]Finding, error) {
	src, gomod, err := Download(ctx, mv)
	if err != nil {
		return nil, err
	}
	work, err := WorkCopy(src, gomod, tmp)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	return Vet(ctx, bin, work, mv, only, Packages(sites))
}

// prepareCopies is -prepare: for each module version of sites, in table
// order, a writable copy under dir (as a scoring run makes) and one line
// "module@version<TAB>copy<TAB>package package..." on stdout, the packages
// being those holding labelled files. The copies are left for the caller.
func prepareCopies(ctx context.Context, dir string, sites []Site, stdout, stderr io.Writer) int {
	for _, mv := range modVersions(sites) {
		src, gomod, err := Download(ctx, mv)
		if err == nil {
			var work string
			if work, err = WorkCopy(src, gomod, dir); err == nil {
				pkgs := Packages(filter(sites, func(s Site) bool { return s.ModVersion() == mv }))
				fmt.Fprintf(stdout, "%s\t%s\t%s\n", mv, work, strings.Join(pkgs, " "))
				continue
			}
		}
		fmt.Fprintf(stderr, "corpus: -prepare: %s: %v\n", mv, err)
		return 1
	}
	return 0
}

// modVersions lists the module versions of sites in table order.
func modVersions(sites []Site) []string {
	var out []string
	for _, s := range sites {
		if !slices.Contains(out, s.ModVersion()) {
			out = append(out, s.ModVersion())
		}
	}
	return out
}

func filter(sites []Site, keep func(Site) bool) []Site {
	var out []Site
	for _, s := range sites {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// buildMcpvet builds ./cmd/mcpvet of this checkout into dir.
func buildMcpvet(ctx context.Context, dir string, stderr io.Writer) (string, error) {
	return buildCommand(ctx, dir, "./cmd/mcpvet", stderr)
}

// buildCommand builds the command at pkg, a package path of this checkout,
// into dir, named as its last element.
func buildCommand(ctx context.Context, dir, pkg string, stderr io.Writer) (string, error) {
	name := path.Base(pkg)
	bin := filepath.Join(dir, name)
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, pkg)
	build.Stdout, build.Stderr = stderr, stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("building %s from this checkout: %v", name, err)
	}
	return bin, nil
}
