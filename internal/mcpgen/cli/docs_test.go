package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// TestInstallDocsNameNoMissingRelease: an install instruction in the
// README, the scaffold's templates or the pre-commit hook file names only
// releases that exist as tags of this repository (none yet), never
// @latest, and placeholders (vX.Y.Z) otherwise. Issue 10: `go install
// …@latest`, pre-commit `rev: v0.1.0` and the golangci plugin's
// `version: v0.1.0` all named a release that did not exist.
func TestInstallDocsNameNoMissingRelease(t *testing.T) {
	root := mcpgentest.RepoRoot(t)
	tags := map[string]bool{}
	if out, err := exec.Command("git", "-C", root, "tag", "--list").Output(); err == nil {
		for _, tag := range strings.Fields(string(out)) {
			tags[tag] = true
		}
	}
	files := []string{"README.md", ".pre-commit-hooks.yaml"}
	for _, glob := range []string{"templates/*.tmpl", "examples/*/README.md", "docs/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			rel, _ := filepath.Rel(root, p)
			files = append(files, rel)
		}
	}
	var (
		// go install/get/run github.com/mcpwire/mcpwire/...@VERSION
		atVersion = regexp.MustCompile(`github\.com/mcpwire/mcpwire[\w./-]*@([\w.+-]+)`)
		// pre-commit's rev: of this repository, the golangci plugin's version:
		// of this module (the lines after "module: github.com/mcpwire/mcpwire").
		rev     = regexp.MustCompile(`^\s*rev:\s*(\S+)`)
		version = regexp.MustCompile(`^\s*version:\s*(v\S+)`)
		semver  = regexp.MustCompile(`^v\d+\.\d+\.\d+`)
	)
	checked := 0
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			var named []string
			for _, m := range atVersion.FindAllStringSubmatch(line, -1) {
				named = append(named, m[1])
			}
			if m := rev.FindStringSubmatch(line); m != nil && i > 0 && strings.Contains(lines[i-1], "github.com/mcpwire/mcpwire") {
				named = append(named, m[1])
			}
			if m := version.FindStringSubmatch(line); m != nil && i > 1 && strings.Contains(lines[i-2]+lines[i-1], "module: github.com/mcpwire/mcpwire") {
				named = append(named, m[1])
			}
			for _, v := range named {
				checked++
				// v0.0.0-00010101000000-000000000000 goes with a replace.
				if v == "latest" || (semver.MatchString(v) && !strings.HasPrefix(v, "v0.0.0-") && !tags[v]) {
					t.Errorf("%s:%d names mcpwire %s, which is not a tag of this repository: %s", name, i+1, v, strings.TrimSpace(line))
				}
			}
		}
	}
	if checked == 0 {
		t.Error("found no install instruction naming a mcpwire version; the patterns no longer match the README")
	}
}
