package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// catMissingMethod: a message with no method answered Method not found.
const catMissingMethod = "missing-method-not-found"

// A message with no method is not a JSON-RPC request (a response needs a
// result or an error besides its id): protocol.md's not-jsonrpc row
// answers it 400 with -32600. -32601 says a method was named and is not
// served. Two answers give a message with no method -32601:
//
//   - a test of the empty method answered -32601 (emptyMethodNotFound);
//   - a switch on the method whose default answers -32601, reached by a
//     message decoded from JSON that nothing tested the method of
//     (untestedDispatch): encoding/json leaves an absent method "", and
//     "" falls to the default.

// missingMethods reports both in pass's package. It reads syntax and
// types only: the switches on a method that name MCP's methods, and the
// functions of the package that lead to them.
//
// Silent in test support (a package of its module whose path names test,
// mock, fake or example: a fake server answers what its tests send) and
// in a command that imports no HTTP package: it answers on stdio, where
// the rows these answers break, an HTTP status and a POST of notifications
// answered 202, do not apply.
func missingMethods(pass *analysis.Pass) {
	if !importsDecoder(pass.Pkg) {
		return // no message is decoded here: none is dispatched untested
	}
	if httpwrite.TestSupport(httpwrite.PathInModule(pass)) || stdioCommand(pass.Pkg) {
		return
	}
	info := pass.TypesInfo
	d := &dispatchFlow{pass: pass, info: info}
	for _, f := range pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.IfStmt:
				if at := emptyMethodNotFound(info, n); at != nil && !httpwrite.InTest(pass, n) {
					report.Report(pass, analysis.Diagnostic{
						Pos: at.Pos(), End: at.End(), Category: catMissingMethod,
						Message: "answers -32601 (Method not found) to a message with no method: that is not a request, answer -32600 (Invalid Request)",
					})
				}
			case *ast.SwitchStmt:
				if notFoundDefault(info, n) != nil && !httpwrite.InTest(pass, n) {
					d.judge(n, enclosingFunc(stack))
				}
			}
			return true
		})
	}
}

// stdioCommand reports a main package that imports neither net/http nor
// a web framework: it cannot answer HTTP.
func stdioCommand(pkg *types.Package) bool {
	return pkg.Name() == "main" && !httpwrite.Imports(pkg, httpwrite.PkgHTTP, httpwrite.PkgGin, httpwrite.PkgEcho, httpwrite.PkgEchoV5, httpwrite.PkgFiber, httpwrite.PkgFiber3)
}

// importsDecoder reports a package that imports a JSON decoder jsonDecode
// knows: only such a package can decode the message it dispatches.
func importsDecoder(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		switch imp.Path() {
		case "encoding/json", "github.com/bytedance/sonic", "github.com/json-iterator/go", "github.com/goccy/go-json",
			httpwrite.PkgGin, httpwrite.PkgEcho, httpwrite.PkgEchoV5, httpwrite.PkgFiber:
			return true
		}
	}
	return false
}

// enclosingFunc is the innermost function declaration or literal on stack.
func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}

// emptyMethodNotFound returns the -32601 an if answers directly when its
// condition holds for an empty method (method == "", len(method) == 0,
// alone or as one of the operands of ||).
func emptyMethodNotFound(info *types.Info, ifs *ast.IfStmt) ast.Expr {
	if !emptyMethodTest(info, ifs.Cond) {
		return nil
	}
	return notFoundIn(info, ifs.Body.List)
}

func emptyMethodTest(info *types.Info, e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return emptyMethodTest(info, b.X) || emptyMethodTest(info, b.Y)
	case token.EQL:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if methodTag(info, pair[0]) && emptyStringConst(info, pair[1]) {
				return true
			}
			if call, ok := ast.Unparen(pair[0]).(*ast.CallExpr); ok && len(call.Args) == 1 && isBuiltin(info, call.Fun, "len") &&
				methodTag(info, call.Args[0]) && isIntConst(info, pair[1], 0) {
				return true
			}
		}
	}
	return false
}

// notFoundDefault returns the -32601 the default clause of a switch on a
// request's method answers directly, when the switch's other cases name
// MCP's methods and none is the empty method.
func notFoundDefault(info *types.Info, sw *ast.SwitchStmt) ast.Expr {
	if sw.Tag == nil || !methodTag(info, sw.Tag) || !namesMCPMethods(info, sw) {
		return nil
	}
	var def ast.Expr
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			def = notFoundIn(info, cc.Body)
			continue
		}
		for _, e := range cc.List {
			if emptyStringConst(info, e) {
				return nil
			}
		}
	}
	return def
}

// notFoundIn returns the constant -32601 in stmts outside any further
// test, loop or function literal: what every path through them answers.
func notFoundIn(info *types.Info, stmts []ast.Stmt) ast.Expr {
	var found ast.Expr
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				return false
			case ast.Expr:
				if isIntConst(info, n, int64(httpwrite.CodeMethodNotFound)) {
					found = n
					return false
				}
			}
			return true
		})
	}
	return found
}

func emptyStringConst(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && v == ""
}

// isIntConst reports an integer constant of value want.
func isIntConst(info *types.Info, e ast.Expr, want int64) bool {
	v, ok := httpwrite.IntConst(info, e)
	return ok && v == want
}

func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}
