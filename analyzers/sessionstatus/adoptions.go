package sessionstatus

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// adoptions gathers a package's findings of a session taken under the
// client's id, so that each function gets one, at the first place in it
// where the id becomes a session: the readings that find them (a
// get-or-create, a store past no test, an initialize keeping the id) may
// each see a different place in one function, and the earliest is where
// a reader starts the fix. The others are related positions of it.
type adoptions struct {
	funcs []ast.Node
	byFn  map[ast.Node][]analysis.Diagnostic
	order []ast.Node
}

func newAdoptions(funcs []ast.Node) *adoptions {
	return &adoptions{funcs: funcs, byFn: map[ast.Node][]analysis.Diagnostic{}}
}

// add records d under the innermost function holding it.
func (a *adoptions) add(d analysis.Diagnostic) {
	fn := a.funcAt(d.Pos)
	if a.byFn[fn] == nil {
		a.order = append(a.order, fn)
	}
	a.byFn[fn] = append(a.byFn[fn], d)
}

func (a *adoptions) funcAt(pos token.Pos) ast.Node {
	var in ast.Node
	for _, n := range a.funcs {
		if n.Pos() <= pos && pos < n.End() && (in == nil || n.End()-n.Pos() < in.End()-in.Pos()) {
			in = n
		}
	}
	return in
}

// report reports, per function, the earliest finding, with the places of
// the others as related positions.
func (a *adoptions) report(pass *analysis.Pass) {
	for _, fn := range a.order {
		ds := a.byFn[fn]
		slices.SortStableFunc(ds, func(x, y analysis.Diagnostic) int { return cmp.Compare(x.Pos, y.Pos) })
		d := ds[0]
		for _, o := range ds[1:] {
			if o.Pos != d.Pos {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: o.Pos, End: o.End, Message: "the client's id kept here too"})
			}
		}
		report.Report(pass, d)
	}
}
