package errclass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
)

// BenchmarkAnalyzers measures errclass and sessionstatus alone over go-sdk's
// mcp package and the runtime, with every dependency (so every fact) in the
// run; loading and type-checking happen once, outside the loop. Compare
// with BenchmarkBaseline, a run with no analyzer work, to see what the two
// add over the driver's own cost.
func BenchmarkAnalyzers(b *testing.B) {
	benchmark(b, errclass.Analyzer, sessionstatus.Analyzer)
}

// BenchmarkLoad is the type-checking floor the analyzers' cost compares
// with: loading and type-checking the same packages from source.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		load(b)
	}
}

// BenchmarkBaseline runs an analyzer with facts that does nothing, so the
// driver walks the same dependency graph.
func BenchmarkBaseline(b *testing.B) {
	benchmark(b, &analysis.Analyzer{
		Name:      "noop",
		Doc:       "noop: nothing",
		Run:       func(*analysis.Pass) (any, error) { return nil, nil },
		FactTypes: []analysis.Fact{new(noopFact)},
	})
}

type noopFact struct{}

func (*noopFact) AFact() {}

func benchmark(b *testing.B, as ...*analysis.Analyzer) {
	pkgs := load(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := checker.Analyze(as, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func load(b *testing.B) []*packages.Package {
	root, err := fixtures.RepoRoot()
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: root}
	pkgs, err := packages.Load(cfg, "github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mcpwire/mcpwire/runtime/...")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("packages did not load cleanly")
	}
	return pkgs
}
