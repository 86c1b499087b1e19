package refusedhandshake_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
)

// BenchmarkAnalyzer measures the analyzer over go-sdk's mcp package, the
// runtime and (because it uses facts) all their dependencies, loaded once.
// BenchmarkBaseline runs a no-op analyzer of the same shape (it declares a
// fact type, so the checker runs it on every dependency too, and requires
// nothing): the difference is this analyzer's own cost.
func BenchmarkAnalyzer(b *testing.B) { benchAnalyze(b, refusedhandshake.Analyzer) }

func BenchmarkBaseline(b *testing.B) {
	benchAnalyze(b, &analysis.Analyzer{
		Name:      "baseline",
		Doc:       "baseline: does nothing",
		FactTypes: []analysis.Fact{new(refusedhandshake.LeakyConstructor)},
		Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	})
}

func benchAnalyze(b *testing.B, a *analysis.Analyzer) {
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
	b.ResetTimer()
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
