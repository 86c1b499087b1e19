package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mcpwire/mcpwire/internal/mcpgen/cli"
	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
	"github.com/mcpwire/mcpwire/internal/mcpvet"
	"github.com/mcpwire/mcpwire/runtime/mcpwire"
)

// TestMain makes mcpgen and mcpvet commands of the test binary, so that the
// scripts (and go generate inside them) run the real CLIs as processes.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mcpgen": func() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) },
		"mcpvet": mcpvet.Main,
	})
}

// TestScripts runs testdata/script/*.txtar. The go command inside them uses
// the real (warm) module and build caches; $REPO is this checkout, for
// --replace-mcpwire. [slow] guards what only CI runs (go test of a
// scaffold, mcpvet on it).
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("scripts build modules")
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
	// release.txtar installs from a release of this checkout served by a
	// file proxy, with every other module from the module cache's own.
	var release string
	if mcpgentest.Slow() {
		release = t.TempDir()
		mcpgentest.Release(t, release, releaseVersion)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: false,
		Setup: func(env *testscript.Env) error {
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOWORK", "off")
			env.Setenv("REPO", repo)
			env.Setenv("RELEASE_PROXY", "file://"+filepath.ToSlash(release))
			env.Setenv("RELEASE_VERSION", releaseVersion)
			env.Setenv("MODCACHE_PROXY", "file://"+filepath.ToSlash(filepath.Join(goEnv["GOMODCACHE"], "cache", "download")))
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "slow" {
				return mcpgentest.Slow(), nil
			}
			return false, nil
		},
	})
}

// releaseVersion is the version release.txtar's release of this checkout
// carries: the runtime's own, as a release would.
const releaseVersion = "v" + mcpwire.Version

// TestExitCodes pins the one place errors become exit codes (README's
// table): usage errors 2, verify findings 3, refusals over what is on disk
// 4, other failures 1. A usage error is one line and a pointer to the
// command's help; nothing else is printed and nothing is written.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	empty := t.TempDir()
	mine := t.TempDir()
	notMCPWire := t.TempDir()
	other := t.TempDir()
	for name, data := range map[string]string{
		mine + "/h.go":         "package p\n",
		notMCPWire + "/go.mod": "module example.com/notmcpwire\n",
		other + "/go.mod":      "module example.com/other\n",
	} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := mcpgentest.RepoRoot(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"version"}, cli.ExitOK, ""},
		{[]string{"bogus"}, cli.ExitUsage, `unknown command "bogus"`},
		{[]string{"help", "nosuch"}, cli.ExitUsage, `unknown help topic "nosuch"`},
		{[]string{"completion", "nosuch"}, cli.ExitUsage, `unknown shell "nosuch" (want one of bash, fish, powershell, zsh)`},
		{[]string{"new"}, cli.ExitUsage, "accepts 1 arg(s), received 0"},
		{[]string{"new", dir + "/x"}, cli.ExitUsage, `required flag(s) "module" not set`},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--mode", "both"}, cli.ExitUsage, `--mode: unknown mode "both"`},
		{[]string{"new", dir + "/x", "--module", "Not A Path"}, cli.ExitUsage, `--module "Not A Path" is not a valid module path`},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--replace-mcpwire", dir}, cli.ExitUsage, "--replace-mcpwire"},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--tidy=maybe"}, cli.ExitUsage, `invalid argument "maybe" for "--tidy"`},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--session-store", "etcd", "--replace-mcpwire", repo}, cli.ExitUsage, `--session-store "etcd": want memory or redis`},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--mode", "modern", "--session-store", "redis", "--replace-mcpwire", repo}, cli.ExitUsage, "--mode modern has no sessions to store"},
		{[]string{"handler", "--out", dir + "/h.go", "--package", "my-pkg"}, cli.ExitUsage, `--package "my-pkg" is not a Go package name`},
		{[]string{"handler", "--out", dir + "/h_test.go", "--package", "p"}, cli.ExitUsage, `--out "h_test.go"`},
		{[]string{"handler", "--out", dir + "/missing/dir/h.go", "--package", "p"}, cli.ExitUsage, "missing/dir does not exist"},
		{[]string{"handler", "--out", mine + "/h.go", "--package", "p"}, cli.ExitConflict, "refusing to overwrite a file that mcpgen did not generate"},
		{[]string{"new", dir + "/x", "--module", "example.com/x", "--replace-mcpwire", notMCPWire}, cli.ExitUsage, `its go.mod is module "example.com/notmcpwire", not github.com/mcpwire/mcpwire`},
		{[]string{"new", dir + "/x", "--module", "example.com/x"}, cli.ExitError, "development build"},
		{[]string{"new", other, "--module", "example.com/x", "--replace-mcpwire", repo}, cli.ExitConflict, `declares module "example.com/other", not --module "example.com/x"`},
		{[]string{"verify", "a", "b"}, cli.ExitUsage, "accepts at most 1 arg(s), received 2"},
		{[]string{"verify", empty}, cli.ExitStale, "no mcpgen-generated files under " + empty},
		{[]string{"verify", dir + "/missing"}, cli.ExitError, "no such file or directory"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Setenv("GOPACKAGE", "")
			var stdout, stderr bytes.Buffer
			code := cli.Main(tc.args, &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tc.stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			switch {
			case tc.code == cli.ExitUsage && (len(lines) != 2 || !strings.HasPrefix(lines[1], "Run 'mcpgen") || !strings.HasSuffix(lines[1], "--help' for usage.")):
				t.Errorf("a usage error is one line and the help hint; stderr:\n%s", stderr.String())
			case tc.code != cli.ExitUsage && tc.code != cli.ExitOK && len(lines) != 1:
				t.Errorf("want a one-line error; stderr:\n%s", stderr.String())
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%v wrote %v", tc.args, entries)
			}
		})
	}
}

// TestNewUnresolvable: a released mcpgen whose mcpwire version the proxy
// cannot serve stops before writing and names --replace-mcpwire.
func TestNewUnresolvable(t *testing.T) {
	defer cli.SetVersion("v0.0.1")()
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := cli.Main([]string{"new", dir + "/x", "--module", "example.com/x"}, &stdout, &stderr)
	if code != cli.ExitError || !strings.Contains(stderr.String(), "does not resolve") || !strings.Contains(stderr.String(), "pass --replace-mcpwire") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("new wrote %v", entries)
	}
}

func TestHandlerNeedsPackage(t *testing.T) {
	t.Setenv("GOPACKAGE", "")
	var stdout, stderr bytes.Buffer
	code := cli.Main([]string{"handler", "--out", t.TempDir() + "/h.go"}, &stdout, &stderr)
	if code != cli.ExitUsage || !strings.Contains(stderr.String(), "--package is required") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestNewHelpExamplesWork runs every `mcpgen new` line of the command's own
// help examples (DIR moved into a temporary directory, the checkout "." as
// this one): each must work with this development build, as the help is
// what a new user copies (issue 10: the help's example without
// --replace-mcpwire wrote a module that could not build).
func TestNewHelpExamplesWork(t *testing.T) {
	repo := mcpgentest.RepoRoot(t)
	var ran int
	for _, line := range strings.Split(cli.NewCmdNew(cli.IO{}).Example, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 3 || fields[0] != "mcpgen" || fields[1] != "new" {
			continue
		}
		args := fields[1:]
		for i, a := range args {
			if i > 0 && args[i-1] == "--replace-mcpwire" && a == "." {
				args[i] = repo
			}
			if a == "&&" {
				args = args[:i]
				break
			}
		}
		args[1] = filepath.Join(t.TempDir(), filepath.Base(args[1]))
		args = append(args, "--tidy=false")
		ran++
		var stdout, stderr bytes.Buffer
		if code := cli.Main(args, &stdout, &stderr); code != cli.ExitOK {
			t.Errorf("help example %q: exit %d\n%s", strings.TrimSpace(line), code, stderr.String())
		}
	}
	if ran < 2 {
		t.Errorf("found %d mcpgen new examples in the help, want the ones it shows", ran)
	}
}
