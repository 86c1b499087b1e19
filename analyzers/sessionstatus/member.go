package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// memberFact marks an exported function of one string parameter that
// answers true only when its table holds an entry under that parameter:
// `_, ok := t.m[id]; return ok`, or `return ok && v.Ready` on a bool
// field of the entry. False is an unknown id (or one whose entry is not
// ready), whatever the function is called.
type memberFact struct{}

func (*memberFact) AFact() {}

func (*memberFact) String() string { return "member" }

// isMember reports whether decl is such a function.
func isMember(info *types.Info, decl *ast.FuncDecl) bool {
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil || decl.Body == nil || !isBoolFunc(fn) {
		return false
	}
	params := fn.Type().(*types.Signature).Params()
	if params.Len() != 1 {
		return false
	}
	if b, ok := params.At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	param := params.At(0)
	// The lookups keyed by the parameter: their found and value variables.
	found, value := map[types.Object]bool{}, map[types.Object]bool{}
	assigned := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range a.Lhs {
			if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == param {
				assigned = true
			}
		}
		if len(a.Lhs) != 2 || len(a.Rhs) != 1 {
			return true
		}
		ix, ok := ast.Unparen(a.Rhs[0]).(*ast.IndexExpr)
		if !ok {
			return true
		}
		if _, key := mapKey(info, ix); key == nil || info.Uses[key] != param {
			return true
		}
		if id, ok := a.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			value[info.ObjectOf(id)] = true
		}
		if id, ok := a.Lhs[1].(*ast.Ident); ok && id.Name != "_" {
			found[info.ObjectOf(id)] = true
		}
		return true
	})
	// return t.m[id] != nil, beside locking the table: true only for a
	// held entry.
	if ret := soleReturn(decl.Body); ret != nil && len(ret.Results) == 1 {
		if b, ok := ast.Unparen(ret.Results[0]).(*ast.BinaryExpr); ok && b.Op == token.NEQ && !assigned {
			if ix, ok := ast.Unparen(b.X).(*ast.IndexExpr); ok {
				if _, key := mapKey(info, ix); key != nil && info.Uses[key] == param {
					if tv, ok := info.Types[b.Y]; ok && tv.IsNil() {
						return true
					}
				}
			}
		}
	}
	// if t.m[id] == nil { return false }, at the top of the body: what
	// follows runs only for a held id, so a true after it says so.
	guard := nilGuard(info, decl.Body, param)
	if assigned || len(found) == 0 && guard == nil {
		return false
	}
	// Every return is false, true in the then branch of an if whose
	// condition holds a found variable (`if _, ok := t.m[id]; ok {
	// delete(t.m, id); return true }`, a remover that says whether it
	// removed), or a conjunction holding a found variable whose other
	// terms are found variables or bool fields of the entry.
	ok, returns := true, 0
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			r := ast.Unparen(n.Results[0])
			if tv, isConst := info.Types[r]; isConst && tv.Value != nil && tv.Value.String() == "false" {
				return false
			}
			if tv, isConst := info.Types[r]; isConst && tv.Value != nil && tv.Value.String() == "true" {
				if !underFound(info, stack, found) && (guard == nil || n.Pos() < guard.End()) {
					ok = false
				}
				return false
			}
			hasFound := false
			for _, t := range conjuncts(r) {
				switch t := ast.Unparen(t).(type) {
				case *ast.Ident:
					if !found[info.Uses[t]] {
						ok = false
					}
					hasFound = true
				case *ast.SelectorExpr:
					x, isID := ast.Unparen(t.X).(*ast.Ident)
					if !isID || !value[info.Uses[x]] || !isBool(info.TypeOf(t)) {
						ok = false
					}
				default:
					ok = false
				}
			}
			if !hasFound {
				ok = false
			}
		}
		return ok
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		more := visit(n)
		if !more {
			stack = stack[:len(stack)-1] // no f(nil) follows
		}
		return more
	})
	return ok && returns > 0
}

// soleReturn returns the return statement of body when it is the body's
// only statement beside a mutex's Lock and Unlock (deferred or not).
func soleReturn(body *ast.BlockStmt) *ast.ReturnStmt {
	var ret *ast.ReturnStmt
	for _, st := range body.List {
		var call *ast.CallExpr
		switch s := st.(type) {
		case *ast.ReturnStmt:
			if ret != nil {
				return nil
			}
			ret = s
			continue
		case *ast.ExprStmt:
			call, _ = s.X.(*ast.CallExpr)
		case *ast.DeferStmt:
			call = s.Call
		}
		if call == nil || !lockCall(call) {
			return nil
		}
	}
	return ret
}

// nilGuard returns the statement of body, at its top level, that returns
// false when the map entry under param is nil (if t.m[id] == nil { return
// false }), or nil.
func nilGuard(info *types.Info, body *ast.BlockStmt, param *types.Var) *ast.IfStmt {
	for _, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			continue
		}
		ret, ok := ifs.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if tv, ok := info.Types[ret.Results[0]]; !ok || tv.Value == nil || tv.Value.String() != "false" {
			continue
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL {
			continue
		}
		ix, ok := ast.Unparen(b.X).(*ast.IndexExpr)
		if !ok {
			continue
		}
		if tv, ok := info.Types[b.Y]; !ok || !tv.IsNil() {
			continue
		}
		if _, key := mapKey(info, ix); key != nil && info.Uses[key] == param {
			return ifs
		}
	}
	return nil
}

// underFound reports whether the last node of stack is in the then branch
// of an if one of whose conjuncts is a found variable.
func underFound(info *types.Info, stack []ast.Node, found map[types.Object]bool) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || stack[i+1] != ifs.Body {
			continue
		}
		for _, t := range conjuncts(ifs.Cond) {
			if id, ok := ast.Unparen(t).(*ast.Ident); ok && found[info.Uses[id]] {
				return true
			}
		}
	}
	return false
}

func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

func isBool(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if !ok {
		if t != nil {
			b, ok = t.Underlying().(*types.Basic)
		}
	}
	return ok && b.Kind() == types.Bool
}

// memberRefused reports an answer given where a membership function of
// the package or, through its fact, of another is false for the request's
// id (`if !t.IsReady(id)`), with another status than 404: the id is not
// in the table, which is an unknown session (a 5xx is a server failure,
// left alone). A JSON-RPC error written with 200 is judged too, also when
// 200 is net/http's for a body written with no status (sentStatus).
func memberRefused(pass *analysis.Pass, members func(*types.Func) bool, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if scan == nil || a.HasSession {
		return
	}
	info := pass.TypesInfo
	status := sentStatus(info, scan, w)
	if status == 404 || status >= 500 || status < 400 && !(status == 200 && w.HasCode) {
		return
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			call, ok := t.E.(*ast.CallExpr)
			if !ok || t.Truth || len(call.Args) != 1 || !scan.MayHoldLocalID(call.Args[0]) {
				continue
			}
			fn := calleeOrigin(info, call)
			if fn == nil || !members(fn) {
				continue
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catUnknown,
				Message: fmt.Sprintf("answers %d when %s(...) finds no entry for the Mcp-Session-Id: answer 404 for an unknown id",
					status, types.ExprString(call.Fun)),
				Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the table lookup, false for an id it does not hold"}},
			})
			return
		}
		return // only the innermost if decides
	}
}

// memberMerged reports a 404 given where a membership function of the
// package is false for the request's id, when the same answer also takes
// a request without one, whose row is 400: the branch's test is
// id == "" || !t.remove(id), or the function is false for an empty id
// (if id == "" { return false }) and nothing before tested the id.
func memberMerged(pass *analysis.Pass, p *pkgInfo, members func(*types.Func) bool, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if scan == nil || a.HasSession || w.Status != 404 {
		return
	}
	info := pass.TypesInfo
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		if !inThen {
			return
		}
		var call *ast.CallExpr
		empty := false
		for _, d := range disjuncts(ifs.Cond) {
			if c := negatedMember(info, members, scan, d); c != nil {
				call = c
			} else if emptyID(info, scan, d) {
				empty = true
			}
		}
		if call == nil {
			return
		}
		fn := calleeOrigin(info, call)
		switch {
		case empty:
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catMergedTest,
				Message: fmt.Sprintf("answers 404 both to a missing and to an unknown Mcp-Session-Id (%s(...)): 400 for none, 404 for unknown",
					types.ExprString(call.Fun)),
				Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the table lookup, false for an id it does not hold"}},
			})
		case falseForEmpty(info, p.decls[fn]) && scan.UnguardedCall(call, p.decls):
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catMerged,
				Message: fmt.Sprintf("answers 404 also to a request without Mcp-Session-Id: %s(...) is false for an empty id: answer that 400",
					types.ExprString(call.Fun)),
				Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the table lookup, false for \"\" too"}},
			})
		}
		return // only the innermost if decides
	}
}

// negatedMember returns the call in !member(id), given the request's id.
func negatedMember(info *types.Info, members func(*types.Func) bool, scan *session.Scan, e ast.Expr) *ast.CallExpr {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return nil
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !scan.MayHoldLocalID(call.Args[0]) {
		return nil
	}
	if fn := calleeOrigin(info, call); fn == nil || !members(fn) {
		return nil
	}
	return call
}

// emptyID reports id == "" or len(id) == 0 on the request's id.
func emptyID(info *types.Info, scan *session.Scan, e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x := ast.Unparen(b.X)
	if c, ok := x.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "len" {
			x = c.Args[0]
		}
	}
	tv, ok := info.Types[b.Y]
	return ok && tv.Value != nil && (tv.Value.String() == `""` || tv.Value.String() == "0") && scan.MayHoldLocalID(x)
}

func disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}
