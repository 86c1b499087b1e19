package sessionversion

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// checkReturnedRefusal reads a method handler that answers by returning:
// a function whose last result is an error, testing an initialize
// request's protocolVersion against a revision constant and returning a
// non-nil error when it differs. The caller turns that error into the
// answer, so the handshake is refused for its revision as surely as one
// written to a ResponseWriter. The value tested must be a field of an
// initialize request's params (a struct that also carries clientInfo): a
// client checking the revision a server answered reads a result, which
// carries serverInfo, and may rightly give up.
func (c *checker) checkReturnedRefusal(fn ast.Node, ft *ast.FuncType, body *ast.BlockStmt) {
	info := c.pass.TypesInfo
	if ft.Results == nil || len(ft.Results.List) == 0 {
		return
	}
	last := ft.Results.List[len(ft.Results.List)-1]
	if !types.Identical(info.TypeOf(last.Type), types.Universe.Lookup("error").Type()) {
		return
	}
	// A declared function nothing in the package calls or refers to may be
	// called from elsewhere or from nowhere: a validator left unused refuses
	// no client, so it is judged only where the package reaches it. Asked
	// only once a refusal is found: it reads every use in the package.
	reached := func() bool {
		fd, ok := fn.(*ast.FuncDecl)
		return !ok || c.referenced(info.Defs[fd.Name])
	}
	noResponse := func(types.Object) bool { return false }
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			cond, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			if !ok || cond.Op != token.NEQ {
				return true
			}
			v := c.requestedVersion(cond, noResponse)
			if v == nil || !c.initializeParamsField(v) {
				return true
			}
			if returnsError(info, n.Body.List) && reached() {
				c.reportRefusal(n.Cond, n.Body)
			}
		}
		return true
	})
}

// initializeParamsField reports whether e selects a field of a struct that
// also has a field named clientInfo in JSON: an initialize request's params.
func (c *checker) initializeParamsField(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if httpwrite.JSONTagName(st.Tag(i)) == "clientInfo" || strings.EqualFold(st.Field(i).Name(), "clientInfo") && st.Tag(i) == "" {
			return true
		}
	}
	return false
}

// returnsError reports whether stmts end in a return whose last result is
// a non-nil error.
func returnsError(info *types.Info, stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	ret, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	e := ret.Results[len(ret.Results)-1]
	if tv, ok := info.Types[e]; !ok || tv.IsNil() {
		return false
	}
	return true
}

// referenced reports whether obj is used anywhere in the package's files
// other than tests.
func (c *checker) referenced(obj types.Object) bool {
	if obj == nil {
		return false
	}
	for id, used := range c.pass.TypesInfo.Uses {
		if used == obj && !strings.HasSuffix(c.pass.Fset.File(id.Pos()).Name(), "_test.go") {
			return true
		}
	}
	return false
}
