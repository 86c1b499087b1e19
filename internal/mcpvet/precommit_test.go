package mcpvet_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// slow reports whether the slow suites run (CI=true or MCPWIRE_SLOW=1).
func slow() bool { return os.Getenv("CI") == "true" || os.Getenv("MCPWIRE_SLOW") == "1" }

// TestPreCommitHook installs the repository's .pre-commit-hooks.yaml with
// the real pre-commit (`pre-commit try-repo`, which builds mcpvet with
// `go install ./...` from this checkout) and runs it on the sample module:
// it fails on the module's findings and passes once they are gone. Slow
// (about a minute: pre-commit builds the repository); it needs pre-commit
// on the PATH (Debian: apt-get install -y pre-commit).
func TestPreCommitHook(t *testing.T) {
	if !slow() {
		t.Skip("slow: set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Fatal("pre-commit is not installed; on Debian: apt-get install -y pre-commit")
	}
	checkout := strings.TrimSpace(command(t, ".", "git", "rev-parse", "--show-toplevel").stdout)
	dir := sampleModule(t)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}} {
		if r := command(t, dir, "git", args...); r.code != 0 {
			t.Fatalf("git %v: %s", args, r.stderr)
		}
	}
	home := t.TempDir()
	precommit := func() result {
		cmd := exec.Command("pre-commit", "try-repo", checkout, "mcpvet", "--all-files")
		cmd.Dir = dir
		// The hook's Go build reads modules from the machine's module cache
		// (pre-commit would otherwise point GOPATH, and with it the module
		// cache, at an empty directory of its own) and keeps pre-commit's
		// state out of the user's home.
		modcache := strings.TrimSpace(command(t, ".", "go", "env", "GOMODCACHE").stdout)
		cmd.Env = append(os.Environ(), "PRE_COMMIT_HOME="+home, "GOMODCACHE="+modcache, "GOWORK=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if exitErr, ok := err.(*exec.ExitError); ok {
			code = exitErr.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return result{stdout: string(out), code: code}
	}

	r := precommit()
	if r.code == 0 || !strings.Contains(r.stdout, "- exit code: 3") || !strings.Contains(r.stdout, `unknown analyzer "ignoredirectiv"`) {
		t.Fatalf("pre-commit on the sample module: exit %d, want a failure with mcpvet's findings (exit code 3)\n%s", r.code, r.stdout)
	}

	// Leave only the clean package.
	if r := command(t, dir, "git", "rm", "-q", "-r", "-f", "bad", "wiring"); r.code != 0 {
		t.Fatalf("git rm: %s", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "good")); err != nil {
		t.Fatal(err)
	}
	if r := precommit(); r.code != 0 || !strings.Contains(r.stdout, "Passed") {
		t.Fatalf("pre-commit on the clean sample module: exit %d, want it to pass\n%s", r.code, r.stdout)
	}
}
