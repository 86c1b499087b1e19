// Package mcpvet is the mcpvet command: a go/analysis driver over mcpvet's
// suite of analyzers, with its own help, version, -fix that iterates to a
// fixed point, per-package load errors and a SARIF output.
//
// Under go vet (a single *.cfg argument, -V=full, -flags) it hands the
// command line to x/tools' multichecker unchanged, so go vet's protocol
// and cache keys are exactly x/tools'. Standalone runs are its own driver
// on go/analysis/checker, the public building block the multichecker uses.
//
// It lives under internal/ because its API (Main and the SARIF conversion)
// exists for cmd/mcpvet and for tests; what others build on is the binary
// and the analyzer list in analyzers/suite.
package mcpvet

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// Exit codes of a standalone run; docs/running-mcpvet.md, "Exit codes",
// lists them and e2e_test.go's TestExitCodes checks them. Under go vet,
// go vet decides (1 for findings or failures).
const (
	exitOK       = 0 // no findings; or -json / -format=sarif, which carry findings in their output
	exitFailure  = 1 // a package failed to load, matched nothing, or an analyzer or -fix failed
	exitUsage    = 2 // a bad flag, flag value, combination or help topic
	exitFindings = 3 // findings (text mode), also those left after -fix
)

// options is one standalone command line, parsed.
type options struct {
	format     string // text or sarif
	json       bool
	context    int // -c: lines of context; < 0 none
	fix, diff  bool
	tests      bool
	tags       string
	version    string // -V: "" unset, "true" short, "full" go vet's line
	printVer   bool   // -version
	flags      bool   // -flags
	cpuprofile string // -cpuprofile: write a CPU profile of the run to this file
	analyzers  []*analysis.Analyzer
	args       []string
}

// Main runs mcpvet on os.Args and exits.
func Main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// progname is the name mcpvet prints itself as.
const progname = "mcpvet"

func run(args []string, stdout, stderr io.Writer) int {
	opts, fs, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout, fs)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\nRun '%s help' for usage.\n", progname, err, progname)
		return exitUsage
	}
	switch {
	case opts.version == "full", opts.flags, len(opts.args) == 1 && strings.HasSuffix(opts.args[0], ".cfg"):
		// go vet's protocol: let x/tools answer it from the same command
		// line, so the -V=full cache key and the -flags list are its own.
		if len(opts.args) == 1 {
			suite.SetFactsOnly(vetxOnly(opts.args[0]))
		}
		multichecker.Main(vetNamed(suite.Analyzers())...)
		panic("unreachable: multichecker.Main exits")
	case opts.version == "true", opts.printVer:
		fmt.Fprintln(stdout, versionLine())
		return exitOK
	}
	if len(opts.args) > 0 {
		switch opts.args[0] {
		case "help":
			return help(opts.args[1:], stdout, stderr, fs)
		case "version":
			if len(opts.args) > 1 {
				fmt.Fprintf(stderr, "%s: version takes no arguments\n", progname)
				return exitUsage
			}
			fmt.Fprintln(stdout, versionLine())
			return exitOK
		}
	}
	if len(opts.args) == 0 {
		fmt.Fprintf(stderr, "%s: no packages given (try ./...)\nRun '%s help' for usage.\n", progname, progname)
		return exitUsage
	}
	if opts.cpuprofile != "" {
		stop, err := startCPUProfile(opts.cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitFailure
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			}
		}()
	}
	if opts.format == "sarif" {
		return runSARIF(opts, stdout, stderr)
	}
	return runText(opts, stdout, stderr)
}

// startCPUProfile starts profiling the process into file; stop ends the
// profile and closes the file. Profiling is how the analyzers' cost over
// the type-checking floor is found (scripts/bench-mcpvet measures it).
func startCPUProfile(file string) (stop func() error, err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		return nil
	}, nil
}

// parse parses a standalone command line with a flag set that knows every
// flag mcpvet and go vet's protocol use, so values are parsed as flags
// (-fix=1, --fix, -format sarif) and an unknown flag is an error.
func parse(args []string, stderr io.Writer) (*options, *flag.FlagSet, error) {
	opts := &options{context: -1}
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed by run, in one line
	fs.StringVar(&opts.format, "format", "text", "output `format`: text, or sarif (SARIF 2.1.0 on stdout, for code scanning)")
	fs.BoolVar(&opts.json, "json", false, "print the findings as JSON on stdout (exit 0 with findings)")
	fs.IntVar(&opts.context, "c", -1, "show each finding's line with `N` lines of context")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes, repeating the analysis until no fix applies")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of writing them")
	fs.BoolVar(&opts.tests, "test", true, "also check test files")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build `tags` for loading packages")
	fs.Var((*versionFlag)(&opts.version), "V", "print the version; -V=full prints the line go vet keys its cache on")
	fs.BoolVar(&opts.printVer, "version", false, "print the version")
	fs.BoolVar(&opts.flags, "flags", false, "print, as JSON, the flags go vet may pass on")
	fs.StringVar(&opts.cpuprofile, "cpuprofile", "", "write a CPU profile of the run (load and analysis) to `file`, for go tool pprof")
	// Accepted because go vet passes them on (x/tools lists them in
	// -flags); they change nothing.
	for _, name := range []string{"source", "v", "all"} {
		fs.Bool(name, false, "no effect (go vet compatibility)")
	}

	analyzers := suite.Analyzers()
	enabled := map[*analysis.Analyzer]*triState{}
	for _, a := range analyzers {
		ts := new(triState)
		enabled[a] = ts
		fs.Var(ts, a.Name, fmt.Sprintf("run the %s analyzer (-%s=false: all but it)", a.Name, a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	if err := fs.Parse(args); err != nil {
		return nil, fs, err
	}
	opts.args = fs.Args()

	switch opts.format {
	case "text", "sarif":
	default:
		return nil, fs, fmt.Errorf("invalid value %q for -format: want text or sarif", opts.format)
	}
	if opts.format == "sarif" {
		for _, bad := range []struct {
			name string
			set  bool
		}{{"-fix", opts.fix}, {"-json", opts.json}} {
			if bad.set {
				return nil, fs, fmt.Errorf("-format=sarif cannot be combined with %s", bad.name)
			}
		}
	}
	if opts.diff && !opts.fix {
		return nil, fs, fmt.Errorf("-diff only applies with -fix")
	}
	if opts.diff && opts.json {
		return nil, fs, fmt.Errorf("-diff and -json both write to stdout; use one")
	}

	// x/tools' rule: if any -NAME is true run only those; otherwise, if
	// any -NAME is false, run all but those.
	var only, except []*analysis.Analyzer
	for _, a := range analyzers {
		switch *enabled[a] {
		case setTrue:
			only = append(only, a)
		case setFalse:
			except = append(except, a)
		}
	}
	switch {
	case len(only) > 0:
		opts.analyzers = only
	default:
		opts.analyzers = slices.DeleteFunc(analyzers, func(a *analysis.Analyzer) bool { return slices.Contains(except, a) })
	}
	return opts, fs, nil
}

// triState is an analyzer's enable flag: unset, or set true or false, as
// in x/tools, so "-errclass" and "-errclass=false" select differently.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) String() string {
	if t != nil && *t == setFalse {
		return "false"
	}
	return "true"
}
func (t *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*t = setFalse
	if b {
		*t = setTrue
	}
	return nil
}

// versionFlag is -V: a boolean flag (-V prints the version) that also
// takes go vet's -V=full.
type versionFlag string

func (v *versionFlag) IsBoolFlag() bool { return true }
func (v *versionFlag) String() string   { return string(*v) }
func (v *versionFlag) Set(s string) error {
	switch s {
	case "true", "full":
		*v = versionFlag(s)
		return nil
	}
	return errors.New("want -V or -V=full")
}

// versionLine is what -V, -version and `mcpvet version` print: the module
// version mcpvet was built at (a pseudo-version or (devel) from a
// checkout) and the Go toolchain.
func versionLine() string {
	version, goVersion := "(devel)", "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
	}
	return fmt.Sprintf("%s version %s (github.com/mcpwire/mcpwire, %s)", progname, version, goVersion)
}

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, `%[1]s checks Go code for MCP Streamable HTTP session-wiring bugs.

Usage:
  %[1]s [flags] packages...      check packages (exit 3 on findings)
  %[1]s help [analyzer]          this help, or an analyzer's documentation and flags
  %[1]s version                  the version
  go vet -vettool=$(command -v %[1]s) [flags] packages...
                                 run as go vet's tool (exit 1 on findings)

Analyzers (-NAME runs only the named ones, -NAME=false all but them):
`, progname)
	for _, a := range suite.Analyzers() {
		fmt.Fprintf(w, "  %-18s %s\n", a.Name, title(a))
	}
	fmt.Fprintf(w, "\nFlags:\n")
	analyzerFlag := func(name string) bool {
		for _, a := range suite.Analyzers() {
			if name == a.Name || strings.HasPrefix(name, a.Name+".") {
				return true
			}
		}
		return false
	}
	fs.VisitAll(func(f *flag.Flag) {
		if analyzerFlag(f.Name) || strings.HasPrefix(f.Usage, "no effect") {
			return
		}
		printFlag(w, f)
	})
	fmt.Fprintf(w, `
Exit codes: 0 no findings (or -json, -format=sarif), 1 a package failed to load or
an analyzer failed, 2 bad command line, 3 findings (also those -fix left).
Analyzer flags (-NAME.FLAG=value): '%[1]s help NAME'.
`, progname)
}

// printFlag prints one flag the way the flag package does, name and
// argument on one line, usage indented below.
func printFlag(w io.Writer, f *flag.Flag) {
	arg, text := flag.UnquoteUsage(f)
	if arg != "" {
		arg = " " + arg
	}
	fmt.Fprintf(w, "  -%s%s\n    \t%s", f.Name, arg, text)
	// As the flag package does: a boolean's default is shown when it is
	// true (-test), so the help says what -test=false turns off.
	if f.DefValue != "" && f.DefValue != "false" {
		fmt.Fprintf(w, " (default %s)", f.DefValue)
	}
	fmt.Fprintln(w)
}

// title is an analyzer's one-line summary: its Doc's first line without
// the "name: " prefix x/tools style puts there.
func title(a *analysis.Analyzer) string {
	t, _, _ := strings.Cut(a.Doc, "\n")
	return strings.TrimPrefix(t, a.Name+": ")
}

// help prints the overview, or for each named analyzer its whole Doc, its
// flags (as -NAME.FLAG) and its URL.
func help(names []string, stdout, stderr io.Writer, fs *flag.FlagSet) int {
	if len(names) == 0 {
		usage(stdout, fs)
		return exitOK
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range suite.Analyzers() {
		byName[a.Name] = a
	}
	for _, name := range names {
		if byName[name] == nil {
			var known []string
			for _, a := range suite.Analyzers() {
				known = append(known, a.Name)
			}
			fmt.Fprintf(stderr, "%s: no analyzer %q (analyzers: %s)\n", progname, name, strings.Join(known, ", "))
			return exitUsage
		}
	}
	for i, name := range names {
		a := byName[name]
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintln(stdout, strings.TrimSpace(a.Doc))
		first := true
		a.Flags.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprintf(stdout, "\nFlags:\n")
				first = false
			}
			printFlag(stdout, fs.Lookup(a.Name+"."+f.Name))
		})
		if a.URL != "" {
			fmt.Fprintf(stdout, "\nMore: %s\n", a.URL)
		}
	}
	return exitOK
}

// relPath shortens an absolute file name to one relative to the working
// directory when it is below it, as go vet prints positions.
func relPath(wd, file string) string {
	if wd == "" || !filepath.IsAbs(file) {
		return file
	}
	if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// vetxOnly reports whether go vet's unit config at path asks for facts
// only: a dependency of the checked packages, whose findings go vet drops.
// A config that cannot be read is left to x/tools to report.
func vetxOnly(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var cfg struct{ VetxOnly bool }
	return json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly
}
