package scaffold

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"testing"

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
		if !bytes.Equal(got, f.Data) {
			t.Errorf("examples/sample/%s differs from what mcpgen generates; delete examples/sample and regenerate it:\n\tgo run ./cmd/mcpgen new examples/sample --module %s --replace-mcpwire .", f.Path, sampleOptions.Module)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// go.sum is tidy's; the binary `go build` leaves is ignored by .gitignore.
	planned := map[string]bool{"go.sum": true, path.Base(sampleOptions.Module): true}
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
