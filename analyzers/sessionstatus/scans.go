package sessionstatus

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// scansOf returns the session scans of the functions need holds, from the
// answers' own where they have one.
func scansOf(pass *analysis.Pass, sum *answers.Result, need map[ast.Node]bool) map[ast.Node]*session.Scan {
	out := map[ast.Node]*session.Scan{}
	missing := false
	for n := range need {
		if s := sum.Scans[n]; s != nil {
			out[n] = s
		} else {
			missing = true
		}
	}
	if !missing {
		return out
	}
	for n, s := range moreScans(pass, sum, func(n ast.Node) bool { return need[n] && sum.Scans[n] == nil }) {
		out[n] = s
	}
	return out
}

// moreScans scans the functions want selects with what the answers pass
// learnt of the package's ids, or learns it when that pass skipped the
// package.
func moreScans(pass *analysis.Pass, sum *answers.Result, want func(ast.Node) bool) map[ast.Node]*session.Scan {
	if sum.Learned != nil {
		return sum.Learned.Scans(want)
	}
	return session.ScanPackage(pass.TypesInfo, pass.Pkg, sum.Funcs, sum.IDFunc, want)
}

// callSite is a call in a function of the package, with the path from the
// function's body to it.
type callSite struct {
	fn   ast.Node
	call *ast.CallExpr
	fnc  *types.Func // the callee
	path []ast.Node
}

// callSites lists the calls, outside test files and nested literals, of
// the package's functions whose callee keep selects.
func callSites(pass *analysis.Pass, sum *answers.Result, keep func(fn *types.Func, c *ast.CallExpr) bool) []callSite {
	var out []callSite
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
			c, ok := x.(*ast.CallExpr)
			if !ok {
				return
			}
			if fn := httpwrite.Callee(pass.TypesInfo, c); fn != nil && keep(fn, c) {
				out = append(out, callSite{n, c, fn, append([]ast.Node(nil), path...)})
			}
		})
	}
	return out
}

// funcOf is the function fd declares, or nil for a literal.
func funcOf(info *types.Info, n ast.Node) *types.Func {
	fd, ok := n.(*ast.FuncDecl)
	if !ok {
		return nil
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	return fn
}
