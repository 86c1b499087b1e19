package mcpvet_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// multitool is the SARIF SDK's validator as npm ships it for Linux: a
// native Sarif.Multitool binary and the SARIF 2.1.0 JSON schema.
const multitool = "@microsoft/sarif-multitool-linux@5.7.0"

// TestSARIFSchema validates mcpvet's SARIF against the SARIF 2.1.0 JSON
// schema (with jsonschema-go) and with Microsoft's SARIF Multitool, which
// also applies the spec's rules beyond the schema; no error or warning may
// remain. Slow: the first run downloads the 44 MB npm package into .cache/.
func TestSARIFSchema(t *testing.T) {
	if !slow() {
		t.Skip("slow: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the npm package ships the validator for linux/amd64, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	pkg := installMultitool(t)

	dir := sampleModule(t)
	r := command(t, dir, mcpvetBin, "-format=sarif", "./...")
	if r.code != 0 {
		t.Fatalf("mcpvet -format=sarif exit code %d\n%s", r.code, r.stderr)
	}
	sarifFile := filepath.Join(t.TempDir(), "mcpvet.sarif")
	if err := os.WriteFile(sarifFile, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("schema", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(pkg, "sarif-2.1.0.json"))
		if err != nil {
			t.Fatal(err)
		}
		var schema jsonschema.Schema
		if err := json.Unmarshal(data, &schema); err != nil {
			t.Fatal(err)
		}
		resolved, err := schema.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		var instance any
		if err := json.Unmarshal([]byte(r.stdout), &instance); err != nil {
			t.Fatal(err)
		}
		if err := resolved.Validate(instance); err != nil {
			t.Errorf("mcpvet's SARIF does not match the SARIF 2.1.0 schema: %v", err)
		}
	})

	t.Run("multitool", func(t *testing.T) {
		report := filepath.Join(t.TempDir(), "validation.sarif")
		cmd := exec.Command(filepath.Join(pkg, "Sarif.Multitool"), "validate", sarifFile, "-o", report, "--level", "Error;Warning")
		cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("Sarif.Multitool validate: %v\n%s", err, out)
		}
		data, err := os.ReadFile(report)
		if err != nil {
			t.Fatal(err)
		}
		var validation struct {
			Runs []struct {
				Results []struct {
					RuleID  string `json:"ruleId"`
					Level   string `json:"level"`
					Message struct {
						ID        string   `json:"id"`
						Arguments []string `json:"arguments"`
					} `json:"message"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(data, &validation); err != nil {
			t.Fatal(err)
		}
		if len(validation.Runs) != 1 {
			t.Fatalf("validation report has %d runs", len(validation.Runs))
		}
		for _, res := range validation.Runs[0].Results {
			// A result without a level is a warning (SARIF's default).
			if res.Level == "" || res.Level == "warning" || res.Level == "error" {
				t.Errorf("Sarif.Multitool: %s %s %s", res.RuleID, res.Message.ID, strings.Join(res.Message.Arguments, ", "))
			}
		}
	})
}

// installMultitool unpacks the npm package into .cache/ at the repository
// root once, and returns the directory holding its files.
func installMultitool(t *testing.T) string {
	t.Helper()
	root := strings.TrimSpace(command(t, ".", "git", "rev-parse", "--show-toplevel").stdout)
	dir := filepath.Join(root, ".cache", "sarif-multitool-5.7.0")
	pkg := filepath.Join(dir, "package")
	if _, err := os.Stat(filepath.Join(pkg, "Sarif.Multitool")); err == nil {
		return pkg
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r := command(t, dir, "npm", "pack", "--silent", multitool)
	if r.code != 0 {
		t.Fatalf("npm pack %s: exit %d\n%s", multitool, r.code, r.stderr)
	}
	tarball := strings.TrimSpace(r.stdout)
	if r := command(t, dir, "tar", "xzf", tarball); r.code != 0 {
		t.Fatalf("tar xzf %s: %s", tarball, r.stderr)
	}
	os.Remove(filepath.Join(dir, tarball))
	if err := os.Chmod(filepath.Join(pkg, "Sarif.Multitool"), 0o755); err != nil {
		t.Fatal(err)
	}
	return pkg
}
