package gclplugin_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// TestCustomBinary runs testdata/script/*.txtar: the README's offline build
// of a golangci-lint binary with this plugin (scripts/custom-gcl, with
// golangci-lint's source from the Go module proxy), then that binary on a
// small module with known findings, configured through a real .golangci.yml,
// and on this repository. Slow (a golangci-lint build, minutes on a cold
// build cache): CI=true or MCPWIRE_SLOW=1.
func TestCustomBinary(t *testing.T) {
	if !mcpgentest.Slow() {
		t.Skip("slow: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	goEnv := map[string]string{}
	for _, name := range []string{"GOMODCACHE", "GOCACHE", "GOPATH", "GOPROXY", "GOTOOLCHAIN"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		goEnv[name] = strings.TrimSpace(string(out))
	}
	repo := mcpgentest.RepoRoot(t)
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOWORK", "off")
			env.Setenv("REPO", repo)
			// golangci-lint's own cache, kept out of the (absent) $HOME.
			env.Setenv("GOLANGCI_LINT_CACHE", env.WorkDir+"/golangci-lint-cache")
			return nil
		},
	})
}
