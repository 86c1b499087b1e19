package cli

import (
	"errors"
	"fmt"
	"io"
)

// Exit codes, decided in one place ([exitCode]); docs/mcpgen.md lists
// them and TestExitCodes checks them.
const (
	ExitOK = 0
	// ExitError is any failure that is not one of the below: the go
	// command failed (the mcpwire requirement does not resolve, go mod
	// tidy), a file could not be written.
	ExitError = 1
	// ExitUsage is a bad command line: unknown command, flag or help
	// topic, a bad flag value (module path, mode, package name, an --out
	// directory that does not exist, a --replace-mcpwire that is not a
	// mcpwire checkout), wrong number of arguments.
	ExitUsage = 2
	// ExitStale is `mcpgen verify` finding generated files that are stale,
	// edited by hand, or missing, or no generated file at all.
	ExitStale = 3
	// ExitConflict is `mcpgen new` or `handler` refusing to write because
	// of what is on disk: a file it would write exists and is not its own,
	// or DIR's go.mod is another module's.
	ExitConflict = 4
)

// UsageError is a bad command line. It is printed with a pointer to the
// command's help, not the whole usage, so the error stays the one line to
// read.
type UsageError struct {
	Err error
	// Cmd is the command's path ("mcpgen new"), for the help hint.
	Cmd string
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// ConflictError is a refusal to write over what is on disk.
type ConflictError struct{ Err error }

func (e *ConflictError) Error() string { return e.Err.Error() }
func (e *ConflictError) Unwrap() error { return e.Err }

// StaleError reports generated files that do not match; the details were
// already printed.
type StaleError struct {
	N   int
	Err error // instead of the count, when set
}

func (e *StaleError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
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
	var conflict *ConflictError
	switch {
	case errors.As(err, &usage):
		if usage.Cmd != "" {
			fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", usage.Cmd)
		}
		return ExitUsage
	case errors.As(err, &stale):
		return ExitStale
	case errors.As(err, &conflict):
		return ExitConflict
	}
	return ExitError
}
