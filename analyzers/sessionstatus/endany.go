package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// endAny reports a session ended whatever id the request names: a handler
// whose body removes the request's id from its table (delete(m, id),
// m.Delete(id), a remover of the package, a store's Delete given the id)
// with nothing on the way that looks the id up, and then answers a bare
// 2xx as its last statement. A DELETE of an id nobody minted gets the
// success a known one gets, where the protocol answers 404. A store's
// removal whose error is tested with its not-found sentinel excluded
// (err != nil && !errors.Is(err, ErrNotFound)) swallows the unknown id
// the same way.
//
// Silent when anything between the id and the answer tests the id beyond
// its emptiness, or stores, or assigns after the removal: that is not the
// shape of a handler that only ends sessions.
func endAny(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	info := pass.TypesInfo
	if scan == nil || w.Status < 200 || w.Status >= 300 || w.HasCode || len(w.Stack) < 2 || w.Stack[0] != scan.Body {
		return
	}
	body, i := deleteBranch(info, scan.Body, w.Stack)
	if i < 0 || !lastOrReturn(body, i) || !bareStatus(w) {
		return
	}
	if scan.Validated(w.Stack) || asksAboutID(info, p, scan, body[:i]) {
		return
	}
	for j := i - 1; j >= 0; j-- {
		switch st := body[j].(type) {
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			if !ok {
				continue
			}
			if what := removal(info, p, scan, call); what != "" {
				if stores(info, body) {
					return
				}
				reportEndAny(pass, w, call, what, "")
				return
			}
		case *ast.AssignStmt:
			// _ = store.Delete(ctx, id)
			if len(st.Rhs) == 1 && allBlank(st.Lhs) {
				if call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); ok {
					if what := removal(info, p, scan, call); what != "" && !stores(info, body) {
						reportEndAny(pass, w, call, what, "")
					}
				}
			}
			return
		case *ast.IfStmt:
			// if id != "" { delete(sessions, id) }: the emptiness test
			// only spares the removal an absent id, and the answer after
			// it is the same for an unknown id (and for none).
			if call, what := guardedRemoval(info, p, scan, st); call != nil {
				if !stores(info, body) {
					reportEndAny(pass, w, call, what, "")
				}
				return
			}
			// if err := store.Delete(ctx, id); err != nil { log(err) }: the
			// removal's outcome is only logged.
			if call := loggedRemoval(info, p, scan, st); call != nil {
				if !stores(info, body) {
					reportEndAny(pass, w, call, types.ExprString(call.Fun)+"(...)", "")
				}
				return
			}
			// if err := store.Delete(ctx, id); err != nil && !errors.Is(err, ErrNotFound) { 5xx; return }
			if call, sentinel := swallowedRemoval(info, p, scan, st); call != nil {
				if !stores(info, body) {
					reportEndAny(pass, w, call, types.ExprString(call.Fun)+"(...)", sentinel)
				}
			}
			return
		default:
			return
		}
	}
}

// deleteBranch returns the statements that end with the answer at the end
// of stack, and the index in them of the statement holding it: the
// handler's body, or the branch directly in it that runs only for an HTTP
// DELETE (if r.Method == http.MethodDelete { ... }, a case "DELETE" of a
// switch on the method), where a handler serving every method ends
// sessions. The index is -1 for an answer elsewhere.
func deleteBranch(info *types.Info, body *ast.BlockStmt, stack []ast.Node) ([]ast.Stmt, int) {
	if i := indexOf(body.List, stack[1]); i >= 0 && len(stack) > 2 {
		switch st := stack[1].(type) {
		case *ast.IfStmt:
			if len(stack) > 3 && stack[2] == st.Body && isDeleteTest(info, st.Cond) {
				return st.Body.List, indexOf(st.Body.List, stack[3])
			}
		case *ast.SwitchStmt:
			if len(stack) > 4 && st.Tag != nil && session.MethodExpr(st.Tag) && stack[2] == st.Body {
				if cc, ok := stack[3].(*ast.CaseClause); ok && slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return deleteConst(info, e) }) {
					return cc.Body, indexOf(cc.Body, stack[4])
				}
			}
		}
	}
	return body.List, indexOf(body.List, stack[1])
}

// isDeleteTest reports a condition X == "DELETE" whose other side is the
// request's method (r.Method, a framework context's c.Method()).
func isDeleteTest(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	return deleteConst(info, b.Y) && session.MethodExpr(b.X) || deleteConst(info, b.X) && session.MethodExpr(b.Y)
}

func deleteConst(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && v == "DELETE"
}

// guardedRemoval is the removal an if runs as its whole body (beside the
// lock around it) when its condition only says the request carries an id
// (id != "", len(id) > 0), and what removal says of it.
func guardedRemoval(info *types.Info, p *pkgInfo, scan *session.Scan, ifs *ast.IfStmt) (*ast.CallExpr, string) {
	if ifs.Init != nil || ifs.Else != nil || scan.PresentIDTest(ifs.Cond) == nil {
		return nil, ""
	}
	var found *ast.CallExpr
	what := ""
	for _, st := range ifs.Body.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return nil, ""
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			return nil, ""
		}
		if w := removal(info, p, scan, call); w != "" && found == nil {
			found, what = call, w
			continue
		}
		if !lockCall(call) {
			return nil, ""
		}
	}
	return found, what
}

// lockCall reports mu.Lock(), mu.Unlock() and their read forms.
func lockCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	switch sel.Sel.Name {
	case "Lock", "Unlock", "RLock", "RUnlock":
		return true
	}
	return false
}

// asksAboutID reports a call given the id whose result the handler keeps
// (notAllowed, err := mgr.Terminate(id)): whatever it does with an
// unknown id, the handler heard about it, so the removal after it is not
// judged as blind.
func asksAboutID(info *types.Info, p *pkgInfo, scan *session.Scan, stmts []ast.Stmt) bool {
	found := false
	for _, st := range stmts {
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Init != nil && ifs.Else == nil && !returnsIn(ifs.Body) {
			// if v, ok := chans.LoadAndDelete(id); ok { v.close() }: what
			// it kept only tidies up, it never decides the answer.
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found {
				return !found
			}
			for _, r := range as.Rhs {
				call, ok := ast.Unparen(r).(*ast.CallExpr)
				// A removal whose only result is its error is the
				// removal judged; one that also answers (notAllowed,
				// err := mgr.Terminate(id)) told the handler something.
				if !ok || allBlank(as.Lhs) || len(as.Lhs) == 1 && removal(info, p, scan, call) != "" {
					continue
				}
				for _, a := range call.Args {
					if scan.MayHoldID(a) && !scan.IsID(call) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// returnsIn reports a return statement in body, outside function literals.
func returnsIn(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// loggedRemoval is the removal an if runs in its init whose error the
// branch only logs (it neither returns nor has an else): whatever the
// removal found, the handler goes on to its answer.
func loggedRemoval(info *types.Info, p *pkgInfo, scan *session.Scan, ifs *ast.IfStmt) *ast.CallExpr {
	as, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 || ifs.Else != nil || returnsIn(ifs.Body) {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || removal(info, p, scan, call) == "" {
		return nil
	}
	return call
}

func indexOf(list []ast.Stmt, n ast.Node) int {
	for i, st := range list {
		if st == n {
			return i
		}
	}
	return -1
}

// lastOrReturn reports whether list[i] is the body's last statement or is
// followed only by a return.
func lastOrReturn(list []ast.Stmt, i int) bool {
	if i == len(list)-1 {
		return true
	}
	_, ok := list[i+1].(*ast.ReturnStmt)
	return ok && i+1 == len(list)-1
}

// bareStatus reports an answer that is a status alone: WriteHeader, a
// framework's Status, SendStatus or NoContent, not a body.
func bareStatus(w *httpwrite.Write) bool {
	call, ok := w.Node.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "WriteHeader", "Status", "SendStatus", "NoContent", "AbortWithStatus":
		return true
	}
	return false
}

func allBlank(es []ast.Expr) bool {
	for _, e := range es {
		if id, ok := e.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// removal describes call when it removes the request's id: the builtin
// delete from a map, sync.Map's Delete, a function of the package that
// deletes its one parameter, or a method named for removing (Delete,
// Remove, Drop, Del, Terminate, Evict, Unregister, Forget, Destroy, or
// EndSession, CloseSession, ExpireSession: words that name other work
// alone) given the id; "" otherwise.
func removal(info *types.Info, p *pkgInfo, scan *session.Scan, call *ast.CallExpr) string {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" && len(call.Args) == 2 {
		if _, builtin := info.Uses[id].(*types.Builtin); builtin && scan.MayHoldID(call.Args[1]) {
			return "delete(" + types.ExprString(call.Args[0]) + ", ...)"
		}
		return ""
	}
	fn := calleeOrigin(info, call)
	if fn == nil {
		return ""
	}
	takesID := false
	for _, a := range call.Args {
		takesID = takesID || scan.MayHoldID(a)
	}
	if !takesID {
		return ""
	}
	if httpwrite.IsMethod(fn, "sync", "Map", "Delete") {
		return types.ExprString(call.Fun) + "(...)"
	}
	if decl := p.decls[fn]; decl != nil && len(call.Args) == 1 && deletesParam(info, fn, decl) {
		return types.ExprString(call.Fun) + "(...)"
	}
	if fn.Type().(*types.Signature).Recv() != nil && removerName(fn.Name()) {
		return types.ExprString(call.Fun) + "(...)"
	}
	return ""
}

func removerName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"delete", "remove", "drop", "del", "terminate", "evict", "unregister", "forget", "destroy"} {
		if n == w || strings.HasPrefix(n, w+"session") || strings.HasPrefix(n, w) && len(n) > len(w) && name[len(w)] >= 'A' && name[len(w)] <= 'Z' {
			return true
		}
	}
	for _, w := range []string{"end", "close", "expire"} {
		if strings.HasPrefix(n, w+"session") {
			return true
		}
	}
	return false
}

// swallowedRemoval reports an if whose init removes the request's id and
// whose condition lets the removal's not-found error through:
// err != nil && !errors.Is(err, S) or err != S with S a sentinel saying
// the session is not there, its body refusing and returning. It returns
// the removal and the sentinel's name.
func swallowedRemoval(info *types.Info, p *pkgInfo, scan *session.Scan, st *ast.IfStmt) (*ast.CallExpr, string) {
	as, ok := st.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || st.Else != nil || !httpwrite.EndsInReturn(st.Body) {
		return nil, ""
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || removal(info, p, scan, call) == "" {
		return nil, ""
	}
	errVar, _ := info.Defs[identOf(as.Lhs[len(as.Lhs)-1])].(*types.Var)
	if errVar == nil || !httpwrite.IsErrorType(errVar.Type()) {
		return nil, ""
	}
	for _, t := range httpwrite.Terms(st.Cond, true) {
		if s := excludedSentinel(info, scan, t.E, t.Truth, errVar); s != nil {
			return call, s.Name()
		}
	}
	return nil, ""
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// excludedSentinel reports a term that holds only when err is not the
// sentinel S (!errors.Is(err, S), err != S) with S saying the session is
// not there.
func excludedSentinel(info *types.Info, scan *session.Scan, e ast.Expr, truth bool, v *types.Var) *types.Var {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return excludedSentinel(info, scan, u.X, !truth, v)
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.NEQ && truth {
		e = &ast.BinaryExpr{X: b.X, Op: token.EQL, Y: b.Y}
		truth = false
	}
	if truth {
		return nil
	}
	s := scan.SentinelTest(e, v)
	if !session.GoneSentinel(s) {
		return nil
	}
	return s
}

// stores reports whether stmts store into a map or a sync.Map, or
// set a header: a handler that also creates sessions.
func stores(info *types.Info, stmts []ast.Stmt) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
						if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); isMap {
							found = true
						}
					}
				}
			case *ast.CallExpr:
				if fn := httpwrite.Callee(info, n); fn != nil && (httpwrite.IsMethod(fn, "sync", "Map", "Store") || httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Set")) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

func reportEndAny(pass *analysis.Pass, w *httpwrite.Write, removal *ast.CallExpr, what, sentinel string) {
	msg := fmt.Sprintf("answers %d whatever Mcp-Session-Id is ended: %s looks nothing up; answer 404 to an unknown id", w.Status, what)
	if sentinel != "" {
		msg = fmt.Sprintf("answers %d also to an unknown Mcp-Session-Id: %s failing with %s is let through: answer 404", w.Status, what, sentinel)
	}
	report.Report(pass, analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catUnknown, Message: msg,
		Related: []analysis.RelatedInformation{{Pos: removal.Pos(), End: removal.End(), Message: "the session is ended here without a lookup"}},
	})
}
