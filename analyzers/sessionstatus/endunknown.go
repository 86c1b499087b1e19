package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// endUnknown reports a success answered after ending a session only if it
// was found: `if ok { delete(sessions, id) }` followed, in the same block,
// by a 2xx answer. The unknown id gets the same success as the known one
// (a DELETE of an id nobody minted answered 204), where the protocol
// answers 404. Only an if without else whose body removes the id (from a
// map or a sync.Map, or by a call given it and named for ending what it is
// given: Delete, Remove, Terminate, Close, End, Evict, Drop, Unregister,
// Destroy, Expire, Forget) counts, also nested in a test of the id's
// presence, and only an answer that follows it with no other if, switch
// or return in between.
//
// The test and the removal may be one call: `if t.remove(id) { ... }`
// with remove a membership function of the package (true only when its
// table held the id) that deletes its parameter from the table.
func endUnknown(pass *analysis.Pass, p *pkgInfo, members func(*types.Func) bool, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if scan == nil || w.Status < 200 || w.Status >= 300 || w.HasCode || len(w.Stack) < 3 {
		return
	}
	block, ok := w.Stack[0].(*ast.BlockStmt)
	if !ok {
		return
	}
	stmt := w.Stack[1]
	for i := len(block.List) - 1; i >= 0; i-- {
		if block.List[i] != stmt {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			switch st := block.List[j].(type) {
			case *ast.IfStmt:
				if st.Else != nil || httpwrite.EndsInReturn(st.Body) {
					return
				}
				if scan.PresentIDTest(st.Cond) != nil && len(st.Body.List) > 0 {
					// if id != "" { if s := get(id); s != nil { remove(id) } }:
					// the found branch one level in.
					inner, ok := st.Body.List[len(st.Body.List)-1].(*ast.IfStmt)
					if !ok || inner.Else != nil || httpwrite.EndsInReturn(inner.Body) {
						return
					}
					st = inner
				}
				cond, term, found := foundBranch(scan, st.Cond)
				if found && !removesID(pass.TypesInfo, scan, st.Body) && !loadAndDelete(pass.TypesInfo, scan, term) {
					return
				}
				if !found {
					if cond, found = removerBranch(pass.TypesInfo, p, members, scan, st.Cond); !found {
						return
					}
				}
				report.Report(pass, analysis.Diagnostic{
					Pos: w.Node.Pos(), End: w.Node.End(), Category: catUnknown,
					Message: fmt.Sprintf("answers %d also to an unknown Mcp-Session-Id: the session is ended only if %s finds it: answer 404",
						w.Status, cond.What),
					Related: []analysis.RelatedInformation{{Pos: st.Pos(), Message: "the session is ended only when found"}},
				})
				return
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ReturnStmt, *ast.ForStmt, *ast.RangeStmt, *ast.BlockStmt:
				return
			}
		}
		return
	}
}

// foundBranch reports whether the then branch of an if with condition cond
// runs only when the session was found.
func foundBranch(scan *session.Scan, cond ast.Expr) (session.Cond, ast.Expr, bool) {
	for _, t := range httpwrite.Terms(cond, true) {
		if c, ok := scan.FoundTest(t.E, t.Truth); ok {
			return c, t.E, true
		}
	}
	return session.Cond{}, nil, false
}

// loadAndDelete reports whether term holds the loaded result of
// sync.Map.LoadAndDelete: the lookup is the removal.
func loadAndDelete(info *types.Info, scan *session.Scan, term ast.Expr) bool {
	call := scan.CallOf(term)
	return call != nil && httpwrite.IsMethod(httpwrite.Callee(info, call), "sync", "Map", "LoadAndDelete")
}

// removesID reports whether body deletes the session id from a map or a
// sync.Map.
func removesID(info *types.Info, scan *session.Scan, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" && len(call.Args) == 2 {
			if _, builtin := info.Uses[id].(*types.Builtin); builtin && scan.MayHoldID(call.Args[1]) {
				found = true
			}
		}
		fn := httpwrite.Callee(info, call)
		if httpwrite.IsMethod(fn, "sync", "Map", "Delete") && len(call.Args) == 1 && scan.MayHoldID(call.Args[0]) {
			found = true
		}
		// A function or method named for ending a session, given the id
		// (store.Delete(id), s.removeSession(id), mgr.Terminate(id)).
		if fn != nil && removalName(fn.Name()) {
			for _, a := range call.Args {
				if scan.MayHoldID(a) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// removalName reports a name that says its call ends or forgets what it
// is given: Delete, Remove, Terminate, Close, End, Evict, Drop,
// Unregister, Destroy, Expire, Forget, with any suffix (removeSession).
func removalName(name string) bool {
	for _, p := range []string{"delete", "remove", "terminate", "close", "end", "evict", "drop", "unregister", "destroy", "expire", "forget"} {
		if len(name) < len(p) || !strings.EqualFold(name[:len(p)], p) {
			continue
		}
		// The verb is a word of its own: Drop, DropSession, drop_all,
		// not Endpoint or Closed.
		if rest := name[len(p):]; rest == "" || !unicode.IsLower(rune(rest[0])) {
			return true
		}
	}
	return false
}

// removerBranch reports whether the then branch of an if with condition
// cond runs only when a call given the id removed it: a membership
// function of the package, true only for an id its table held, whose body
// deletes its parameter from a map or a sync.Map.
func removerBranch(info *types.Info, p *pkgInfo, members func(*types.Func) bool, scan *session.Scan, cond ast.Expr) (session.Cond, bool) {
	for _, t := range httpwrite.Terms(cond, true) {
		call, ok := t.E.(*ast.CallExpr)
		if !ok || !t.Truth || len(call.Args) != 1 || !scan.MayHoldID(call.Args[0]) {
			continue
		}
		fn := calleeOrigin(info, call)
		if fn == nil || !members(fn) {
			continue
		}
		decl := p.decls[fn]
		if decl == nil || !deletesParam(info, fn, decl) {
			continue
		}
		return session.Cond{Kind: session.Unknown, What: types.ExprString(call.Fun) + "(...)", Pos: call.Pos()}, true
	}
	return session.Cond{}, false
}

// deletesParam reports whether decl deletes fn's one parameter from a map
// or a sync.Map.
func deletesParam(info *types.Info, fn *types.Func, decl *ast.FuncDecl) bool {
	param := fn.Type().(*types.Signature).Params().At(0)
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == param
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" && len(call.Args) == 2 {
			if _, builtin := info.Uses[id].(*types.Builtin); builtin && isParam(call.Args[1]) {
				found = true
			}
		}
		if f := httpwrite.Callee(info, call); httpwrite.IsMethod(f, "sync", "Map", "Delete") && len(call.Args) == 1 && isParam(call.Args[0]) {
			found = true
		}
		return !found
	})
	return found
}
