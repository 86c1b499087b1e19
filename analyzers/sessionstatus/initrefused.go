package sessionstatus

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

const catInitRefused = "initialize-needs-session-id" // no id refused before initialize is told apart

// initializeRefused reports a request without Mcp-Session-Id refused
// before anything tells an initialize apart. The protocol's session-missing
// row is for a request other than initialize: an initialize carries no id,
// since the server mints it in its answer. A POST handler that answers
// every request without an id with an error refuses every handshake, and a
// client can only go on by inventing an id the server never issued.
//
// The answer is an error status (400 to 499) under a test of the id's
// emptiness alone, in an if at the top of the function, or under tests of
// the HTTP method only, whose branch returns; no statement before it on
// the way names initialize, itself or in a function of the package it
// calls. The function serves POSTs: it reads the request body, or the
// method test around the answer lets POST through. It is where requests
// arrive: no function of the package that takes a ResponseWriter or a
// framework's context calls it, and an initialize would reach it: it goes
// on to tell one apart or answer one (itself or two calls down), or hands
// the request's body on to another server. "Serves POSTs" is read in the function or
// one call down (a method switch handing POSTs on counts). The package names "initialize" (it speaks
// MCP) and not the HTTP+SSE transport's endpoint event, whose message
// POSTs follow that transport's own handshake.
func initializeRefused(pass *analysis.Pass, p *pkgInfo, sum *answers.Result) {
	info, decls := pass.TypesInfo, p.decls
	var called map[*types.Func]bool // handlers another handler calls; nil until a candidate
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		for _, a := range sum.Answers[n] {
			if !a.HasSession || a.Session.Kind != session.Missing || a.Session.NotInit || a.Status < 400 || a.Status > 499 {
				continue
			}
			if called == nil {
				// The package-wide reads, once a candidate is seen.
				if !namesInitialize(pass) || httpwrite.SendsEndpointEvent(pass.Fset, pass.Files) {
					return
				}
				called = handlersCalled(pass, sum)
			}
			test, post, ok := topOfPath(info, decls, httpwrite.Body(n), a.Stack)
			if !ok || !post && !servesPOST(info, decls, httpwrite.Body(n)) {
				continue
			}
			if fd, isDecl := n.(*ast.FuncDecl); isDecl {
				if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil && called[fn] {
					continue
				}
			}
			// An initialize would arrive here: the function goes on to
			// tell one apart or to answer one (two calls down), or hands
			// the request's body on to another server.
			if !namesInit(info, decls, httpwrite.Body(n), 2) && !forwardsBody(info, decls, httpwrite.Body(n), 1) {
				continue
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: a.Node.Pos(), End: a.Node.End(), Category: catInitRefused,
				Message: "refuses a request without Mcp-Session-Id before telling initialize apart: an initialize carries none, so every handshake fails",
				Related: []analysis.RelatedInformation{{Pos: test.Pos(), End: test.End(), Message: "the id's absence, tested for every request: the server mints the id in its answer to initialize; answer 400 only to other methods"}},
			})
			break // one per function
		}
	}
}

// topOfPath reports whether the answer at the end of stack is in the body
// of an if that tests only the id's emptiness and returns, reached from the
// function's body through blocks and tests of the HTTP method only, with no
// earlier statement on the way naming initialize. post is that a method
// test on the way lets POST through.
func topOfPath(info *types.Info, decls map[*types.Func]*ast.FuncDecl, body *ast.BlockStmt, stack []ast.Node) (test ast.Expr, post, ok bool) {
	if body == nil || len(stack) < 2 {
		return nil, false, false
	}
	// The innermost if whose body holds the answer.
	var ifs *ast.IfStmt
	at := -1
	for i := len(stack) - 2; i >= 0; i-- {
		if s, isIf := stack[i].(*ast.IfStmt); isIf && stack[i+1] == s.Body {
			ifs, at = s, i
			break
		}
	}
	if ifs == nil || ifs.Init != nil || ifs.Else != nil || !httpwrite.EndsInReturn(ifs.Body) || !emptinessOnly(info, ifs.Cond) {
		return nil, false, false
	}
	// Nothing between the if's body and the answer but blocks: the answer
	// is the branch's own, not a nested test's.
	for _, n := range stack[at+1 : len(stack)-1] {
		switch n.(type) {
		case *ast.BlockStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.AssignStmt, *ast.CallExpr:
		default:
			return nil, false, false
		}
	}
	// From the body down to the if: blocks, and tests of the method.
	for i := 0; i < at; i++ {
		switch n := stack[i].(type) {
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st == stack[i+1] {
					break
				}
				if namesInit(info, decls, st, 1) {
					return nil, false, false
				}
			}
		case *ast.CaseClause:
			sw, _ := stack[i-2].(*ast.SwitchStmt)
			if sw == nil || sw.Init != nil || sw.Tag == nil || !httpwrite.ReadsRequestMethod(info, sw.Tag) {
				return nil, false, false
			}
			// The clause POSTs take: one listing it, or the default
			// when none does.
			if !lists(info, n.List, "POST") && (n.List != nil || switchLists(info, sw, "POST")) {
				return nil, false, false
			}
			post = true
			for _, st := range n.Body {
				if st == stack[i+1] {
					break
				}
				if namesInit(info, decls, st, 1) {
					return nil, false, false
				}
			}
		case *ast.SwitchStmt:
			if n.Init != nil || n.Tag == nil || !httpwrite.ReadsRequestMethod(info, n.Tag) {
				return nil, false, false
			}
		case *ast.IfStmt:
			if n.Init != nil || !httpwrite.ReadsRequestMethod(info, n.Cond) || stack[i+1] != n.Body {
				return nil, false, false
			}
			if v, known := methodTest(info, n.Cond, "POST"); !known || !v {
				return nil, false, false // a branch POSTs do not take
			}
			post = true
		default:
			return nil, false, false
		}
	}
	return ifs.Cond, post, true
}

// emptinessOnly reports a test of one value for emptiness and nothing
// else: x == "", len(x) == 0. The answers' scan says the value is the
// request's Mcp-Session-Id.
func emptinessOnly(info *types.Info, cond ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return false
	}
	for _, p := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
		if s, ok := httpwrite.StringConst(info, p[1]); ok && s == "" && plainValue(p[0]) {
			return true
		}
		if call, ok := ast.Unparen(p[0]).(*ast.CallExpr); ok && len(call.Args) == 1 && plainValue(call.Args[0]) {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
				if n, ok := httpwrite.IntConst(info, p[1]); ok && n == 0 {
					return true
				}
			}
		}
	}
	return false
}

// plainValue reports a local or a call (a header read), not a comparison.
func plainValue(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
		return true
	}
	return false
}

// methodTest evaluates cond, a test of the HTTP method, for method:
// comparisons of the method with constants, joined by && and ||.
func methodTest(info *types.Info, cond ast.Expr, method string) (value, known bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, k := methodTest(info, e.X, method)
			return !v, k
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR, token.LAND:
			xv, xk := methodTest(info, e.X, method)
			yv, yk := methodTest(info, e.Y, method)
			if !xk || !yk {
				return false, false
			}
			if e.Op == token.LOR {
				return xv || yv, true
			}
			return xv && yv, true
		case token.EQL, token.NEQ:
			for _, p := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if s, ok := httpwrite.StringConst(info, p[1]); ok && httpwrite.ReadsRequestMethod(info, p[0]) {
					return (s == method) == (e.Op == token.EQL), true
				}
			}
		}
	}
	return false, false
}

// switchLists reports whether a case of sw lists method.
func switchLists(info *types.Info, sw *ast.SwitchStmt, method string) bool {
	for _, st := range sw.Body.List {
		if lists(info, st.(*ast.CaseClause).List, method) {
			return true
		}
	}
	return false
}

// lists reports whether a case list names method (a constant).
func lists(info *types.Info, list []ast.Expr, method string) bool {
	for _, e := range list {
		if s, ok := httpwrite.StringConst(info, e); ok && s == method {
			return true
		}
	}
	return false
}

func mentionsString(info *types.Info, e ast.Expr, want string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if s, ok := httpwrite.StringConst(info, x); ok && s == want {
				found = true
			}
		}
		return !found
	})
	return found
}

// namesInit reports whether n names the constant "initialize", itself or
// in the body of a function of the package it calls, depth levels down.
func namesInit(info *types.Info, decls map[*types.Func]*ast.FuncDecl, n ast.Node, depth int) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if e, ok := x.(ast.Expr); ok {
			if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "initialize" {
				found = true
				return false
			}
		}
		if call, ok := x.(*ast.CallExpr); ok && depth > 0 && decls != nil {
			if fn := httpwrite.Callee(info, call); fn != nil {
				if fd := decls[fn.Origin()]; fd != nil && fd.Body != nil && namesInit(info, decls, fd.Body, depth-1) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// forwardsBody reports whether body hands the request's body to code that
// sends it on: http.NewRequest given it, or a function outside the
// standard library given it (a forwarder), itself or depth calls down in
// functions of the package handed the request.
func forwardsBody(info *types.Info, decls map[*types.Func]*ast.FuncDecl, body *ast.BlockStmt, depth int) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := httpwrite.Callee(info, call)
		if fn == nil {
			return true
		}
		for _, a := range call.Args {
			if !httpwrite.IsRequestBody(info, a) {
				continue
			}
			switch {
			case fn.Pkg() == nil:
			case fn.Pkg().Path() == "net/http" && strings.HasPrefix(fn.Name(), "NewRequest"):
				found = true
			case !httpwrite.IsStd(fn.Pkg().Path()) && fn.Pkg() != nil && decls[fn.Origin()] == nil:
				found = true
			}
		}
		if !found && depth > 0 {
			if fd := decls[fn.Origin()]; fd != nil && fd.Body != nil && handsRequest(info, call) {
				found = forwardsBody(info, decls, fd.Body, depth-1)
			}
		}
		return !found
	})
	return found
}

// handsRequest reports whether call is given an *http.Request.
func handsRequest(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if httpwrite.IsNamed(info.TypeOf(a), httpwrite.PkgHTTP, "Request") {
			return true
		}
	}
	return false
}

// servesPOST reports whether the function of body takes POSTs: it reads
// the request's body, itself or in a function of the package it calls,
// or it tests the HTTP method against POST.
func servesPOST(info *types.Info, decls map[*types.Func]*ast.FuncDecl, body *ast.BlockStmt) bool {
	if readsBody(info, body) {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SwitchStmt:
			if n.Tag != nil && httpwrite.ReadsRequestMethod(info, n.Tag) {
				for _, cc := range n.Body.List {
					found = found || lists(info, cc.(*ast.CaseClause).List, "POST")
				}
			}
		case *ast.BinaryExpr:
			found = httpwrite.ReadsRequestMethod(info, n) && mentionsString(info, n, "POST")
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, n); fn != nil {
				if fd := decls[fn.Origin()]; fd != nil && fd.Body != nil && readsBody(info, fd.Body) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// readsBody reports whether body reads the request's body: r.Body, or a
// framework's binder or body accessor.
func readsBody(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch sel.Sel.Name {
		case "Body":
			if httpwrite.IsRequestBody(info, sel) || httpwrite.IsFrameworkContext(info.TypeOf(sel.X)) {
				found = true // fiber's c.Body()
			}
		case "Bind", "BindJSON", "ShouldBind", "ShouldBindJSON", "BodyParser":
			if httpwrite.IsFrameworkContext(info.TypeOf(sel.X)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// handlersCalled returns the functions of the package that a function
// taking a ResponseWriter or a framework's context calls: not where
// requests arrive.
func handlersCalled(pass *analysis.Pass, sum *answers.Result) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	for _, n := range sum.Funcs {
		ft := httpwrite.FuncType(n)
		if ft == nil || !httpwrite.AnswersHTTP(pass.TypesInfo, ft) {
			continue
		}
		ast.Inspect(httpwrite.Body(n), func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				if fn := httpwrite.Callee(pass.TypesInfo, call); fn != nil && fn.Pkg() == pass.Pkg {
					out[fn.Origin()] = true
				}
			}
			return true
		})
	}
	return out
}

// namesInitialize reports whether the package names the constant
// "initialize" outside tests.
func namesInitialize(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		if namesInit(pass.TypesInfo, nil, f, 0) {
			return true
		}
	}
	return false
}
