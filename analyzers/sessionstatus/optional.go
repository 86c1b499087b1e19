package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/constant"
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

// optionalID reports a request without Mcp-Session-Id served 2xx past a
// guard that judges only a present id (if id != "" && !valid(id) { 404;
// return }, or if id != "" { if !valid(id) { 404; return } }): the
// missing id is let through, where the protocol's table
// answers it 400. Judged where the request cannot be an initialize (an
// initialize branch returned before the guard, or the handler never reads
// a request body, so it serves GET or DELETE), or, where it can, at an
// answer after the guard that serves every method (one not confined to an
// initialize's branch, in a handler that tests for an initialize after the
// guard and names no revision); and only in a package that answers a
// missing id 400 elsewhere: it means to require the id.
func optionalID(pass *analysis.Pass, p *pkgInfo, fn ast.Node, scan *session.Scan, as []*answers.Answer) {
	if !p.missing400 || scan == nil {
		return
	}
	info := pass.TypesInfo
	list := scan.Body.List
	for i, st := range list {
		guard, ok := st.(*ast.IfStmt)
		if !ok || guard.Else != nil || guard.Init != nil && !initReadsID(scan, guard.Init) {
			continue
		}
		// if id != "" && !valid(id) { 404; return }, or the test nested:
		// if id != "" { if !valid(id) { 404; return } }. Either way the
		// statements after it run for a known id and for a missing one.
		if !(presentOnly(scan, guard.Cond) && httpwrite.EndsInReturn(guard.Body)) && scan.PresentIDTest(guard.Cond) == nil {
			continue
		}
		if !refusesIn(as, guard.Body) {
			continue
		}
		// Where an initialize may reach the guard, the answers after it
		// that serve every method (not only an initialize's) serve a
		// request without an id whatever its method; that the handler
		// tests for an initialize after the guard shows it is the one
		// that receives the messages.
		excluded := initializeExcluded(info, scan, fn, list[:i])
		if !excluded && (!testsInitialize(scan, list[i+1:]) || namesRevision(info, scan.Body)) {
			continue
		}
		for _, a := range as {
			w := a.Write
			// A later test of what the guard found (if sess == nil
			// { 400 }) is the missing id's own test.
			if w.Node.Pos() < guard.End() || a.HasSession || testsID(scan, w.Stack) || testedBetween(scan, guard.End(), w.Node.Pos()) || testsFound(info, guard, scan.Body, w.Node.Pos()) {
				continue
			}
			if !excluded && (w.HasCode || initializeOnly(scan, w.Stack)) {
				// A JSON-RPC error refuses (a parse error): not serving.
				continue
			}
			status := sentStatus(info, scan, w)
			if status < 200 || status > 299 {
				continue
			}
			msg := "answers %d to a request without Mcp-Session-Id: the check at line %d judges only a present id; answer 400 when it is missing"
			if !excluded {
				msg = "answers %d to any method without Mcp-Session-Id: the check at line %d judges only a present id; answer 400 unless initialize"
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catMissing,
				Message: fmt.Sprintf(msg, status, pass.Fset.Position(guard.Pos()).Line),
				Related: servedWith(scan, guard.End(), w.Node.Pos()),
			})
			return
		}
		if !excluded {
			continue
		}
		if n := servedAfter(info, scan, list[i+1:]); n != nil {
			report.Report(pass, analysis.Diagnostic{
				Pos: n.Pos(), End: n.End(), Category: catMissing,
				Message: fmt.Sprintf("serves a request without Mcp-Session-Id (HTTP 200): the check at line %d judges only a present id; answer 400 when it is missing",
					pass.Fset.Position(guard.Pos()).Line),
				Related: servedWith(scan, guard.End(), n.Pos()),
			})
			return
		}
	}
}

// servedWith points at the first call between from and to, outside
// function literals, that is handed the id the guard let through: where a
// request without one is served as if it had a session.
func servedWith(scan *session.Scan, from, to token.Pos) []analysis.RelatedInformation {
	var at *ast.CallExpr
	ast.Inspect(scan.Body, func(n ast.Node) bool {
		if at != nil || n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() >= from && scan.TakesID(call) {
			at = call
			return false
		}
		return true
	})
	if at == nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "handed the id, empty when missing: the request is served here"}}
}

// servedAfter is the first of stmts, read in order at the top level of
// the handler, that writes a body to the ResponseWriter before any status
// is set (an event stream's first comment, w.Write(b), fmt.Fprintf(w,
// ...)): net/http answers it 200. Nil when a statement before it returns
// under a condition, tests the id, or writes a status or an answer.
func servedAfter(info *types.Info, scan *session.Scan, stmts []ast.Stmt) ast.Stmt {
	for _, st := range stmts {
		switch st.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.DeferStmt:
		default:
			// A branch, a loop, a return: what follows is not plainly
			// reached by every request.
			return nil
		}
		if testedBetween(scan, st.Pos(), st.End()) || httpwrite.StatusCallBefore(info, scan.Body, st.End()) {
			return nil
		}
		if httpwrite.WritesBody(info, st) {
			return st
		}
	}
	return nil
}

// testsFound reports an if between the guard and pos whose condition reads
// a variable the guard assigns (its lookup's result, s in s, err =
// m.find(id)), not an error: after a guard that returns on a failed
// lookup, that variable is unset exactly when the request carried no id.
func testsFound(info *types.Info, guard *ast.IfStmt, body *ast.BlockStmt, pos token.Pos) bool {
	vars := map[types.Object]bool{}
	ast.Inspect(guard, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v := info.ObjectOf(id); v != nil && !httpwrite.IsErrorType(v.Type()) {
						vars[v] = true
					}
				}
			}
		}
		return true
	})
	if len(vars) == 0 {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if found || !ok || ifs.Pos() < guard.End() || ifs.Pos() >= pos {
			return !found
		}
		ast.Inspect(ifs.Cond, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && vars[info.Uses[id]] {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// testsInitialize reports whether stmts test, anywhere in them, whether
// the message is an initialize (an if's condition or a case's value).
func testsInitialize(scan *session.Scan, stmts []ast.Stmt) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				found = found || scan.TestsInitialize(n.Cond)
			case *ast.CaseClause:
				found = found || slices.ContainsFunc(n.List, initializeValue)
			}
			return !found
		})
	}
	return found
}

// initializeOnly reports whether an answer with this stack runs only for
// an initialize: in the body of an if that tests for one, in the else of
// one that tests for its absence, or in a case for the "initialize" value.
func initializeOnly(scan *session.Scan, stack []ast.Node) bool {
	for i, n := range stack {
		if i+1 >= len(stack) {
			break
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if stack[i+1] == n.Body && scan.InitializeTest(n.Cond) || stack[i+1] == n.Else && scan.TestsInitialize(n.Cond) && !scan.InitializeTest(n.Cond) {
				return true
			}
		case *ast.CaseClause:
			if slices.ContainsFunc(n.List, initializeValue) {
				return true
			}
		}
	}
	return false
}

// initializeValue reports the string literal "initialize".
func initializeValue(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Kind == token.STRING && lit.Value == `"initialize"`
}

// namesRevision reports a function that reads MCP-Protocol-Version or
// names a revision: it may serve the sessionless revision, where a request
// carries no id by design.
func namesRevision(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if v := info.Types[e].Value; httpwrite.IsRevision(v) || v != nil && v.Kind() == constant.String && strings.EqualFold(constant.StringVal(v), "MCP-Protocol-Version") {
				found = true
			}
		}
		return !found
	})
	return found
}

// initReadsID reports an if's init that only assigns the id (if id :=
// r.Header.Get("Mcp-Session-Id"); id != "" {...}).
func initReadsID(scan *session.Scan, init ast.Stmt) bool {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	return scan.IsID(as.Rhs[0])
}

// presentOnly reports a condition that holds only for a present id:
// id != "" (or len(id) > 0) and'ed with other tests.
func presentOnly(scan *session.Scan, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.LAND {
		return false
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		if scan.PresentIDTest(side) != nil || presentOnly(scan, side) {
			return true
		}
	}
	return false
}

// refusesIn reports an answer of 4xx inside body.
func refusesIn(as []*answers.Answer, body *ast.BlockStmt) bool {
	for _, a := range as {
		if a.Write.Status >= 400 && a.Write.Status < 500 && body.Pos() <= a.Write.Node.Pos() && a.Write.Node.Pos() < body.End() {
			return true
		}
	}
	return false
}

// testedBetween reports an if whose condition reads the id between from
// and to: a later test (if id == "" { 400 }) may be what keeps a missing
// id from the answer.
func testedBetween(scan *session.Scan, from, to token.Pos) bool {
	found := false
	ast.Inspect(scan.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && from <= ifs.Pos() && ifs.Pos() < to && testsID(scan, []ast.Node{ifs}) {
			found = true
		}
		return true
	})
	return found
}

// testsID reports an if or switch around an answer whose condition reads
// the id: the answer is given under a test of it.
func testsID(scan *session.Scan, stack []ast.Node) bool {
	mentions := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !found && scan.IsID(x) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, n := range stack {
		switch n := n.(type) {
		case *ast.IfStmt:
			if mentions(n.Cond) {
				return true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && mentions(n.Tag) {
				return true
			}
		}
	}
	return false
}

// initializeExcluded reports that a request reaching the statements after
// before cannot be an initialize: one of them is an if comparing with
// "initialize" that returns, or the handler (w, r) or a framework context
// alone) never reads the request's body, where an initialize is.
func initializeExcluded(info *types.Info, scan *session.Scan, fn ast.Node, before []ast.Stmt) bool {
	for _, st := range before {
		ifs, ok := st.(*ast.IfStmt)
		if ok && scan.InitializeTest(ifs.Cond) && httpwrite.EndsInReturn(ifs.Body) {
			return true
		}
	}
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || !handlerOnly(info, fd.Type) {
		return false
	}
	reads := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if httpwrite.IsRequestBody(info, n) {
				reads = true
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Bind", "BindJSON", "ShouldBind", "ShouldBindJSON", "ShouldBindBodyWith", "GetRawData", "BodyParser", "Body":
					reads = true
				}
			}
		}
		return !reads
	})
	return !reads
}

// handlerOnly reports a signature that is a handler's and nothing more:
// (http.ResponseWriter, *http.Request), or one framework context.
func handlerOnly(info *types.Info, ft *ast.FuncType) bool {
	var ts []types.Type
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for range n {
			ts = append(ts, t)
		}
	}
	switch len(ts) {
	case 1:
		for _, pkg := range httpwrite.FrameworkPkgs {
			if httpwrite.IsNamed(ts[0], pkg, "Context") || httpwrite.IsNamed(ts[0], pkg, "Ctx") {
				return true
			}
		}
	case 2:
		return httpwrite.IsResponseWriter(ts[0]) && httpwrite.IsNamed(ts[1], httpwrite.PkgHTTP, "Request")
	}
	return false
}

// acceptedUnchecked reports a 202 (a notification or a response accepted)
// given before the function's own test of the id, when a later answer of
// the function refuses an id: the message is accepted whatever its
// Mcp-Session-Id, where a missing id is 400 and an unknown one 404 for
// every message but an initialize.
func acceptedUnchecked(pass *analysis.Pass, scan *session.Scan, as []*answers.Answer) {
	if scan == nil {
		return
	}
	info := pass.TypesInfo
	status := func(a *answers.Answer) int { return sentStatus(info, scan, a.Write) }
	// top is the statement of the function's body an answer sits in: the
	// 202 must be given by an if of its own, and the refusal come in a
	// later statement every other message reaches (not in a sibling case of
	// a switch on the method, which says nothing of this message).
	top := func(a *answers.Answer) ast.Node {
		if len(a.Write.Stack) < 2 || a.Write.Stack[0] != scan.Body {
			return nil
		}
		return a.Write.Stack[1]
	}
	for _, a := range as {
		w := a.Write
		if w.Status != 202 || a.HasSession || testsID(scan, w.Stack) {
			continue
		}
		if ifs, isIf := top(a).(*ast.IfStmt); !isIf || !notificationTest(info, ifs.Cond) {
			continue
		}
		var later *answers.Answer
		checked := false
		for _, b := range as {
			switch {
			case !b.HasSession:
			case b.Write.Node.Pos() < w.Node.Pos():
				checked = true
			case later == nil && top(b) != nil && top(b) != top(a) && (status(b) >= 400 || status(b) == 200 && b.Write.HasCode && sessionRefusalCode(b.Write.Code)):
				later = b
			}
		}
		if checked || later == nil {
			continue
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catMissing,
			Message: fmt.Sprintf("accepts the message (202) whatever its Mcp-Session-Id, tested only after (line %d): a missing id is 400, an unknown one 404",
				pass.Fset.Position(later.Write.Node.Pos()).Line),
		})
	}
}

// notificationTest reports a condition that picks notifications: the
// message's id absent (m.ID == nil, len(m.ID) == 0), a function named for
// notifications (isNotification(m)), or a method beginning
// "notifications/". A client's response (an id and no method) is another
// matter: servers may accept one whatever the session.
func notificationTest(info *types.Info, cond ast.Expr) bool {
	found := false
	idName := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && strings.EqualFold(sel.Sel.Name, "id")
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL && (idName(n.X) && isNil(info, n.Y) || idName(n.Y) && isNil(info, n.X)) {
				found = true
			}
		case *ast.CallExpr:
			switch fun := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				found = found || strings.Contains(strings.ToLower(fun.Name), "notification") ||
					fun.Name == "len" && len(n.Args) == 1 && idName(n.Args[0])
			case *ast.SelectorExpr:
				found = found || strings.Contains(strings.ToLower(fun.Sel.Name), "notification")
			}
		case *ast.BasicLit:
			if v, ok := httpwrite.StringConst(info, n); ok && strings.HasPrefix(v, "notifications/") {
				found = true
			}
		}
		return !found
	})
	return found
}
