package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// goFlags rewrites the single-dash long flags a Go user types (-module m,
// -mode=legacy, -version), as the flag package and mcpvet take them, into
// the double-dash form cobra parses; pflag would read -module as the
// shorthands -m -o -d … and fail on the first. Only names the command
// actually has are rewritten, so an unknown -name still fails, and
// everything after "--" is left alone.
func goFlags(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		cmd = root
	}
	// cobra adds --help and --version only as it executes.
	cmd.InitDefaultHelpFlag()
	root.InitDefaultVersionFlag()
	known := func(name string) bool {
		return lookup(cmd, name) != nil || lookup(root, name) != nil
	}
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			name, _, _ := strings.Cut(a[1:], "=")
			if len(name) > 1 && known(name) {
				a = "-" + a
			}
		}
		out = append(out, a)
	}
	return out
}

// lookup finds a long flag of c, its own or inherited.
func lookup(c *cobra.Command, name string) *pflag.Flag {
	if f := c.Flags().Lookup(name); f != nil {
		return f
	}
	if f := c.InheritedFlags().Lookup(name); f != nil {
		return f
	}
	return c.PersistentFlags().Lookup(name)
}

// flagError rewrites pflag's answer to an unknown single-dash long flag
// ("unknown shorthand flag: 'b' in -bogus") into one naming the flag the
// user typed.
func flagError(err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: "); ok {
		if _, typed, ok := strings.Cut(rest, " in -"); ok {
			if name, _, _ := strings.Cut(typed, "="); len(name) > 1 {
				return fmt.Errorf("unknown flag: -%s", name)
			}
		}
	}
	return err
}
