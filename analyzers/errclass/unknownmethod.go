package errclass

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catUnknownMethod: a method the server does not serve answered with a
// code other than JSON-RPC's Method not found.
const catUnknownMethod = "unknown-method-code"

// unknownMethod reports w when it is a constant code other than -32601
// answered for a method the server does not serve.
func (c *checker) unknownMethod(w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if !unknownMethodCode(info, w) {
		return false
	}
	what := fmt.Sprint(w.Code)
	if m, ok := stdMessages[w.Code]; ok {
		what += " (" + m + ")"
	}
	c.report(w.Node, catUnknownMethod, nil, nil,
		"answers %s to a method the server does not serve: answer -32601 (Method not found)", what)
	return true
}

func unknownMethodCode(info *types.Info, w *httpwrite.Write) bool {
	return w.HasCode && w.Code != 0 && w.Code != httpwrite.CodeMethodNotFound &&
		(w.CodeExpr == nil || isConst(info, w.CodeExpr)) && unknownMethodDefault(info, w.Stack)
}

// dispatcherCodes judges, in a package errclass otherwise skips (it can
// neither answer HTTP nor fail on the server's side) but that declares or
// imports a JSON-RPC request type, the codes its method switches' default
// clauses answer. Nothing else is read there: no SSA, no facts.
func dispatcherCodes(pass *analysis.Pass) {
	if !declaresRequest(pass.Pkg) && !importsRequest(pass.Pkg) || !hasMethodSwitch(pass) {
		return
	}
	sum := httpwrite.SummarizePackage(pass.TypesInfo, pass.Files, nil)
	funcs, ws := httpwrite.CollectFuncs(pass, sum)
	c := &checker{pass: pass, decls: declIndex(pass)}
	for _, n := range funcs {
		for _, w := range ws[n] {
			if body := httpwrite.Body(n); httpwrite.Delivered(pass.TypesInfo, body, w) && !c.unknownMethod(w) {
				c.unknownTool(body, w)
			}
		}
	}
}

// hasMethodSwitch reports a switch on a method whose cases name MCP's
// methods somewhere in the package's files: the cheap test before the
// package's answers are summarised.
func hasMethodSwitch(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sw, ok := n.(*ast.SwitchStmt); ok && !found && sw.Tag != nil && namesMCPMethods(pass.TypesInfo, sw) && methodTag(pass.TypesInfo, sw.Tag) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func importsRequest(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if !httpwrite.IsStd(imp.Path()) && declaresRequest(imp) {
			return true
		}
	}
	return false
}

// unknownMethodDefault reports an answer written straight in the default
// clause of a switch on the request's JSON-RPC method whose other clauses
// name MCP's methods (case "initialize", case "tools/call"): that clause
// is every method the server does not serve, which JSON-RPC answers -32601
// (Method not found) whatever the transport. An answer under a further
// test in the clause (a proxy forwarding, a notification told apart) is
// not that answer.
func unknownMethodDefault(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 2; i-- {
		switch n := stack[i].(type) {
		case ast.Expr, *ast.ExprStmt, *ast.ReturnStmt, *ast.AssignStmt:
			// The object's own expression (a response literal holding
			// it) and the statement that writes or returns it.
			continue
		case *ast.CaseClause:
			if n.List != nil {
				return false
			}
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			return ok && sw.Tag != nil && methodTag(info, sw.Tag) && namesMCPMethods(info, sw)
		default:
			return false
		}
	}
	return false
}

// methodTag reports the request's method: a field whose JSON member is
// "method", or a field or variable named method holding a string.
func methodTag(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.SelectorExpr:
		id = x.Sel
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if st, ok := sel.Recv().Underlying().(*types.Struct); ok {
				if tag, ok := fieldTag(st, sel.Obj().(*types.Var)); ok {
					name := httpwrite.JSONTagName(tag)
					if name != "" {
						return name == "method"
					}
				}
			}
		}
	case *ast.Ident:
		id = x
	default:
		return false
	}
	return strings.EqualFold(id.Name, "method")
}

func fieldTag(st *types.Struct, f *types.Var) (string, bool) {
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return st.Tag(i), true
		}
	}
	return "", false
}

// namesMCPMethods reports a switch one of whose cases is an MCP method.
func namesMCPMethods(info *types.Info, sw *ast.SwitchStmt) bool {
	for _, st := range sw.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			if mcpMethodConst(info, e) {
				return true
			}
		}
	}
	return false
}
