// Package mcpvet is the mcpvet command: the x/tools multichecker over
// mcpvet's suite of analyzers, plus a SARIF output the multichecker lacks.
//
// It lives under internal/ because its API (Main and the SARIF conversion)
// exists for cmd/mcpvet and for tests; what others build on is the binary
// and the analyzer list in analyzers/suite.
package mcpvet

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcpwire/mcpwire/analyzers/suite"
)

// Exit codes. The multichecker and go vet decide most of them; mcpvet adds
// only the SARIF mode's.
const (
	exitOK       = 0 // no findings; or -json / -format=sarif, which report findings in their output
	exitFailure  = 1 // packages failed to load or an analyzer failed; under go vet, also any finding
	exitUsage    = 2 // a flag mcpvet does not understand
	exitFindings = 3 // standalone text mode found something
)

// Main runs mcpvet on os.Args and exits.
func Main() {
	progname := filepath.Base(os.Args[0])
	format, rest, err := splitFormat(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
		os.Exit(exitUsage)
	}
	switch format {
	case "sarif":
		os.Exit(runSARIF(progname, rest, os.Stdout, os.Stderr))
	default: // text, which the multichecker writes, or its own -json
		flag.CommandLine.Usage = func() { usage(progname) }
		os.Args = append(os.Args[:1], rest...)
		multichecker.Main(suite.Analyzers()...)
	}
}

// splitFormat takes mcpvet's own -format flag out of args, leaving the rest
// for the multichecker. -format is not registered with the flag package on
// purpose: `mcpvet -flags` tells go vet which flags it may pass on, and SARIF
// is for standalone runs only.
func splitFormat(args []string) (format string, rest []string, err error) {
	format = "text"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "format" {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return "", nil, fmt.Errorf("flag needs an argument: -format")
			}
			i++
			value = args[i]
		}
		format = value
	}
	switch format {
	case "text", "sarif":
		return format, rest, nil
	}
	return "", nil, fmt.Errorf("invalid value %q for -format: want text or sarif", format)
}

func usage(progname string) {
	fmt.Fprintf(os.Stderr, `%[1]s checks Go code for MCP Streamable HTTP session-wiring bugs.

Usage:
  %[1]s [flags] packages...                   standalone (exit 3 on findings)
  go vet -vettool=$(command -v %[1]s) packages  as go vet's tool (exit 1 on findings)
  %[1]s help [analyzer]                       the analyzers and their flags

  -format string
    	text (default) or sarif: SARIF 2.1.0 on stdout, for code scanning (standalone only)
`, progname)
	flag.PrintDefaults()
}
