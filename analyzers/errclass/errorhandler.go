package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A reverse proxy hands its ErrorHandler the error of a round trip that
// failed: the upstream refused or never answered, its reply could not be
// read, ModifyResponse rejected it, or the client's body broke off while
// it was being sent. None of those is bytes that failed to parse, so
// -32700 is never the handler's answer.

// inErrorHandler reports whether fn is, or is declared inside, a function
// the package sets as an *httputil.ReverseProxy's ErrorHandler (in the
// proxy's literal or assigned to its field).
func (c *checker) inErrorHandler(fn *ssa.Function) bool {
	if c.errorHandlers == nil {
		c.errorHandlers = c.collectErrorHandlers()
	}
	for f := fn; f != nil; f = f.Parent() {
		if syn := f.Syntax(); syn != nil && c.errorHandlers[syn] {
			return true
		}
	}
	return false
}

// collectErrorHandlers finds the functions set as ErrorHandler: the
// literal itself, or the declaration of the function or method named.
func (c *checker) collectErrorHandlers() map[ast.Node]bool {
	info := c.pass.TypesInfo
	out := map[ast.Node]bool{}
	add := func(v ast.Expr) {
		switch v := ast.Unparen(v).(type) {
		case *ast.FuncLit:
			out[v] = true
		case *ast.Ident:
			c.addDecl(out, info.Uses[v])
		case *ast.SelectorExpr:
			c.addDecl(out, info.Uses[v.Sel])
		}
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if !httpwrite.IsNamed(info.TypeOf(n), pkgHTTPUtil, "ReverseProxy") {
					return true
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "ErrorHandler" {
							add(kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if ok && sel.Sel.Name == "ErrorHandler" && httpwrite.IsNamed(info.TypeOf(sel.X), pkgHTTPUtil, "ReverseProxy") && i < len(n.Rhs) {
						add(n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return out
}

// addDecl adds the declaration of obj when it is a function or method of
// the package.
func (c *checker) addDecl(out map[ast.Node]bool, obj types.Object) {
	if fn, ok := obj.(*types.Func); ok {
		if d := c.decls()[fn.Origin()]; d != nil {
			out[d] = true
		}
	}
}
