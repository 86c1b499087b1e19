package judge

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	polling := "- run: 2025-11-25\n  scenario: server-sse-polling\n  status: WARNING\n  reason: go-sdk sends no priming event\n"
	full := write("full.yaml", polling)
	empty := write("empty.yaml", "# nothing expected\n")
	bad := write("bad.yaml", "- run: x\n")
	// A listing naming a scenario the run lacks.
	listing := write("list.txt", "Server scenarios (test against a server):\n  - server-initialize [2025-11-25]\n  - ping [2025-11-25]\n")
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"pass", []string{"-expected", full, "-run", "2025-11-25=testdata/2025-11-25"}, 0, ": PASS\n"},
		{"unexpected warning", []string{"-expected", empty, "-run", "2025-11-25=testdata/2025-11-25"}, 1, "unexpected 1, missing 0, stale 0: FAIL"},
		{"missing scenario", []string{"-expected", full, "-run", "2025-11-25=testdata/2025-11-25:" + listing}, 1, "MISSING  2025-11-25 ping"},
		{"bad expectations", []string{"-expected", bad, "-run", "2025-11-25=testdata/2025-11-25"}, 1, "needs run, scenario and reason"},
		{"no results", []string{"-expected", full, "-run", "2025-11-25=" + dir}, 1, "wrote no results"},
		{"usage", []string{"-run", "x"}, 2, "want NAME=OUTDIR"},
		{"no runs", []string{"-expected", full}, 2, "usage:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(tc.args, &stdout, &stderr)
			all := stdout.String() + stderr.String()
			if code != tc.code || !strings.Contains(all, tc.out) {
				t.Errorf("Main(%v) = %d, want %d with %q in:\n%s", tc.args, code, tc.code, tc.out, all)
			}
		})
	}
}
