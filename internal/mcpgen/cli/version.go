package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpwire/mcpwire/runtime/mcpwire"
)

// version overrides the version from the build info:
// go build -ldflags "-X github.com/mcpwire/mcpwire/internal/mcpgen/cli.version=v1.2.3".
var version string

// Version is mcpgen's version: the ldflags override, else the module
// version from the build info (set by `go install …@version`), else
// "(devel)", as mcpvet and the go command spell a build of a checkout.
func Version() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// versionLine is what `mcpgen version`, --version and -version print: the
// form of mcpvet's line (TOOL version VERSION (MODULE, GO)), with the runtime
// version mcpgen scaffolds against.
func versionLine() string {
	goVersion := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok && info.GoVersion != "" {
		goVersion = info.GoVersion
	}
	return fmt.Sprintf("mcpgen version %s (github.com/mcpwire/mcpwire, %s, runtime %s)", Version(), goVersion, mcpwire.Version)
}

// released reports whether v is a module version that a go.mod can
// require: not "devel", and not a build of a modified checkout
// (v0.0.0-...+dirty, which Go 1.24+ stamps and no proxy serves).
func released(v string) bool {
	return len(v) > 1 && v[0] == 'v' && !strings.Contains(v, "+")
}

// NewCmdVersion returns `mcpgen version`.
func NewCmdVersion(io IO) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print mcpgen's version and the runtime version it generates for",
		Args:    args(cobra.NoArgs),
		Example: "  mcpgen version",
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(io.Out, versionLine())
			return err
		},
	}
}
