package cli

import (
	"errors"
	"fmt"
	"io"
)

// Exit codes, decided in one place ([exitCode]).
const (
	ExitOK = 0
	// ExitError is any failure that is not one of the below.
	ExitError = 1
	// ExitUsage is a bad command line: unknown flag or command, bad flag
	// value, wrong number of arguments. Only these print the usage.
	ExitUsage = 2
	// ExitStale is `mcpgen verify` finding generated files that are stale,
	// edited by hand, or missing.
	ExitStale = 3
)

// UsageError is a bad command line. Its usage text is printed with it.
type UsageError struct {
	Err   error
	Usage string
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// StaleError reports generated files that do not match; the details were
// already printed.
type StaleError struct{ N int }

func (e *StaleError) Error() string {
	return fmt.Sprintf("%d generated file(s) are stale, edited by hand, or missing", e.N)
}

// exitCode maps an error returned by a command to the process exit code and
// reports it on stderr.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	fmt.Fprintln(stderr, "mcpgen:", err)
	var usage *UsageError
	var stale *StaleError
	switch {
	case errors.As(err, &usage):
		if usage.Usage != "" {
			fmt.Fprint(stderr, "\n"+usage.Usage)
		}
		return ExitUsage
	case errors.As(err, &stale):
		return ExitStale
	}
	return ExitError
}
