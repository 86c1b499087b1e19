package mcpvet_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs testdata/script/*.txtar against the mcpvet binary
// TestMain built (on $PATH as mcpvet), the way a user runs it: help,
// version, flag spellings, -fix, SARIF and load errors. A line prefixed
// [slow] repeats what another line already covers with a new analysis run
// (a second -fix, a re-check after one): it runs with CI=true or
// MCPWIRE_SLOW=1 only.
func TestScripts(t *testing.T) {
	goEnv := map[string]string{}
	for _, name := range []string{"GOMODCACHE", "GOCACHE", "GOPATH", "GOTOOLCHAIN"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		goEnv[name] = strings.TrimSpace(string(out))
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Condition: func(cond string) (bool, error) {
			if cond == "slow" {
				return slow(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOWORK", "off")
			// The scripts' modules use only the standard library: nothing
			// to download, and a missing import must say so, not ask the
			// proxy.
			env.Setenv("GOPROXY", "off")
			env.Setenv("PATH", filepath.Dir(mcpvetBin)+string(os.PathListSeparator)+env.Getenv("PATH"))
			return nil
		},
	})
}
