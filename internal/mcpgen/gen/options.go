// Package gen writes the handler wiring that mcpgen generates — the user's
// names over runtime/mcphttp, which holds the handler itself — and the test
// file that proves it, with jennifer. It is pure: options in, gofmt'd source
// out, byte-identical for identical options, so that `mcpgen verify` can
// regenerate a file and compare.
package gen

import (
	"errors"
	"fmt"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// Mode selects which protocol eras the generated handler serves.
type Mode string

const (
	// ModeHybrid serves both eras on one endpoint: 2026-07-28 requests
	// statelessly through go-sdk, everything else through sessions.
	ModeHybrid Mode = "hybrid"
	// ModeLegacy serves sessions only (2025-03-26 … 2025-11-25); a
	// 2026-07-28 request is refused as an unsupported revision, so that a
	// client probing for it falls back to initialize.
	ModeLegacy Mode = "legacy"
	// ModeModern serves every request statelessly through go-sdk; there are
	// no sessions.
	ModeModern Mode = "modern"
)

// Modes lists the modes in the order the CLI documents and completes them.
var Modes = []Mode{ModeHybrid, ModeLegacy, ModeModern}

// ParseMode returns the Mode named s.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown mode %q (want one of %s)", s, ModeNames())
}

// ModeNames lists the valid mode names, for messages and completions.
func ModeNames() string {
	names := make([]string, len(Modes))
	for i, m := range Modes {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}

// Sessions reports whether m keeps legacy sessions.
func (m Mode) Sessions() bool { return m != ModeModern }

// Modern reports whether m serves 2026-07-28 requests.
func (m Mode) Modern() bool { return m != ModeLegacy }

// Config are everything a generated file depends on. They are written into
// the file's header (see [Config.Args]) so that `mcpgen verify` can
// regenerate it without being told how it was made.
type Config struct {
	// Package is the Go package name of the generated files.
	Package string
	// Mode selects the eras served; empty means hybrid.
	Mode Mode
	// Out is the base name of the handler file, for example
	// "mcphandler_gen.go"; its test is the same name with "_test.go".
	Out string
	// NoTest omits the generated test file.
	NoTest bool
	// State names the per-session state type (--state); a type marked
	// //mcpgen:state in the package does without it.
	State string
	// Declared are the declarations read from the package by [Resolve]; not
	// part of the header, since the package itself says them.
	Declared Declared
}

// DefaultOut is the handler file name mcpgen uses unless told otherwise.
const DefaultOut = "mcphandler_gen.go"

// ErrInvalidOptions is wrapped by every error [Config.Validate] returns.
var ErrInvalidOptions = errors.New("invalid options")

// Normalize fills defaults: hybrid mode and [DefaultOut].
func (o Config) Normalize() Config {
	if o.Mode == "" {
		o.Mode = ModeHybrid
	}
	if o.Out == "" {
		o.Out = DefaultOut
	}
	return o
}

// Validate reports the first thing wrong with o, naming the option.
func (o Config) Validate() error {
	o = o.Normalize()
	if o.Package == "" {
		return fmt.Errorf("%w: --package is required", ErrInvalidOptions)
	}
	if !token.IsIdentifier(o.Package) || o.Package == "_" {
		return fmt.Errorf("%w: --package %q is not a Go package name", ErrInvalidOptions, o.Package)
	}
	if _, err := ParseMode(string(o.Mode)); err != nil {
		return fmt.Errorf("%w: --mode: %v", ErrInvalidOptions, err)
	}
	if o.State != "" && (!token.IsIdentifier(o.State) || o.State == "_") {
		return fmt.Errorf("%w: --state %q is not a Go type name", ErrInvalidOptions, o.State)
	}
	if o.State != "" && !o.Mode.Sessions() {
		return fmt.Errorf("%w: --state needs sessions: --mode=hybrid or --mode=legacy", ErrInvalidOptions)
	}
	if o.Out != path.Base(o.Out) || !strings.HasSuffix(o.Out, ".go") || strings.HasSuffix(o.Out, "_test.go") {
		return fmt.Errorf("%w: --out %q must be a file name ending in .go (not _test.go)", ErrInvalidOptions, o.Out)
	}
	return nil
}

// TestOut is the name of the generated test file beside Out.
func (o Config) TestOut() string {
	o = o.Normalize()
	return strings.TrimSuffix(o.Out, ".go") + "_test.go"
}

// Args are the `mcpgen handler` flags that regenerate the files in the
// directory that holds them. They are written into each file's header.
func (o Config) Args() []string {
	o = o.Normalize()
	args := []string{"--out=" + o.Out, "--package=" + o.Package, "--mode=" + string(o.Mode)}
	if o.NoTest {
		args = append(args, "--test=false")
	}
	if o.State != "" {
		args = append(args, "--state="+o.State)
	}
	return args
}

// ParseArgs reads back the flags [Config.Args] writes: --name=value pairs of
// out, package, mode, test and state.
func ParseArgs(args []string) (Config, error) {
	var c Config
	for _, a := range args {
		name, value, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !ok || !strings.HasPrefix(a, "--") {
			return Config{}, fmt.Errorf("%w: argument %q is not --name=value", ErrInvalidOptions, a)
		}
		switch name {
		case "out":
			c.Out = value
		case "package":
			c.Package = value
		case "mode":
			c.Mode = Mode(value)
		case "state":
			c.State = value
		case "test":
			b, err := strconv.ParseBool(value)
			if err != nil {
				return Config{}, fmt.Errorf("%w: --test=%q: %v", ErrInvalidOptions, value, err)
			}
			c.NoTest = !b
		default:
			return Config{}, fmt.Errorf("%w: unknown flag --%s", ErrInvalidOptions, name)
		}
	}
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c.Normalize(), nil
}

// ParseHeader reads the configuration a generated file was made with from
// its header. It fails if src does not start with [GeneratedHeader] followed
// by the regeneration line.
func ParseHeader(src []byte) (Config, error) {
	first, rest, _ := strings.Cut(string(src), "\n\n")
	if first != GeneratedHeader {
		return Config{}, errors.New("no mcpgen generated-code header")
	}
	line, _, _ := strings.Cut(rest, "\n")
	if !strings.HasPrefix(line, ArgsPrefix) {
		return Config{}, fmt.Errorf("the line after the header is %q, want one starting %q", line, ArgsPrefix)
	}
	return ParseArgs(strings.Fields(strings.TrimPrefix(line, ArgsPrefix)))
}
