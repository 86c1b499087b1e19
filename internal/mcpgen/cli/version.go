package cli

import (
	"fmt"
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
// "devel" with the VCS revision when known.
func Version() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
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
			_, err := fmt.Fprintf(io.Out, "mcpgen %s (runtime %s)\n", Version(), mcpwire.Version)
			return err
		},
	}
}
