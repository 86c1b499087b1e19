package sessionversion

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/refusal"
)

// checkVersionStatus reports, in a handler (a function given an
// http.ResponseWriter or a web framework's context), a refusal of the
// request's MCP-Protocol-Version answered with another status than the
// protocol's table gives it (the version-unsupported row: 400): an if
// whose condition tests the header's value beyond its emptiness and whose
// branch writes an error status to the handler's writer and returns.
// Clients read 400 as "this revision is not served"; 406, 412, 426 or a
// 5xx say something else. A 405 is the row of a GET or DELETE at a
// sessionless revision, and is left alone.
func (c *checker) checkVersionStatus(fn ast.Node) {
	ft, body := httpwrite.FuncType(fn), httpwrite.Body(fn)
	if ft == nil || body == nil || ft.Params == nil || strings.HasSuffix(c.pass.Fset.File(fn.Pos()).Name(), "_test.go") {
		return
	}
	info := c.pass.TypesInfo
	w := writerParam(info, ft)
	if w == nil {
		return
	}
	if !c.mentionsVersionHeader(body, nil) {
		return // most handlers never read the header
	}
	row := refusal.MustLookup(refusal.VersionUnsupported)
	vars := c.versionHeaderVars(body)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.testsVersionValue(n.Cond, vars) && httpwrite.EndsInReturn(n.Body) {
				c.judgeVersionRefusal(n.Body.List, n.Cond, w, row)
			}
		case *ast.SwitchStmt:
			// switch v { case "2025-06-18", ...: default: refuse }
			if n.Tag == nil || !c.mentionsVersionHeader(n.Tag, vars) {
				return true
			}
			for _, st := range n.Body.List {
				if cc := st.(*ast.CaseClause); cc.List == nil && len(cc.Body) > 0 {
					if _, ok := cc.Body[len(cc.Body)-1].(*ast.ReturnStmt); ok {
						c.judgeVersionRefusal(cc.Body, n.Tag, w, row)
					}
				}
			}
		}
		return true
	})
}

// judgeVersionRefusal reports the refusal stmts make of the revision test
// names when its status is not the row's.
func (c *checker) judgeVersionRefusal(stmts []ast.Stmt, test ast.Expr, w types.Object, row refusal.Row) {
	at, status := c.statusWritten(&ast.BlockStmt{List: stmts}, w)
	if at == nil || status == row.Status || status == http.StatusMethodNotAllowed {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: "version-status",
		Message: fmt.Sprintf("answers %d to an MCP-Protocol-Version the server does not support: answer %d", status, row.Status),
		Related: []analysis.RelatedInformation{{Pos: test.Pos(), End: test.End(), Message: "the revision the request names is tested here"}},
	})
}

// mentionsVersionHeader reports whether e reads the request's
// MCP-Protocol-Version or one of vars holding it.
func (c *checker) mentionsVersionHeader(e ast.Node, vars map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if c.versionHeaderRead(n) {
				found = true
			}
		case *ast.Ident:
			if vars[c.pass.TypesInfo.Uses[n]] {
				found = true
			}
		}
		return !found
	})
	return found
}

// versionHeaderRead reports a read of the request header
// MCP-Protocol-Version by a constant name (any spelling).
func (c *checker) versionHeaderRead(call *ast.CallExpr) bool {
	name, ok := httpwrite.RequestHeaderRead(c.pass.TypesInfo, call)
	return ok && strings.EqualFold(name, headerName)
}

// versionHeaderVars are the locals of body every assignment of which reads
// the header (v := r.Header.Get("MCP-Protocol-Version"), also through a
// strings function that keeps it: strings.TrimSpace) or gives a constant
// default in its place.
func (c *checker) versionHeaderVars(body *ast.BlockStmt) map[types.Object]bool {
	info := c.pass.TypesInfo
	out, other := map[types.Object]bool{}, map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range a.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) == nil {
				continue
			}
			obj := info.ObjectOf(id)
			var call *ast.CallExpr
			if len(a.Lhs) == len(a.Rhs) {
				call, _ = ast.Unparen(a.Rhs[i]).(*ast.CallExpr)
			}
			if call != nil {
				if v := httpwrite.StringsKept(info, call); v != nil {
					call, _ = ast.Unparen(v).(*ast.CallExpr)
				}
			}
			switch {
			case call != nil && c.versionHeaderRead(call):
				out[obj] = true
			case len(a.Lhs) == len(a.Rhs) && c.constString(a.Rhs[i]):
				// if v == "" { v = "2025-03-26" }: a default for a
				// missing header keeps the variable the header's.
			default:
				other[obj] = true
			}
		}
		return true
	})
	for obj := range other {
		delete(out, obj)
	}
	return out
}

// testsVersionValue reports whether cond tests the header's value beyond
// its emptiness: a comparison with something other than "", or a call
// given it (a membership test, a check). A branch taken only for a missing
// header is another question.
func (c *checker) testsVersionValue(cond ast.Expr, vars map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	found := false
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		if found {
			return
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LAND, token.LOR:
				visit(x.X)
				visit(x.Y)
			case token.EQL, token.NEQ:
				for _, pair := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
					if c.mentionsVersionHeader(pair[0], vars) {
						if s, ok := httpwrite.StringConst(info, pair[1]); !ok || s != "" {
							found = true
						}
					}
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				visit(x.X)
			}
		case *ast.CallExpr, *ast.IndexExpr:
			found = c.mentionsVersionHeader(x, vars)
		}
	}
	visit(cond)
	return found
}

// statusWritten returns the constant HTTP error status (400 to 599) the
// branch writes to w, and the expression giving it: an argument of a call
// handed w or of a method called on w (w.WriteHeader(s), c.JSON(s, ...)),
// or of http.Error(w, msg, s). Nested branches are not this one's answer.
func (c *checker) statusWritten(block *ast.BlockStmt, w types.Object) (ast.Expr, int) {
	info := c.pass.TypesInfo
	var at ast.Expr
	status := 0
	for _, st := range block.List {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.IfStmt, *ast.SwitchStmt, *ast.ForStmt, *ast.RangeStmt:
				return false
			case *ast.CallExpr:
				if at != nil || !c.handedWriter(n, w) {
					return at == nil
				}
				for _, a := range n.Args {
					if s, ok := httpwrite.IntConst(info, a); ok && s >= 400 && s <= 599 {
						at, status = a, int(s)
						return false
					}
				}
			}
			return at == nil
		})
	}
	return at, status
}

// handedWriter reports whether call is handed w or is a method called on w
// (directly or on what it returns: c.Status(s).JSON(...)).
func (c *checker) handedWriter(call *ast.CallExpr, w types.Object) bool {
	info := c.pass.TypesInfo
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == w {
			return true
		}
	}
	e := ast.Unparen(call.Fun)
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.Ident:
			return info.Uses[x] == w
		case *ast.CallExpr:
			e = ast.Unparen(x.Fun)
		default:
			e = x
		}
	}
}

// constString reports whether e is a constant string.
func (c *checker) constString(e ast.Expr) bool {
	_, ok := httpwrite.StringConst(c.pass.TypesInfo, e)
	return ok
}
