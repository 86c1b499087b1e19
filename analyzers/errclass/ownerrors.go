package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// ownErrorsFact marks an exported function whose every error is made in
// place and wraps nothing: errors.New, fmt.Errorf given no error, or a
// sentinel of its own package (an in-memory registry's "backend %s not
// found"). Its failure is its answer about its input, never an outage
// passed on; an interface whose implementations in sight all carry it is
// not a server-side store (tracer.ownImplementations).
type ownErrorsFact struct{}

func (*ownErrorsFact) AFact() {}

func (*ownErrorsFact) String() string { return "own errors" }

// exportOwnErrors exports an ownErrorsFact for each exported function of
// the package whose errors are all its own (ownErrors).
func exportOwnErrors(pass *analysis.Pass) {
	if httpwrite.IsStd(pass.Pkg.Path()) {
		return
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn != nil && httpwrite.Exported(fn) && ownErrors(pass.TypesInfo, fn, fd) {
				pass.ExportObjectFact(fn, new(ownErrorsFact))
			}
		}
	}
}

// ownErrors reports a function returning an error last whose every return
// names its results and gives as the error nil, errors.New(...),
// fmt.Errorf(...) with no argument of an error type, or a package-level
// error variable of fn's own package; at least one return is not nil.
func ownErrors(info *types.Info, fn *types.Func, fd *ast.FuncDecl) bool {
	fails := false
	own := httpwrite.EachErrorReturn(fn, fd.Body, func(e ast.Expr) bool {
		switch {
		case isNilExpr(info, e):
		case madeInPlace(info, e):
			fails = true
		case isSentinel(info, e) && info.Uses[httpwrite.NameOf(e)].Pkg() == fn.Pkg():
			fails = true
		default:
			return false
		}
		return true
	})
	return own && fails
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// madeInPlace reports errors.New(...) or fmt.Errorf(...) given no value
// of an error type (nothing wrapped).
func madeInPlace(info *types.Info, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpwrite.Callee(info, call)
	if !httpwrite.IsFunc(fn, httpwrite.PkgErrors, "New") && !httpwrite.IsFunc(fn, "fmt", "Errorf") {
		return false
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && types.Implements(t, errorIface) {
			return false
		}
	}
	return true
}
