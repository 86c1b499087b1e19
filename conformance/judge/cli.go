package judge

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Main is the judge command: conformance/run calls it after the suite runs.
//
//	judge -expected conformance/expected-failures.yaml \
//	      -run 2025-11-25=OUTDIR[:LISTING] -run 2026-07-28=OUTDIR[:LISTING] ...
//
// LISTING is a file holding the suite's `conformance list --server ...` output for that run; every
// scenario in it must have results. It returns the process exit code: 0 pass, 1 fail, 2 usage.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	expectedPath := fs.String("expected", "", "expected-failures file")
	var specs []string
	fs.Func("run", "NAME=OUTDIR[:LISTING], repeatable", func(s string) error {
		if !strings.Contains(s, "=") {
			return fmt.Errorf("want NAME=OUTDIR[:LISTING]")
		}
		specs = append(specs, s)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *expectedPath == "" || len(specs) == 0 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: judge -expected FILE -run NAME=OUTDIR[:LISTING] ...")
		return 2
	}
	f, err := os.Open(*expectedPath)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	expectations, err := ParseExpectations(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", *expectedPath, err)
		return 1
	}
	var runs []Run
	for _, spec := range specs {
		name, rest, _ := strings.Cut(spec, "=")
		dir, listing, _ := strings.Cut(rest, ":")
		run := Run{Name: name}
		if run.Scenarios, err = LoadRun(dir); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if listing != "" {
			text, err := os.ReadFile(listing)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			if run.Want = ParseListing(string(text)); len(run.Want) == 0 {
				fmt.Fprintf(stderr, "%s: no server scenarios listed\n", listing)
				return 1
			}
		}
		if len(run.Scenarios) == 0 {
			fmt.Fprintf(stderr, "%s: the suite wrote no results\n", dir)
			return 1
		}
		runs = append(runs, run)
	}
	rep := Judge(runs, expectations)
	rep.Write(stdout)
	if !rep.OK() {
		return 1
	}
	return 0
}
