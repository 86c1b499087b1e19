package scaffold

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/mcpwire/mcpwire/internal/mcpgen/mcpgentest"
)

// The sample under examples/sample is `mcpgen new` output, checked in. These
// are the options it was made with:
//
//	go run ./cmd/mcpgen new examples/sample --module github.com/mcpwire/mcpwire/examples/sample --replace-mcpwire .
var sampleOptions = Options{Module: "github.com/mcpwire/mcpwire/examples/sample", Replace: "../.."}

// indirectBlock is the require block of indirect dependencies that
// `go mod tidy` adds to the scaffold's go.mod.
var indirectBlock = regexp.MustCompile(`\nrequire \(\n(\t\S+ \S+ // indirect\n)+\)\n`)

// TestSampleUpToDate regenerates the sample and fails on any difference,
// so that a change to the generator or the templates comes with the
// regenerated sample. go.sum is left to go mod tidy; go.mod is compared
// without the indirect requirements tidy adds.
func TestSampleUpToDate(t *testing.T) {
	dir := filepath.Join(mcpgentest.RepoRoot(t), "examples", "sample")
	files, err := Plan(sampleOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Errorf("%v; regenerate the sample (see sampleOptions)", err)
			continue
		}
		if f.Path == "go.mod" {
			got = indirectBlock.ReplaceAll(got, nil)
		}
		if f.Path == ToolsModFile {
			// Tidy rewrites tools.mod's requirements (the tools' and the
			// server's); what mcpgen decides is the rest.
			if want, have := modSummary(t, f.Data), modSummary(t, got); want != have {
				t.Errorf("examples/sample/%s:\n%s\nwant:\n%s\nregenerate the sample (see sampleOptions)", f.Path, have, want)
			}
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("examples/sample/%s differs from what mcpgen generates; delete examples/sample and regenerate it:\n\tgo run ./cmd/mcpgen new examples/sample --module %s --replace-mcpwire .", f.Path, sampleOptions.Module)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// go.sum is tidy's; the binary `go build` leaves is ignored by .gitignore.
	planned := map[string]bool{"go.sum": true, "tools.sum": true, path.Base(sampleOptions.Module): true}
	for _, f := range files {
		planned[f.Path] = true
	}
	for _, e := range entries {
		if !planned[e.Name()] {
			t.Errorf("examples/sample/%s is not mcpgen output", e.Name())
		}
	}
}

// TestSampleBuilds vets the sample as its own module; in CI (or with
// MCPWIRE_SLOW=1) it runs its generated tests and mcpvet too.
func TestSampleBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the sample module")
	}
	root := mcpgentest.RepoRoot(t)
	dir := filepath.Join(root, "examples", "sample")
	mcpgentest.Go(t, dir, "vet", "./...")
	if mcpgentest.Slow() {
		mcpgentest.Go(t, dir, "test", "-count=1", "-race", "./...")
		mcpvet := filepath.Join(t.TempDir(), "mcpvet")
		mcpgentest.Go(t, root, "build", "-o", mcpvet, "./cmd/mcpvet")
		mcpgentest.Run(t, dir, mcpvet, "./...")
	}
}

// modSummary is what of a go.mod-format file mcpgen writes and tidy keeps:
// module, go line, tools, replacements and the mcpwire requirement.
func modSummary(t *testing.T, data []byte) string {
	t.Helper()
	f, err := modfile.Parse("tools.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module %s\ngo %s\n", f.Module.Mod.Path, f.Go.Version)
	for _, tl := range f.Tool {
		fmt.Fprintf(&b, "tool %s\n", tl.Path)
	}
	for _, r := range f.Require {
		if r.Mod.Path == ToolsModule {
			fmt.Fprintf(&b, "require %s %s\n", r.Mod.Path, r.Mod.Version)
		}
	}
	for _, r := range f.Replace {
		fmt.Fprintf(&b, "replace %s => %s\n", r.Old.Path, r.New.Path)
	}
	return b.String()
}
