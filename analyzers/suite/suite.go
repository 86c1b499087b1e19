// Package suite is the one list of mcpvet's analyzers. The mcpvet binary,
// its SARIF output and the golangci-lint plugin all run exactly this list,
// so a check added here reaches every way of running mcpvet at once.
package suite

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/errclass"
	"github.com/mcpwire/mcpwire/analyzers/ignoredirective"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/refusedhandshake"
	"github.com/mcpwire/mcpwire/analyzers/sessionstatus"
	"github.com/mcpwire/mcpwire/analyzers/sessionversion"
)

// checks are the analyzers that look for wiring bugs.
var checks = []*analysis.Analyzer{
	refusedhandshake.Analyzer,
	errclass.Analyzer,
	sessionstatus.Analyzer,
	sessionversion.Analyzer,
}

// all is checks plus ignoredirective, which is built from them because a
// suppression directive may name any of them; sorted by name so help,
// -flags and SARIF rules list them in a stable order.
var all = func() []*analysis.Analyzer {
	out := append(slices.Clone(checks), ignoredirective.New(checks...))
	slices.SortFunc(out, func(a, b *analysis.Analyzer) int { return strings.Compare(a.Name, b.Name) })
	return out
}()

// Analyzers returns mcpvet's analyzers, sorted by name. The slice is the
// caller's; the analyzers are shared.
func Analyzers() []*analysis.Analyzer { return slices.Clone(all) }

// SetFactsOnly tells the analyzers that nothing reads this process's
// findings, only the facts it exports: go vet's runs on a checked package's
// dependencies (a unit config with VetxOnly). The checks then skip the work
// that exports no fact; the facts are the same either way.
func SetFactsOnly(on bool) { report.SetFactsOnly(on) }
