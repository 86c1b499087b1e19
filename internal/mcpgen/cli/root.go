// Package cli is the mcpgen command line: cobra commands built by NewCmdX
// constructors, each with an options struct, so that tests can run them
// in-process. cmd/mcpgen/main.go only calls [Main].
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
)

// IO is where commands read and write.
type IO struct {
	Out, Err io.Writer
}

// Main runs mcpgen with args (without the program name) and returns the
// exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	root := NewCmdRoot(IO{Out: stdout, Err: stderr})
	root.SetArgs(args)
	err := root.Execute()
	if err != nil && isCobraUsageError(err) {
		cmd, _, findErr := root.Find(args)
		if findErr != nil || cmd == nil {
			cmd = root
		}
		err = &UsageError{Err: err, Usage: cmd.UsageString()}
	}
	return exitCode(err, stderr)
}

// isCobraUsageError recognises the command-line errors cobra makes itself
// (unknown command, missing required flag), which come back untyped.
func isCobraUsageError(err error) bool {
	var usage *UsageError
	if errors.As(err, &usage) {
		return false
	}
	msg := err.Error()
	return strings.HasPrefix(msg, "unknown command") || strings.HasPrefix(msg, "required flag") || strings.HasPrefix(msg, "unknown flag") || strings.HasPrefix(msg, "unknown shorthand flag")
}

// NewCmdRoot returns the mcpgen command with its subcommands.
func NewCmdRoot(io IO) *cobra.Command {
	root := &cobra.Command{
		Use:   "mcpgen",
		Short: "Generate MCP Streamable HTTP session wiring and scaffold servers",
		Long: `mcpgen writes the session-map handler that MCP servers built on the official
Go SDK need, on top of the mcpwire runtime: leak-free handshakes, 404 for
unknown sessions, hybrid routing of both protocol eras on one endpoint.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       Version(),
	}
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &UsageError{Err: err, Usage: c.UsageString()}
	})
	root.AddCommand(
		NewCmdNew(io),
		NewCmdHandler(io),
		NewCmdVerify(io),
		NewCmdVersion(io),
	)
	return root
}

// args wraps a cobra positional-argument validator so that its failures are
// usage errors.
func args(validate cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, a []string) error {
		if err := validate(c, a); err != nil {
			return &UsageError{Err: err, Usage: c.UsageString()}
		}
		return nil
	}
}

// invalid turns an options error into a usage error (it names a flag).
func invalid(c *cobra.Command, err error) error {
	if errors.Is(err, gen.ErrInvalidOptions) {
		return &UsageError{Err: err, Usage: c.UsageString()}
	}
	return err
}

// modeFlag registers --mode with its completions.
func modeFlag(c *cobra.Command, mode *string) {
	c.Flags().StringVar(mode, "mode", string(gen.ModeHybrid), fmt.Sprintf("protocol eras the handler serves: %s", gen.ModeNames()))
	_ = c.RegisterFlagCompletionFunc("mode", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{
			"hybrid\tboth eras on one endpoint (default)",
			"legacy\tsessions only (2025-03-26 … 2025-11-25)",
			"modern\tstateless 2026-07-28 only",
		}, cobra.ShellCompDirectiveNoFileComp
	})
}
