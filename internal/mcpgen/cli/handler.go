package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
	"github.com/mcpwire/mcpwire/internal/mcpgen/scaffold"
)

// HandlerOptions are the inputs of `mcpgen handler`.
type HandlerOptions struct {
	Out     string
	Package string
	Mode    string
	Test    bool
	State   string
	// Replace is a mcpwire checkout the module's go.mod replaces the
	// runtime with when it does not require the runtime yet.
	Replace string
}

// NewCmdHandler returns `mcpgen handler`.
func NewCmdHandler(io IO) *cobra.Command {
	opts := &HandlerOptions{}
	c := &cobra.Command{
		Use:   "handler --out FILE --package NAME",
		Short: "Generate (or regenerate) only the session-map handler and its test",
		Long: `Write the generated handler to FILE and its test beside it (FILE with
_test.go), for use from //go:generate. The package defaults to $GOPACKAGE,
which go generate sets.

The handler imports the mcpwire runtime: in a module whose go.mod does not
require it yet, handler adds the requirement and runs go mod tidy (with
--replace-mcpwire, a replace to that checkout's runtime, relative to go.mod),
or refuses, writing nothing, with the go mod edit command that adds it.`,
		Example: `  //go:generate mcpgen handler --out=mcphandler_gen.go --package=main --mode=hybrid

  mcpgen handler --out internal/mcp/handler_gen.go --package mcp --mode legacy`,
		Args: args(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error { return runHandler(c, io, opts) },
	}
	c.Flags().StringVar(&opts.Out, "out", gen.DefaultOut, "file to write the handler to; its test goes beside it")
	c.Flags().StringVar(&opts.Package, "package", os.Getenv("GOPACKAGE"), "Go package name of the generated files (default $GOPACKAGE)")
	modeFlag(c, &opts.Mode)
	c.Flags().BoolVar(&opts.Test, "test", true, "also write the generated test file")
	c.Flags().StringVar(&opts.State, "state", "", "per-session state type declared in the package (a type marked //mcpgen:state needs no flag)")
	c.Flags().StringVar(&opts.Replace, "replace-mcpwire", "", "path to a local mcpwire checkout the module's go.mod replaces the runtime with, if it does not require the runtime yet")
	_ = c.MarkFlagDirname("replace-mcpwire")
	_ = c.MarkFlagFilename("out", "go")
	return c
}

func runHandler(c *cobra.Command, io IO, opts *HandlerOptions) error {
	if opts.Package == "" {
		return invalid(c, fmt.Errorf("%w: %v", gen.ErrInvalidOptions, errNoPackage))
	}
	cfg := gen.Config{Package: opts.Package, Mode: gen.Mode(opts.Mode), Out: filepath.Base(opts.Out), NoTest: !opts.Test, State: opts.State}
	if err := cfg.Validate(); err != nil {
		return invalid(c, err)
	}
	// The directory must exist: creating it would hide a mistyped --out
	// behind a new directory nobody builds.
	dir := filepath.Dir(opts.Out)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return &UsageError{Err: fmt.Errorf("--out %q: directory %s does not exist", opts.Out, dir), Cmd: c.CommandPath()}
	}
	need, err := needRuntime(dir, opts.Replace)
	if err != nil {
		return err
	}
	// The state type and the hooks are the package's declarations.
	cfg, err = gen.Resolve(dir, cfg)
	if err != nil {
		return err
	}
	files := []struct {
		name string
		make func(gen.Config) ([]byte, error)
	}{{cfg.Out, gen.Handler}}
	if opts.Test {
		files = append(files, struct {
			name string
			make func(gen.Config) ([]byte, error)
		}{cfg.TestOut(), gen.HandlerTest})
	}
	// Check both files before writing either, so a refusal writes nothing.
	srcs := make([][]byte, len(files))
	for i, f := range files {
		src, err := f.make(cfg)
		if err != nil {
			return err
		}
		srcs[i] = src
		p := filepath.Join(dir, f.name)
		if old, err := os.ReadFile(p); err == nil && !bytes.Equal(old, src) && !bytes.HasPrefix(old, []byte(gen.GeneratedHeader+"\n")) {
			return &ConflictError{fmt.Errorf("%w: %s", scaffold.ErrNotGenerated, p)}
		}
	}
	for i, f := range files {
		p := filepath.Join(dir, f.name)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, srcs[i]) {
			fmt.Fprintf(io.Out, "unchanged %s\n", p)
			continue
		}
		if err := os.WriteFile(p, srcs[i], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(io.Out, "wrote     %s\n", p)
	}
	if need != nil {
		if err := addRuntime(io, need); err != nil {
			return fmt.Errorf("%w; add the runtime yourself: cd %s && go mod edit %s && go mod tidy", err, need.modDir, strings.Join(need.edits(), " "))
		}
		fmt.Fprintf(io.Out, "edited    %s (%s)\n", filepath.Join(need.modDir, "go.mod"), strings.Join(need.edits(), " "))
	}
	return nil
}
