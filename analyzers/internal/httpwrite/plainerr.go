package httpwrite

import (
	"go/ast"
	"go/types"
)

// An echo or fiber handler answers a plain error it returns (not an
// echo.HTTPError or a fiber.Error, which carry their status) through the
// framework's default error handler: 500. A package that installs its own
// error handler (echo's HTTPErrorHandler, fiber.Config's ErrorHandler)
// decides otherwise, and its handlers' returns are not answers.

// frameworkHandler reports a function of an echo or fiber handler's
// signature: func(echo.Context) error, func(*fiber.Ctx) error.
func frameworkHandler(info *types.Info, decl *ast.FuncDecl) bool {
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !IsErrorType(sig.Results().At(0).Type()) {
		return false
	}
	t := sig.Params().At(0).Type()
	return IsNamed(t, PkgEcho, "Context") || IsNamed(t, PkgEchoV5, "Context") || IsNamed(t, PkgFiber, "Ctx") || IsNamed(t, PkgFiber3, "Ctx")
}

// customErrorHandler reports a package that installs its own error
// handler for a framework.
func customErrorHandler(files []*ast.File) bool {
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if n.Sel.Name == "HTTPErrorHandler" {
					found = true
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "ErrorHandler" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// plainErrorReturns are the answers of a framework handler's returns of a
// plain error: 500, about that error. A return of a call that is an
// answer already (c.JSON(...), echo.NewHTTPError(...), a helper that
// writes), of nil, or of a variable a framework writer set is none.
func plainErrorReturns(info *types.Info, decl *ast.FuncDecl, ws []*Write) []*Write {
	answered := map[ast.Node]bool{}
	for _, w := range ws {
		answered[w.Node] = true
	}
	var out []*Write
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return true
		}
		e := ast.Unparen(ret.Results[0])
		if tv, ok := info.Types[e]; !ok || tv.IsNil() || !IsErrorType(tv.Type) {
			return true
		}
		switch x := e.(type) {
		case *ast.CallExpr:
			fn := Callee(info, x)
			if answered[x] || fn == nil || !plainErrorCtor(fn) {
				return true
			}
		case *ast.Ident:
			if !plainErrorVar(info, decl.Body, x) {
				return true
			}
		default:
			return true
		}
		w := &Write{Kind: Constructor, Node: e, Status: 500, Causes: []ast.Expr{e}}
		w.Stack = append([]ast.Node(nil), stack...)
		out = append(out, w)
		return true
	})
	return out
}

// plainErrorCtor reports fmt.Errorf and errors.New: an error built with no
// status.
func plainErrorCtor(fn *types.Func) bool {
	return IsFunc(fn, "fmt", "Errorf") || IsFunc(fn, PkgErrors, "New")
}

// plainErrorVar reports an error variable every assignment of which in
// body is a call of something that is not a framework's (a store, a
// decoder): the error it got, not one a writer or the framework made.
func plainErrorVar(info *types.Info, body *ast.BlockStmt, id *ast.Ident) bool {
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return false
	}
	n, ok := 0, true
	ast.Inspect(body, func(x ast.Node) bool {
		as, isAssign := x.(*ast.AssignStmt)
		if !isAssign || !ok {
			return ok
		}
		for i, l := range as.Lhs {
			li, isIdent := l.(*ast.Ident)
			if !isIdent || info.ObjectOf(li) != v {
				continue
			}
			n++
			var r ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				r = as.Rhs[i]
			case len(as.Rhs) == 1:
				r = as.Rhs[0]
			}
			call, isCall := ast.Unparen(r).(*ast.CallExpr)
			if !isCall {
				ok = false
				continue
			}
			fn := Callee(info, call)
			if fn == nil || fn.Pkg() == nil {
				ok = false
				continue
			}
			for _, p := range FrameworkPkgs {
				if fn.Pkg().Path() == p {
					ok = false
				}
			}
		}
		return ok
	})
	return ok && n > 0
}
