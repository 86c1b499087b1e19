package mcpvet_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// expectedFile holds the findings on testdata/e2e, one per line as go vet
// prints them (paths relative to the module root), sorted. Rewrite it with
// MCPVET_UPDATE=1 go test ./internal/mcpvet -run TestVetTool after changing
// the sample or an analyzer, and review the diff.
const expectedFile = "testdata/e2e.expected"

// findings normalises a run's diagnostics: paths relative to dir, package
// headers dropped, sorted (packages are vetted in parallel).
func findings(output, dir string) []string {
	var lines []string
	for _, l := range strings.Split(output, "\n") {
		l = strings.TrimPrefix(strings.TrimPrefix(l, dir+string(filepath.Separator)), "./")
		// go vet prints a finding's Related positions after it, each as
		// "file:line:col: \tmessage"; the standalone driver does not, so the
		// comparison keeps the findings themselves.
		if strings.Contains(l, ": \t") {
			continue
		}
		// Both name the analyzer after the message; the expected file
		// keeps the findings without it (TestVetToolNamesAnalyzer checks
		// the name).
		l = analyzerSuffix.ReplaceAllString(l, "")
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, filepath.ToSlash(l))
		}
	}
	slices.Sort(lines)
	return lines
}

var analyzerSuffix = regexp.MustCompile(` \[[a-z]+\]$`)

func readExpected(t *testing.T) string {
	t.Helper()
	want, err := os.ReadFile(expectedFile)
	if err != nil {
		t.Fatal(err)
	}
	return string(want)
}

func TestVetTool(t *testing.T) {
	dir := sampleModule(t)
	r := command(t, dir, "go", "vet", "-vettool="+mcpvetBin, "./...")
	if r.code != 1 {
		t.Fatalf("go vet -vettool exit code = %d, want 1 (findings)\nstderr:\n%s", r.code, r.stderr)
	}
	got := strings.Join(findings(r.stderr, dir), "\n") + "\n"
	if os.Getenv("MCPVET_UPDATE") == "1" {
		if err := os.WriteFile(expectedFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want := readExpected(t); got != want {
		t.Errorf("go vet -vettool=mcpvet ./... findings differ from %s\ngot:\n%s\nwant:\n%s", expectedFile, got, want)
	}
}

// TestStandaloneMatchesVetTool: the same binary run on its own reports the
// same findings as under go vet, and exits 3.
func TestStandaloneMatchesVetTool(t *testing.T) {
	dir := sampleModule(t)
	r := command(t, dir, mcpvetBin, "./...")
	if r.code != 3 {
		t.Fatalf("mcpvet ./... exit code = %d, want 3\nstderr:\n%s", r.code, r.stderr)
	}
	want := readExpected(t)
	if got := strings.Join(findings(r.stderr, dir), "\n") + "\n"; got != want {
		t.Errorf("mcpvet ./... findings differ from %s\ngot:\n%s\nwant:\n%s", expectedFile, got, want)
	}
}

func TestExitCodes(t *testing.T) {
	dir := sampleModule(t)
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "broken.go"), []byte("package broken\n\nvar x int = \"not an int\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Exit codes are the driver's, not the analyzers': most cases run only
	// ignoredirective (-ignoredirective), which needs no facts and so loads
	// no dependencies from source, to keep the test quick.
	only := "-ignoredirective"
	tests := []struct {
		name string
		cmd  []string
		want int
	}{
		{"standalone, findings", []string{mcpvetBin, only, "./bad"}, 3},
		{"standalone, clean, whole suite", []string{mcpvetBin, "./good"}, 0},
		{"standalone, the finding's analyzer disabled", []string{mcpvetBin, "-ignoredirective=false", "-errclass=false", "./bad"}, 0},
		{"standalone, -json with findings", []string{mcpvetBin, only, "-json", "./bad"}, 0},
		{"standalone, -format=sarif with findings", []string{mcpvetBin, only, "-format=sarif", "./bad"}, 0},
		{"standalone, type error", []string{mcpvetBin, only, "./broken"}, 1},
		{"standalone, -format=sarif, type error", []string{mcpvetBin, only, "-format=sarif", "./broken"}, 1},
		{"standalone, no such package", []string{mcpvetBin, only, "./nosuch"}, 1},
		{"standalone, unknown -format", []string{mcpvetBin, "-format=xml", "./good"}, 2},
		{"standalone, unknown flag", []string{mcpvetBin, "-nosuchflag", "./good"}, 2},
		{"standalone, no packages given", []string{mcpvetBin}, 2},
		{"standalone, -format=sarif -fix=1", []string{mcpvetBin, "-format=sarif", "-fix=1", "./good"}, 2},
		{"standalone, help nosuch", []string{mcpvetBin, "help", "nosuch"}, 2},
		{"standalone, help", []string{mcpvetBin, "help"}, 0},
		{"standalone, version", []string{mcpvetBin, "version"}, 0},
		{"standalone, -cpuprofile in a directory that does not exist", []string{mcpvetBin, only, "-cpuprofile=nosuchdir/cpu.out", "./good"}, 1},
		{"standalone, -format=sarif, a pattern naming no directory", []string{mcpvetBin, only, "-format=sarif", "./empty/..."}, 1},
		{"go vet, findings", []string{"go", "vet", "-vettool=" + mcpvetBin, "./bad"}, 1},
		{"go vet, clean", []string{"go", "vet", "-vettool=" + mcpvetBin, "./good"}, 0},
		{"go vet, -json with findings", []string{"go", "vet", "-vettool=" + mcpvetBin, "-json", "./bad"}, 0},
		// Last: -fix changes ./bad (its misspelled name), not its other findings.
		{"standalone, -fix with findings left", []string{mcpvetBin, only, "-fix", "./bad"}, 3},
		{"standalone, -fix -json with findings left", []string{mcpvetBin, only, "-fix", "-json", "./bad"}, 3},
	}
	// A whole-suite analysis another case already runs, with one more
	// analyzer off: with CI=true or MCPWIRE_SLOW=1 only.
	slowCases := map[string]bool{"standalone, the finding's analyzer disabled": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if slowCases[tt.name] && !slow() {
				t.Skip("slow: set MCPWIRE_SLOW=1 (CI=true runs it)")
			}
			r := command(t, dir, tt.cmd[0], tt.cmd[1:]...)
			if r.code != tt.want {
				t.Errorf("%s: exit code %d, want %d\nstderr:\n%s", strings.Join(tt.cmd, " "), r.code, tt.want, r.stderr)
			}
		})
	}
}

func TestVersionFull(t *testing.T) {
	r := command(t, ".", mcpvetBin, "-V=full")
	// go vet parses this line to key its cache on the tool's content.
	re := regexp.MustCompile(`^\S*mcpvet version devel .*buildID=[0-9a-f]{64}\n$`)
	if r.code != 0 || !re.MatchString(r.stdout) {
		t.Errorf("mcpvet -V=full = %q (exit %d), want a line matching %s", r.stdout, r.code, re)
	}
}

func TestFlags(t *testing.T) {
	r := command(t, ".", mcpvetBin, "-flags")
	if r.code != 0 {
		t.Fatalf("mcpvet -flags exit code %d\n%s", r.code, r.stderr)
	}
	var flags []struct {
		Name  string
		Bool  bool
		Usage string
	}
	if err := json.Unmarshal([]byte(r.stdout), &flags); err != nil {
		t.Fatalf("mcpvet -flags is not JSON: %v\n%s", err, r.stdout)
	}
	byName := map[string]bool{}
	for _, f := range flags {
		byName[f.Name] = f.Bool
	}
	// go vet passes on only the flags listed here: every analyzer's enable
	// flag, -json and -c; never -fix (go vet's own) or -format (standalone).
	for _, name := range append(analyzerNames(), "json", "c", "V") {
		if _, ok := byName[name]; !ok {
			t.Errorf("mcpvet -flags lacks -%s", name)
		}
	}
	for _, name := range analyzerNames() {
		if !byName[name] {
			t.Errorf("mcpvet -flags: -%s is not a boolean flag", name)
		}
	}
	for _, name := range []string{"fix", "format"} {
		if _, ok := byName[name]; ok {
			t.Errorf("mcpvet -flags lists -%s, which go vet must not pass on", name)
		}
	}
}

// TestCPUProfile checks that -cpuprofile writes a profile go tool pprof
// reads (gzipped protobuf) and changes nothing else about the run.
func TestCPUProfile(t *testing.T) {
	dir := sampleModule(t)
	prof := filepath.Join(t.TempDir(), "cpu.out")
	r := command(t, dir, mcpvetBin, "-ignoredirective", "-cpuprofile="+prof, "./bad")
	if r.code != 3 || !strings.Contains(r.stdout+r.stderr, "[ignoredirective]") {
		t.Fatalf("exit code %d, want 3 with the finding\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Fatalf("profile of %d bytes does not start with gzip's magic", len(data))
	}
	out := command(t, dir, "go", "tool", "pprof", "-top", mcpvetBin, prof)
	if out.code != 0 || !strings.Contains(out.stdout, "Duration:") {
		t.Errorf("go tool pprof -top: exit code %d\nstdout:\n%s\nstderr:\n%s", out.code, out.stdout, out.stderr)
	}
}

func TestJSON(t *testing.T) {
	// TestStandaloneMatchesVetTool checks the same findings in text; the
	// -json tree's shape and exit code are checked by TestExitCodes.
	if !slow() {
		t.Skip("slow: a second full analysis of the sample; set MCPWIRE_SLOW=1 (CI=true runs it)")
	}
	dir := sampleModule(t)
	r := command(t, dir, mcpvetBin, "-json", "./...")
	var tree map[string]map[string][]struct {
		Posn, End, Message string
	}
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("mcpvet -json output is not the multichecker's JSON tree: %v\n%s", err, r.stdout)
	}
	want := readExpected(t)
	var got []string
	for _, byAnalyzer := range tree {
		for _, diags := range byAnalyzer {
			for _, d := range diags {
				got = append(got, d.Posn+": "+d.Message)
			}
		}
	}
	if g := strings.Join(findings(strings.Join(got, "\n"), dir), "\n") + "\n"; g != want {
		t.Errorf("mcpvet -json findings differ from %s\ngot:\n%s\nwant:\n%s", expectedFile, g, want)
	}
}

// TestFix applies the suggested fixes and checks the module is then clean
// of the fixed finding.
func TestFix(t *testing.T) {
	dir := sampleModule(t)
	file := filepath.Join(dir, "bad", "directives.go")
	// The sample's other directive findings have no fix, so they remain
	// and the exit code says so.
	if r := command(t, dir, mcpvetBin, "-ignoredirective", "-fix", "./..."); r.code != 3 || !strings.Contains(r.stderr, "mcpvet: applied 1 fix; 3 findings remain") {
		t.Fatalf("mcpvet -fix exit code %d, want 3 and a summary\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "//mcpvet:ignore ignoredirective the fix corrects the name") {
		t.Errorf("mcpvet -fix did not correct the misspelled analyzer name:\n%s", data)
	}
	r := command(t, dir, mcpvetBin, "-ignoredirective", "./...")
	if strings.Contains(r.stderr, "ignoredirectiv\"") {
		t.Errorf("after -fix, mcpvet still reports the misspelling:\n%s", r.stderr)
	}
}
