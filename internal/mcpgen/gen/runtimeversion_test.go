package gen

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// TestOutdatedRuntimeFailsToBuild builds the generated handler against a copy
// of this checkout's runtime module whose version package lacks the constant
// the generated code references, as a runtime older than the generator would:
// the build must fail and name the constant.
func TestOutdatedRuntimeFailsToBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a temporary module")
	}
	runtimeDir := filepath.Join(mcpgentest.RepoRoot(t), "runtime")
	old := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum"} {
		copyFile(t, filepath.Join(runtimeDir, name), filepath.Join(old, name))
	}
	err := filepath.WalkDir(runtimeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(runtimeDir, p)
		copyFile(t, p, filepath.Join(old, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	version := filepath.Join(old, "mcpwire", "version.go")
	src, err := os.ReadFile(version)
	if err != nil {
		t.Fatal(err)
	}
	stripped := regexp.MustCompile(`(?m)^const IsAtLeastVersion0_1_0 = true$`).ReplaceAll(src, nil)
	if len(stripped) == len(src) {
		t.Fatal("runtime/mcpwire/version.go no longer declares IsAtLeastVersion0_1_0 as this test expects")
	}
	if err := os.WriteFile(version, stripped, 0o644); err != nil {
		t.Fatal(err)
	}

	handler, err := Handler(Config{Package: "mcphandler"})
	if err != nil {
		t.Fatal(err)
	}
	dir := mcpgentest.Module(t, "example.com/outdated", map[string][]byte{DefaultOut: handler})
	mcpgentest.Go(t, dir, "mod", "edit", "-replace=github.com/mcpwire/mcpwire/runtime="+old)
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	cmd.Env = mcpgentest.Env()
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the generated handler built against a runtime without its version constant")
	}
	if !strings.Contains(string(out), "undefined: mcpwire.IsAtLeastVersion0_1_0") {
		t.Errorf("the build failed for another reason:\n%s", out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
