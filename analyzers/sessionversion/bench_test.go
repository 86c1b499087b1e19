package sessionversion_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcpwire/mcpwire/analyzers/internal/fixtures"
	"github.com/mcpwire/mcpwire/analyzers/sessionversion"
)

// BenchmarkGoSDK runs the analyzer alone, type-checking excluded, on
// go-sdk's mcp package (loaded from the repository root, whose module
// requires the real go-sdk; the fixtures hold a stub): the largest
// package it meets that knows 2026-07-28, so every shape's walk runs. Its
// cost next to type-checking is what scripts/bench-mcpvet's ratio sees.
func BenchmarkGoSDK(b *testing.B) {
	dir, err := fixtures.RepoRoot()
	if err != nil {
		b.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "github.com/modelcontextprotocol/go-sdk/mcp")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatal("load failed", err)
	}
	p := pkgs[0]
	findings := 0
	pass := &analysis.Pass{
		Analyzer: sessionversion.Analyzer, Fset: p.Fset, Files: p.Syntax, Pkg: p.Types,
		TypesInfo: p.TypesInfo, TypesSizes: p.TypesSizes, ReadFile: os.ReadFile,
		ResultOf: map[*analysis.Analyzer]any{},
		Report:   func(analysis.Diagnostic) { findings++ },
	}
	for b.Loop() {
		if _, err := sessionversion.Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
	if findings == 0 {
		b.Fatal("no finding: go-sdk v1.8.0's client keeps a volunteered id (corpus FLAG)")
	}
}
