package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// neverRequired reports a handler that answers initialize apart (an if
// that returns, or a case of a switch on the method) and, past that
// branch, answers nothing but successes: every other message is then
// served whatever Mcp-Session-Id it carries. Nothing it does can depend on
// the id in a way the client sees, so a missing id (400 is due) and an
// unknown one (404) get the answer a known one gets. Judged in a package
// that hands out ids and answers a missing id 400 or an unknown one 404
// elsewhere: it means sessions to be required.
//
// Silent when anything may refuse the request by its id: a handler that
// returns an error (its caller answers), a test of the id before the
// branch, an answer past it that is not a 2xx (a JSON-RPC error included)
// or that the model ties to a session condition, a call past it given the
// ResponseWriter that is neither an answer the model recorded nor of the
// standard library (it may write a refusal), a call anywhere in the
// handler given the request whose callee reads the Mcp-Session-Id header
// (through the package's functions) or lies outside the package, a
// middleware of the package that reads the id (idMiddleware), and a
// handler that names a protocol revision or reads MCP-Protocol-Version (it
// may serve 2026-07-28, whose requests carry no id).
func neverRequired(pass *analysis.Pass, p *pkgInfo, fn ast.Node, scan *session.Scan, as []*answers.Answer) {
	if !plainHandler(pass, fn, scan) {
		return
	}
	info := pass.TypesInfo
	branch, initPart, past := initializeSplit(scan)
	if branch == nil {
		neverRead(pass, p, scan, as)
		return
	}
	if !p.refusesIDs || !p.issuesIDs(pass) || namesRevision(info, scan.Body) {
		return
	}
	if testedBetween(scan, scan.Body.Pos(), branch.Pos()) || mayCheckRequest(info, pass.Pkg, p.decls, scan, scan.Body) || p.idMiddleware(pass, scan) {
		return
	}
	recorded := map[ast.Node]bool{}
	var served ast.Node
	for _, a := range as {
		w := a.Write
		if w.Node.Pos() < branch.Pos() || initPart.Pos() <= w.Node.Pos() && w.Node.Pos() < initPart.End() {
			continue
		}
		status := sentStatus(info, scan, w)
		if a.HasSession || w.HasCode || status < 200 || status > 299 || testsID(scan, w.Stack) {
			return
		}
		recorded[w.Node] = true
		if served == nil {
			served = w.Node
		}
	}
	for _, st := range past {
		if writesOther(info, st, recorded) {
			return
		}
		if served == nil && httpwrite.WritesBody(info, st) && !httpwrite.StatusCallBefore(info, scan.Body, st.End()) {
			served = st
		}
	}
	if served == nil {
		return
	}
	pos, end := served.Pos(), served.End()
	if read, _ := idRead(info, &ast.BlockStmt{List: past}); read != nil {
		pos, end = read.Pos(), read.End()
	}
	report.Report(pass, analysis.Diagnostic{
		Pos: pos, End: end, Category: catMissing,
		Message: fmt.Sprintf("serves every request past its initialize branch (line %d) whatever its Mcp-Session-Id: a missing id is 400, an unknown one 404",
			pass.Fset.Position(branch.Pos()).Line),
		Related: []analysis.RelatedInformation{{Pos: served.Pos(), End: served.End(), Message: "served here"}},
	})
	p.neverReported = true
}

// plainHandler reports a function of (http.ResponseWriter, *http.Request)
// or of one framework context, declared or literal, that returns nothing:
// what it answers is all the client gets (a handler that returns an error
// hands its refusals up, unseen here).
func plainHandler(pass *analysis.Pass, fn ast.Node, scan *session.Scan) bool {
	if scan == nil || httpwrite.InTest(pass, fn) {
		return false
	}
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft, body = fn.Type, fn.Body
	case *ast.FuncLit:
		ft, body = fn.Type, fn.Body
	default:
		return false
	}
	return handlerOnly(pass.TypesInfo, ft) && ft.Results == nil && body == scan.Body
}

// neverRead reports a message handler that never looks at Mcp-Session-Id
// and tells an initialize from other messages (to mint an id after
// dispatching it, say): the id is read nowhere but in a log, a format or a
// header set, nothing it hands the request to reads it, and no middleware
// of the package does. What it answers cannot depend on the id, so a
// message other than initialize that a known id gets a 2xx for gets the
// same 2xx without an id (400 is due) or with an unknown one (404). The
// finding is at the first 2xx answer (no JSON-RPC code) not confined to
// an initialize. Judged where neverRequired is, and silent where the
// handler reads a query, form or path value (the HTTP+SSE transport's
// message endpoint names its session in the URL).
func neverRead(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, as []*answers.Answer) {
	info := pass.TypesInfo
	body := scan.Body
	if !testsInitialize(scan, body.List) || !p.refusesIDs || !p.issuesIDs(pass) || namesRevision(info, body) {
		return
	}
	if !idInert(info, scan, body) || readsURLValues(body) || mayCheckRequest(info, pass.Pkg, p.decls, scan, body) || p.idMiddleware(pass, scan) {
		return
	}
	for _, a := range as {
		w := a.Write
		status := sentStatus(info, scan, w)
		if a.HasSession || w.HasCode || status < 200 || status > 299 || initializeOnly(scan, w.Stack) || testsID(scan, w.Stack) {
			continue
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catMissing,
			Message: fmt.Sprintf("answers %d to messages other than initialize and never reads their Mcp-Session-Id: a missing id is 400, an unknown one 404", status),
		})
		p.neverReported = true
		return
	}
}

// idInert reports whether every read of the request's id in body (a
// header read, or a variable holding one, in function literals too) is
// inert: logged or formatted, set on a header, concatenated, or assigned
// to a plain variable whose own uses are read the same way. A comparison
// is a test, not inert; a field or an element it is stored in carries it
// where it is not followed.
func idInert(info *types.Info, scan *session.Scan, body *ast.BlockStmt) bool {
	ok := true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		e, isExpr := n.(ast.Expr)
		if !ok || !isExpr || !scan.IsID(e) {
			return ok
		}
		var parent ast.Node
		for i := len(stack) - 2; i >= 0; i-- {
			if _, paren := stack[i].(*ast.ParenExpr); !paren {
				parent = stack[i]
				break
			}
		}
		if pe, isExpr := parent.(ast.Expr); isExpr && scan.IsID(pe) {
			return true
		}
		switch p := parent.(type) {
		case *ast.BinaryExpr:
			if p.Op == token.ADD {
				return true
			}
		case *ast.CallExpr:
			if inertCall(info, p) {
				return true
			}
		case *ast.AssignStmt:
			// Into a plain variable, whose uses the walk reads in turn;
			// into a field or an element the id travels unseen.
			for i, r := range p.Rhs {
				if ast.Unparen(r) == e && len(p.Lhs) == len(p.Rhs) {
					_, plain := p.Lhs[i].(*ast.Ident)
					if plain {
						return true
					}
				}
			}
			for _, l := range p.Lhs {
				if l == e {
					return true
				}
			}
		case *ast.ValueSpec:
			return true
		}
		ok = false
		return false
	})
	return ok
}

// readsURLValues reports a call in body that reads a query, form or path
// value (URL.Query, FormValue, PathValue, a framework's Query or Param).
func readsURLValues(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && !found {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Query", "FormValue", "PostFormValue", "PathValue", "Param", "Params", "QueryParam", "Vars", "DefaultQuery", "GetQuery":
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// idMiddleware reports, once per package, a function of it that reads the
// request's Mcp-Session-Id and hands the request on (a ServeHTTP of a next
// handler, a function value given the request, a framework's Next): a
// middleware that may check the id before any handler runs.
func (p *pkgInfo) idMiddleware(pass *analysis.Pass, scan *session.Scan) bool {
	if p.middleware != 0 {
		return p.middleware > 0
	}
	p.middleware = -1
	info := pass.TypesInfo
	for _, n := range p.sum.Funcs {
		body := httpwrite.Body(n)
		if body == nil || !scan.ReadsIDHeader(&ast.FuncDecl{Body: body}) {
			continue
		}
		ast.Inspect(body, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || p.middleware > 0 {
				return p.middleware < 0
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "ServeHTTP" || sel.Sel.Name == "Next" && httpwrite.IsFrameworkContext(info.TypeOf(sel.X))) {
				p.middleware = 1
			}
			if t := info.TypeOf(call.Fun); t != nil && httpwrite.Callee(info, call) == nil && session.TakesRequest(info, call) {
				if _, isFunc := t.Underlying().(*types.Signature); isFunc {
					p.middleware = 1
				}
			}
			return p.middleware < 0
		})
		if p.middleware > 0 {
			return true
		}
	}
	return false
}

// initializeSplit finds the statement of the handler's body that answers
// initialize apart: an if testing for one (with no else) whose body
// returns, or a switch with a case for the "initialize" value. It returns
// that statement, the part that runs for an initialize (the if's body, the
// case), and the statements that run only for other messages: those after
// an if, or the other cases' and those after a switch whose initialize
// case returns (the statements after it also run for an initialize when
// it does not, and then are not the others' only). branch is nil when
// there is none.
func initializeSplit(scan *session.Scan) (branch, initPart ast.Node, past []ast.Stmt) {
	list := scan.Body.List
	for i, st := range list {
		switch st := st.(type) {
		case *ast.IfStmt:
			if st.Else == nil && scan.InitializeTest(st.Cond) && httpwrite.EndsInReturn(st.Body) {
				return st, st.Body, list[i+1:]
			}
		case *ast.SwitchStmt:
			var init *ast.CaseClause
			var others []ast.Stmt
			for _, c := range st.Body.List {
				cc := c.(*ast.CaseClause)
				if init == nil && slices.ContainsFunc(cc.List, initializeValue) {
					init = cc
					continue
				}
				others = append(others, cc.Body...)
			}
			if init == nil {
				continue
			}
			if httpwrite.EndsInReturn(&ast.BlockStmt{List: init.Body}) {
				others = append(others, list[i+1:]...)
			}
			return st, init, others
		}
	}
	return nil, nil, nil
}

// writesOther reports a call in st given the ResponseWriter (or a
// framework's context) that is not an answer the model recorded and not of
// the standard library (json.NewEncoder(w), fmt.Fprintf(w, ...) write a
// body, never a refusal's status): it may write one.
func writesOther(info *types.Info, st ast.Stmt, recorded map[ast.Node]bool) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || recorded[call] {
			return true
		}
		for _, a := range call.Args {
			t := info.TypeOf(a)
			if !httpwrite.IsResponseWriter(t) && !httpwrite.IsFrameworkContext(t) {
				continue
			}
			found = !stdlibFunc(httpwrite.Callee(info, call))
		}
		return !found
	})
	return found
}

// mayCheckRequest reports a call in body given the request (or its header,
// or a framework's context) whose callee may check the id itself: a
// function outside the package (an SDK, a middleware), one reached through
// an interface or a function value, or a function of the package that reads
// the Mcp-Session-Id header, itself or through the functions it calls.
func mayCheckRequest(info *types.Info, pkg *types.Package, decls map[*types.Func]*ast.FuncDecl, scan *session.Scan, body *ast.BlockStmt) bool {
	seen := map[*types.Func]bool{}
	var reads func(fn *types.Func) bool
	reads = func(fn *types.Func) bool {
		if seen[fn] {
			return false
		}
		seen[fn] = true
		decl := decls[fn]
		if decl == nil || decl.Body == nil {
			return true
		}
		if scan.ReadsIDHeader(decl) {
			return true
		}
		found := false
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && !found && session.TakesRequest(info, c) {
				if g := httpwrite.Callee(info, c); g != nil && g.Pkg() == pkg {
					found = reads(g)
				}
			}
			return !found
		})
		return found
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !session.TakesRequest(info, call) {
			return true
		}
		fn := httpwrite.Callee(info, call)
		switch {
		case fn == nil || fn.Pkg() == nil || httpwrite.IsInterfaceMethod(fn):
			found = true
		case fn.Pkg() != pkg:
			found = !stdlibFunc(fn)
		default:
			found = reads(fn)
		}
		return !found
	})
	return found
}

// stdlibFunc reports a function of the standard library that is not an
// interface's method: json.NewEncoder(w) or io.Copy(w, src) write a body,
// never a refusal's status, where http.Handler's ServeHTTP runs whatever
// handler it is given.
func stdlibFunc(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && !httpwrite.IsInterfaceMethod(fn) && httpwrite.IsStd(fn.Pkg().Path())
}
