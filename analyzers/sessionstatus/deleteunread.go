package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// deleteUnread reports a DELETE route of MCP's endpoint whose handler
// answers a success without ever reading Mcp-Session-Id. A DELETE ends the
// session its id names; a handler that reads no id ends none in
// particular, so a request without an id (400 is due), one naming an
// unknown session (404) and, on a server that keeps no sessions, any
// DELETE at all (405) get the success a known session's end gets.
//
// The route is a router's registration for DELETE (r.Delete, r.DELETE,
// mux.HandleFunc("DELETE /mcp", h)) at a path that is MCP's endpoint (its
// last segment mcp or message(s)) or at the path the same router registers
// a POST for, in a package that speaks MCP (it names one of MCP's headers or
// methods). The handler, and the functions of the package it calls, to
// a depth of three, are read whole.
//
// Silent where anything may look at the session: a name of the header; a
// value read from a request's context or a framework's (a middleware may
// have put the session there); the URL's query, the request's form or
// path values read, or a route path with a placeholder (the id may come
// there); a call outside the package and the standard library given the
// request, its writer or its framework context (an SDK's handler); a
// middleware on the route or its router that may do any of these, or one
// on the route from outside the package and the standard library; a
// handler the registration builds by a call; and a handler answering 405
// on some path. Its other refusals (401, an unsupported revision's 400)
// are not about the session: nothing it reaches reads the id. Reported at
// the success, or at the handler when it writes nothing (net/http then
// answers 200).
func deleteUnread(pass *analysis.Pass, p *pkgInfo, sum *answers.Result) {
	info := pass.TypesInfo
	// The registrations first: most packages register no DELETE, and
	// need no second walk.
	routes, uses := httpwrite.Routes(pass)
	if !slices.ContainsFunc(routes, func(r httpwrite.Route) bool { return r.Method == "DELETE" }) {
		return
	}
	speaksMCP := false
	for _, f := range pass.Files {
		if httpwrite.InTest(pass, f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && !speaksMCP {
				v, _ := httpwrite.StringConst(info, lit)
				speaksMCP = strings.EqualFold(v, "Mcp-Session-Id") || strings.EqualFold(v, "MCP-Protocol-Version") || v == "initialize" || v == "notifications/initialized" || v == "tools/call" || v == "tools/list"
			}
			return !speaksMCP
		})
	}
	if !speaksMCP {
		return
	}
	decls := p.decls
	posts := map[types.Object]map[string]bool{}
	for _, r := range routes {
		if r.Method == "POST" && r.Router != nil {
			if posts[r.Router] == nil {
				posts[r.Router] = map[string]bool{}
			}
			posts[r.Router][r.Path] = true
		}
	}
	for _, r := range routes {
		if r.Method != "DELETE" {
			continue
		}
		if strings.ContainsAny(r.Path, "{:*") {
			// A path with a placeholder may carry the session.
			continue
		}
		last := r.Path[strings.LastIndexByte(r.Path, '/')+1:]
		endpoint := httpwrite.MCPPath(r.Path) && last != "sse" || r.Router != nil && posts[r.Router][r.Path]
		if !endpoint {
			continue
		}
		unit := handlerUnit(info, decls, r.Handler)
		if unit == nil {
			continue
		}
		if foreignMiddleware(info, decls, r.Extra) || middlewareReads(info, decls, append(append([]ast.Expr(nil), r.Extra...), uses[r.Router]...)) {
			continue
		}
		reach := reachedUnits(info, decls, unit)
		if mayReadSession(info, reach) {
			continue
		}
		at, ok := deleteSuccess(info, sum, reach, unit)
		if !ok {
			continue
		}
		if at == nil {
			at = r.Handler
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(), Category: "delete-id-unread",
			Message: "DELETE answered a success without reading Mcp-Session-Id: no id is due 400, an unknown one 404, a server without sessions 405",
		})
	}
}

// handlerUnit is the function literal or declaration of the package a
// registration's handler stands for (through http.HandlerFunc), or nil.
func handlerUnit(info *types.Info, decls map[*types.Func]*ast.FuncDecl, h ast.Expr) ast.Node {
	switch h := ast.Unparen(h).(type) {
	case *ast.FuncLit:
		return h
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := info.Uses[selOrIdent(h)].(*types.Func); ok {
			if d := decls[fn.Origin()]; d != nil && d.Body != nil {
				return d
			}
		}
	case *ast.CallExpr:
		// http.HandlerFunc(h): a conversion, not a call building one.
		if tv, ok := info.Types[h.Fun]; ok && tv.IsType() && len(h.Args) == 1 {
			return handlerUnit(info, decls, h.Args[0])
		}
	}
	return nil
}

func selOrIdent(e ast.Expr) *ast.Ident {
	if s, ok := e.(*ast.SelectorExpr); ok {
		return s.Sel
	}
	return e.(*ast.Ident)
}

// middlewareReads reports middleware among mw that may read the session:
// a function of the package, or one a call of the package builds, that
// may (mayReadSession).
func middlewareReads(info *types.Info, decls map[*types.Func]*ast.FuncDecl, mw []ast.Expr) bool {
	for _, m := range mw {
		found := false
		ast.Inspect(m, func(n ast.Node) bool {
			var unit ast.Node
			switch n := n.(type) {
			case *ast.FuncLit:
				unit = n
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && decls[fn.Origin()] != nil {
					unit = decls[fn.Origin()]
				}
			}
			if unit != nil && mayReadSession(info, reachedUnits(info, decls, unit)) {
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

// foreignMiddleware reports middleware on the route itself from outside
// the package and the standard library: an SDK's session layer may stand
// there.
func foreignMiddleware(info *types.Info, decls map[*types.Func]*ast.FuncDecl, mw []ast.Expr) bool {
	for _, m := range mw {
		if call, ok := ast.Unparen(m).(*ast.CallExpr); ok {
			m = call.Fun
		}
		var id *ast.Ident
		switch m := ast.Unparen(m).(type) {
		case *ast.Ident:
			id = m
		case *ast.SelectorExpr:
			id = m.Sel
		}
		if id == nil {
			continue
		}
		if fn, ok := info.Uses[id].(*types.Func); ok && decls[fn.Origin()] == nil && fn.Pkg() != nil && !httpwrite.IsStd(fn.Pkg().Path()) {
			return true
		}
	}
	return false
}

// reachedUnits is unit and the functions of the package it calls, to a
// depth of three, with the ServeHTTP of a handler type of the package it
// builds.
func reachedUnits(info *types.Info, decls map[*types.Func]*ast.FuncDecl, unit ast.Node) []ast.Node {
	seen := map[ast.Node]bool{unit: true}
	out := []ast.Node{unit}
	level := []ast.Node{unit}
	for depth := 0; depth < 3 && len(level) > 0; depth++ {
		var next []ast.Node
		for _, u := range level {
			ast.Inspect(httpwrite.Body(u), func(n ast.Node) bool {
				var fn *types.Func
				switch n := n.(type) {
				case *ast.CallExpr:
					fn = httpwrite.Callee(info, n)
				case *ast.CompositeLit:
					// A handler of the package's own type, built
					// to wrap the next: its ServeHTTP runs.
					if t := info.TypeOf(n); t != nil {
						if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "ServeHTTP"); obj != nil {
							fn, _ = obj.(*types.Func)
						}
					}
				}
				if fn != nil {
					if d := decls[fn.Origin()]; d != nil && !seen[d] {
						seen[d] = true
						out = append(out, d)
						next = append(next, d)
					}
				}
				return true
			})
		}
		level = next
	}
	return out
}

// mayReadSession reports whether any of units may look at the request's
// session: it names Mcp-Session-Id, reads a context value, or hands the
// request, its writer or a context to a function outside the package and
// the standard library.
func mayReadSession(info *types.Info, units []ast.Node) bool {
	own := map[ast.Node]bool{}
	for _, u := range units {
		own[u] = true
	}
	found := false
	for _, u := range units {
		ast.Inspect(httpwrite.Body(u), func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.BasicLit, *ast.Ident:
				if httpwrite.IsSessionHeader(info, n.(ast.Expr)) {
					found = true
				}
			case *ast.SelectorExpr:
				// The id may come in the URL's query.
				if httpwrite.IsSessionHeader(info, n) || n.Sel.Name == "RawQuery" && httpwrite.IsNamed(info.TypeOf(n.X), "net/url", "URL") {
					found = true
				}
			case *ast.CallExpr:
				fn := httpwrite.Callee(info, n)
				if fn == nil {
					// A function value or an interface's method
					// given the request may be anything.
					found = handsSession(info, n)
					return !found
				}
				if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
					if types.IsInterface(sig.Recv().Type()) && handsSession(info, n) {
						// An http.Handler's ServeHTTP: any handler.
						found = true
						return false
					}
					switch fn.Name() {
					case "Value", "Get", "MustGet", "Locals", "GetString", "Keys",
						"Param", "Params", "Query", "QueryParam", "DefaultQuery", "GetQuery", "PathValue", "FormValue", "PostFormValue":
						if t := sig.Recv().Type(); httpwrite.IsFrameworkContext(t) || isContext(t) || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, "net/url", "URL") {
							found = true
						}
					}
					if httpwrite.IsFrameworkContext(sig.Recv().Type()) {
						return !found
					}
				}
				if fn.Pkg() != nil && fn.Pkg() != pkgOf(info, u) && !httpwrite.IsStd(fn.Pkg().Path()) && handsSession(info, n) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func pkgOf(info *types.Info, u ast.Node) *types.Package {
	if fd, ok := u.(*ast.FuncDecl); ok {
		if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
			return fn.Pkg()
		}
	}
	if lit, ok := u.(*ast.FuncLit); ok {
		for _, f := range lit.Type.Params.List {
			for _, n := range f.Names {
				if obj := info.Defs[n]; obj != nil {
					return obj.Pkg()
				}
			}
		}
	}
	return nil
}

// handsSession reports a call given a request, a response writer or a
// framework context: what may read the session's id. A context.Context
// carries what a middleware put there only to a read of its values, which
// mayReadSession tells apart.
func handsSession(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		t := info.TypeOf(a)
		if t != nil && (httpwrite.IsResponseWriter(t) || httpwrite.IsFrameworkContext(t) || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request")) {
			return true
		}
	}
	return false
}

// deleteSuccess returns where the handler unit answers a success, or nil
// with ok when the reached functions write nothing at all; ok is false
// when the unit answers no success or any of them answers 405 (a server
// that ends sessions only when it keeps them). Its other refusals say
// nothing of the session: nothing reached reads its id.
func deleteSuccess(info *types.Info, sum *answers.Result, reach []ast.Node, unit ast.Node) (at ast.Node, ok bool) {
	wrote := false
	for _, u := range reach {
		for _, a := range sum.Answers[u] {
			wrote = true
			if a.Status == 405 {
				return nil, false
			}
			if u == unit {
				at = a.Node
			}
		}
		var bad bool
		ast.Inspect(httpwrite.Body(u), func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !isCall || bad {
				return !bad
			}
			status, fw := httpwrite.FrameworkStatus(info, call)
			if !fw {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "WriteHeader" && len(call.Args) == 1 {
					if v, ok := httpwrite.IntConst(info, call.Args[0]); ok {
						status, fw = int(v), true
					} else {
						bad = true
					}
				}
			}
			if !fw {
				return true
			}
			wrote = true
			if status == 405 {
				bad = true
			} else if status >= 200 && status <= 299 && u == unit {
				at = call
			}
			return true
		})
		if bad {
			return nil, false
		}
	}
	if at != nil {
		return at, true
	}
	if !wrote {
		if body := httpwrite.Body(unit); body != nil && len(body.List) == 0 {
			return nil, true
		}
	}
	return nil, false
}
