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
	root.SetArgs(goFlags(root, args))
	err := root.Execute()
	if err != nil && isCobraUsageError(err) {
		cmd, _, findErr := root.Find(args)
		if findErr != nil || cmd == nil {
			cmd = root
		}
		err = &UsageError{Err: err, Cmd: cmd.CommandPath()}
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
	root.SetVersionTemplate(versionLine() + "\n")
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &UsageError{Err: flagError(err), Cmd: c.CommandPath()}
	})
	root.AddCommand(
		NewCmdNew(io),
		NewCmdHandler(io),
		NewCmdVerify(io),
		NewCmdVersion(io),
	)
	root.SetHelpCommand(newCmdHelp(root))
	strictCompletion(root)
	return root
}

// newCmdHelp replaces cobra's help command, which answers an unknown topic
// with the root's help and exit 0: here it is a usage error.
func newCmdHelp(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		ValidArgsFunction: func(c *cobra.Command, a []string, _ string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, sub := range root.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, sub.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, a []string) error {
			target, rest, err := root.Find(a)
			if err != nil || len(rest) > 0 || (target == root && len(a) > 0) {
				return &UsageError{Err: fmt.Errorf("unknown help topic %q", strings.Join(a, " ")), Cmd: root.CommandPath()}
			}
			return target.Help()
		},
	}
}

// strictCompletion makes `completion SHELL` with an unknown SHELL a usage
// error; cobra's own completion command prints its help and exits 0.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = func(c *cobra.Command, a []string) error {
			if len(a) == 0 {
				return nil
			}
			var shells []string
			for _, sub := range c.Commands() {
				shells = append(shells, sub.Name())
			}
			return &UsageError{Err: fmt.Errorf("unknown shell %q (want one of %s)", a[0], strings.Join(shells, ", ")), Cmd: c.CommandPath()}
		}
		c.RunE = func(c *cobra.Command, a []string) error { return c.Help() }
	}
}

// args wraps a cobra positional-argument validator so that its failures are
// usage errors.
func args(validate cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, a []string) error {
		if err := validate(c, a); err != nil {
			return &UsageError{Err: err, Cmd: c.CommandPath()}
		}
		return nil
	}
}

// invalid turns an options error into a usage error (it names a flag).
func invalid(c *cobra.Command, err error) error {
	if errors.Is(err, gen.ErrInvalidOptions) {
		return &UsageError{Err: err, Cmd: c.CommandPath()}
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
