package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpwire/mcpwire/internal/mcpgen/verify"
)

// VerifyOptions are the inputs of `mcpgen verify`.
type VerifyOptions struct {
	Dir string
}

// NewCmdVerify returns `mcpgen verify`.
func NewCmdVerify(io IO) *cobra.Command {
	opts := &VerifyOptions{}
	c := &cobra.Command{
		Use:   "verify [DIR]",
		Short: "Fail if generated files under DIR are stale, edited by hand, or missing",
		Long: `Regenerate every mcpgen-generated file under DIR (default ".") from the
configuration in its header and compare. Exits 3 when any differs, for CI and
pre-commit.`,
		Example: `  mcpgen verify
  mcpgen verify ./examples/sample`,
		Args: args(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.Dir = "."
			if len(a) == 1 {
				opts.Dir = a[0]
			}
			return runVerify(io, opts)
		},
	}
	return c
}

func runVerify(io IO, opts *VerifyOptions) error {
	res, err := verify.Dir(opts.Dir)
	if err != nil {
		return err
	}
	for _, p := range res.Problems {
		fmt.Fprintln(io.Out, p)
	}
	if len(res.Problems) > 0 {
		return &StaleError{N: len(res.Problems)}
	}
	if len(res.Checked) == 0 {
		// Nothing to check is a wrong directory or lost files, not a pass.
		return &StaleError{Err: fmt.Errorf("no mcpgen-generated files under %s", opts.Dir)}
	}
	fmt.Fprintf(io.Out, "%d generated file(s) up to date\n", len(res.Checked))
	return nil
}
