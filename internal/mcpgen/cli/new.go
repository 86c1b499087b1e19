package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/internal/mcpgen/scaffold"
	"github.com/mcpwire/mcpwire/runtime/mcpwire"
)

// runtimeVersion is the version of the runtime module a released mcpgen
// scaffolds against: the one it was built with (the root module requires a
// tagged runtime/vX.Y.Z in a release), else the runtime's own version constant.
func runtimeVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == scaffold.RuntimeModule && d.Replace == nil && released(d.Version) {
				return d.Version
			}
		}
	}
	return "v" + mcpwire.Version
}

// NewOptions are the inputs of `mcpgen new`.
type NewOptions struct {
	Dir     string
	Module  string
	Mode    string
	Replace string
	// Tidy runs `go mod tidy` in the new module when its go.mod was
	// created, so that it builds at once.
	Tidy bool
}

// NewCmdNew returns `mcpgen new`.
func NewCmdNew(io IO) *cobra.Command {
	opts := &NewOptions{}
	c := &cobra.Command{
		Use:   "new DIR --module PATH",
		Short: "Scaffold a new MCP server module in DIR",
		Long: `Create a complete MCP server module in DIR: go.mod, main.go (flags, graceful
shutdown, an optional expvar debug endpoint), server.go with one example tool,
the generated session-map handler and its test, README.md,
.pre-commit-config.yaml running mcpvet, and .gitignore.

Files you own (go.mod, main.go, server.go, README.md, .gitignore,
.pre-commit-config.yaml) are never overwritten; the generated handler and its
test are rewritten.`,
		Example: `  # a server that builds against this checkout of mcpwire
  mcpgen new /tmp/mysrv --module example.com/mysrv --replace-mcpwire .
  cd /tmp/mysrv && go run .

  # sessions only
  mcpgen new ./legacysrv --module example.com/legacysrv --mode legacy`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, a []string) error {
			opts.Dir = a[0]
			return runNew(c, io, opts)
		},
	}
	c.Flags().StringVar(&opts.Module, "module", "", "module path of the new server, for example example.com/mysrv (required)")
	modeFlag(c, &opts.Mode)
	c.Flags().StringVar(&opts.Replace, "replace-mcpwire", "", "path to a local mcpwire checkout to build against (adds a replace directive)")
	c.Flags().BoolVar(&opts.Tidy, "tidy", true, "run go mod tidy in the new module")
	_ = c.MarkFlagRequired("module")
	_ = c.MarkFlagDirname("replace-mcpwire")
	return c
}

func runNew(c *cobra.Command, io IO, opts *NewOptions) error {
	mode, err := gen.ParseMode(opts.Mode)
	if err != nil {
		return invalid(c, fmt.Errorf("%w: --mode: %v", gen.ErrInvalidOptions, err))
	}
	replace, err := scaffold.RelativeReplace(opts.Replace, opts.Dir)
	if err != nil {
		return fmt.Errorf("--replace-mcpwire: %w", err)
	}
	if opts.Replace != "" {
		// The scaffold requires the checkout's runtime module, not the root.
		if _, err := os.Stat(filepath.Join(opts.Replace, "runtime", "go.mod")); err != nil {
			return invalid(c, fmt.Errorf("%w: --replace-mcpwire %q: no runtime/go.mod there", gen.ErrInvalidOptions, opts.Replace))
		}
	}
	so := scaffold.Options{Module: opts.Module, Mode: mode, Replace: replace}
	if v := Version(); released(v) {
		so.MCPWireVersion = runtimeVersion()
	}
	files, err := scaffold.Plan(so)
	if err != nil {
		return invalid(c, err)
	}
	if so.MCPWireVersion == "" && replace == "" {
		fmt.Fprintf(io.Err, "mcpgen: warning: this mcpgen is a development build, so go.mod requires mcpwire %s, which only builds with --replace-mcpwire\n", scaffold.ZeroVersion)
	}
	results, err := scaffold.Write(opts.Dir, files)
	for _, r := range results {
		fmt.Fprintf(io.Out, "%-9s %s\n", r.Action, filepath.Join(opts.Dir, r.Path))
	}
	if err != nil {
		return err
	}
	createdGoMod := false
	for _, r := range results {
		if r.Path == "go.mod" && r.Action == scaffold.Created {
			createdGoMod = true
		}
	}
	if createdGoMod && opts.Tidy {
		cmd := exec.Command("go", "mod", "tidy")
		cmd.Dir = opts.Dir
		cmd.Stdout, cmd.Stderr = io.Err, io.Err
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go mod tidy in %s: %w (the files are written; fix the problem and run it again)", opts.Dir, err)
		}
	} else if !createdGoMod {
		fmt.Fprintf(io.Err, "mcpgen: %s existed and was left alone; run go mod tidy there if the build asks for it\n", filepath.Join(opts.Dir, "go.mod"))
	}
	fmt.Fprintf(io.Out, "\nNext: cd %s && go run .\n", opts.Dir)
	return nil
}

// errNoPackage is the handler command's error when neither --package nor
// $GOPACKAGE names the package.
var errNoPackage = errors.New("--package is required (or run it from //go:generate, which sets $GOPACKAGE)")
