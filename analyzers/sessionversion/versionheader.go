package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// headerName is the request header naming the client's revision, in
// lower case.
const headerName = "mcp-protocol-version"

// headerFirst is the first revision with the header, and with the row
// that answers an unsupported one 400. A server of an earlier revision
// meets no such header from a client that negotiated with it.
const headerFirst = "2025-06-18"

// checkVersionUnread reports the HTTP handlers of an MCP server written by
// hand (the package dispatches initialize itself) in a package that names
// a revision of 2025-06-18 or later and never names MCP-Protocol-Version:
// the protocol's row "MCP-Protocol-Version present but unsupported → 400",
// which those revisions bring, cannot hold where the header is never read,
// so a request naming a revision the server does not speak is served as if
// it spoke it.
//
// The finding is given at the handlers that reach the dispatch and that no
// other such handler of the package calls: where a test of the header
// belongs. Silent where something else may read the header: a handler
// that hands the request on (to an SDK's handler, a next handler, a
// ServeHTTP), a reverse proxy (the upstream checks it), a constant of the header's name
// in this package or one of its module's packages it imports, a handler
// reaching a function of a file that names the HTTP+SSE transport's
// endpoint event (2024-11-05 has no such header), packages of test support
// and functions taking a *testing.T.
func (c *checker) checkVersionUnread() {
	pass := c.pass
	if httpwrite.TestSupport(pass.Pkg.Path()) || namesHeaderConst(pass.Pkg) {
		return
	}
	info := pass.TypesInfo
	type handler struct {
		fn   *types.Func
		name *ast.Ident
	}
	var handlers []handler
	marks := map[*types.Func]token.Pos{}
	// handsOn are the functions whose handlers are not judged: they hand
	// the request on, or serve the HTTP+SSE transport.
	handsOn := map[*types.Func]token.Pos{}
	var decls []*ast.FuncDecl
	var globals []ast.Decl
	var files []*ast.File
	declsOf := map[*ast.File][]*ast.FuncDecl{}
	// The declarations first: most packages that import net/http
	// dispatch no initialize, and need no walk of every expression.
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		files = append(files, f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				globals = append(globals, d)
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok || fd.Body == nil || takesTesting(info, fd.Type) {
				continue
			}
			decls = append(decls, fd)
			declsOf[f] = append(declsOf[f], fd)
			if at := c.dispatchMark(fd.Body); at.IsValid() {
				marks[fn] = at
			}
			if httpwrite.AnswersHTTP(info, fd.Type) {
				handlers = append(handlers, handler{fn, fd.Name})
			}
		}
	}
	if len(marks) == 0 || len(handlers) == 0 {
		return
	}
	// claims is that the package names a revision that has the header:
	// one it answers, accepts or lists.
	claims := false
	for _, f := range files {
		quit := false
		ast.Inspect(f, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && !claims {
				if tv, ok := info.Types[e]; ok && httpwrite.IsRevision(tv.Value) && constant.StringVal(tv.Value) >= headerFirst {
					claims = true
				}
			}
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				if strings.Contains(strings.ToLower(n.Value), headerName) {
					quit = true
				}
			case *ast.SelectorExpr:
				// httputil.ReverseProxy hands the request on whole.
				if obj, ok := info.Uses[n.Sel].(*types.TypeName); ok && obj.Pkg() != nil &&
					obj.Pkg().Path() == "net/http/httputil" && obj.Name() == "ReverseProxy" {
					quit = true
				}
				if fn, ok := info.Uses[n.Sel].(*types.Func); ok && fn.Pkg() != nil &&
					fn.Pkg().Path() == "net/http/httputil" && strings.HasPrefix(fn.Name(), "NewSingleHostReverseProxy") {
					quit = true
				}
			}
			return !quit
		})
		if quit {
			return
		}
		// A file naming the HTTP+SSE transport's endpoint event, in a
		// literal or through a constant, serves that transport (its
		// message POSTs too), which 2024-11-05 defines without the
		// header.
		lookups := httpwrite.EndpointLookups(f)
		legacyFile := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				legacyFile = legacyFile || !lookups[n] && httpwrite.EndpointEvent(n)
			case *ast.Ident:
				// The event's name held in a constant of the package
				// (formatSSE(eventEndpoint, url)).
				if k, ok := info.Uses[n].(*types.Const); ok && k.Val().Kind() == constant.String {
					lit := &ast.BasicLit{Kind: token.STRING, Value: k.Val().ExactString()}
					legacyFile = legacyFile || httpwrite.EndpointEvent(lit)
				}
			}
			return !legacyFile
		})
		for _, fd := range declsOf[f] {
			fn := info.Defs[fd.Name].(*types.Func)
			if at := handsOnRequest(info, pass.Pkg, fd.Body); at.IsValid() {
				handsOn[fn] = at
			}
			if legacyFile {
				handsOn[fn] = fd.Pos()
			}
		}
	}
	if !claims {
		return
	}
	g := newRefGraph()
	for _, d := range globals {
		g.addRoots(info, d)
	}
	for _, fd := range decls {
		g.add(info, info.Defs[fd.Name].(*types.Func), fd)
	}
	g.resolve()
	serving := map[*types.Func]token.Pos{}
	for _, h := range handlers {
		if at := g.reachesMark(h.fn, marks); at.IsValid() && !g.reachesMark(h.fn, handsOn).IsValid() && g.live(h.fn) {
			serving[h.fn] = at
		}
	}
	for _, h := range handlers {
		at, ok := serving[h.fn]
		if !ok || g.reachedFrom(h.fn, serving) {
			continue
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: h.name.Pos(), End: h.name.End(), Category: "version-header-unread",
			Message: "serves MCP requests and never reads MCP-Protocol-Version: a request naming a revision the server does not support must be answered 400",
			Related: []analysis.RelatedInformation{{Pos: at, Message: "the initialize it dispatches"}},
		})
	}
}

// dispatchMark returns where body dispatches MCP's initialize itself: the
// method compared with "initialize" (==, != or a case), or an initialize
// result built (a struct with JSON fields protocolVersion and serverInfo,
// or a map literal with both keys). It is token.NoPos when there is none.
func (c *checker) dispatchMark(body *ast.BlockStmt) token.Pos {
	info := c.pass.TypesInfo
	isInit := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "initialize"
	}
	at := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if at.IsValid() {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isInit(n.X) || isInit(n.Y)) {
				at = n.Pos()
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if isInit(e) {
					at = e.Pos()
				}
			}
		case *ast.CompositeLit:
			if _, ok := initResult(info, n); ok {
				at = n.Pos()
			}
		}
		return true
	})
	return at
}

// handsOnRequest returns the first call in body that hands the request on
// to code this package does not hold: a call given the request and the
// response writer (or a framework's context) whose callee is a function
// value, an interface method or a function of another package (an SDK's
// ServeHTTP, a middleware's next), or a framework context's Next. It is
// token.NoPos when there is none.
func handsOnRequest(info *types.Info, pkg *types.Package, body *ast.BlockStmt) token.Pos {
	at := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if at.IsValid() {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Next" && httpwrite.IsFrameworkContext(info.TypeOf(sel.X)) {
			at = call.Pos()
			return false
		}
		writer, request := false, false
		for _, a := range call.Args {
			t := info.TypeOf(a)
			switch {
			case isNetHTTP(t, "ResponseWriter"):
				writer = true
			case isNetHTTP(t, "Request"):
				request = true
			case httpwrite.IsFrameworkContext(t):
				writer, request = true, true
			}
		}
		if !writer || !request {
			return true
		}
		fn := httpwrite.Callee(info, call)
		if fn == nil || fn.Pkg() != pkg {
			at = call.Pos()
		} else if httpwrite.IsInterfaceMethod(fn) {
			at = call.Pos()
		}
		return true
	})
	return at
}

// namesHeaderConst reports whether pkg, or a package of its module it
// imports, declares a string constant naming MCP-Protocol-Version: a
// middleware of the module may read it where this package cannot be seen
// to.
func namesHeaderConst(pkg *types.Package) bool {
	own := modulePrefix(pkg.Path())
	scopes := []*types.Scope{pkg.Scope()}
	for _, imp := range pkg.Imports() {
		if modulePrefix(imp.Path()) == own {
			scopes = append(scopes, imp.Scope())
		}
	}
	for _, s := range scopes {
		for _, name := range s.Names() {
			k, ok := s.Lookup(name).(*types.Const)
			if ok && k.Val().Kind() == constant.String && strings.Contains(strings.ToLower(constant.StringVal(k.Val())), headerName) {
				return true
			}
		}
	}
	return false
}

// modulePrefix is the part of an import path that names its repository
// (host/owner/name for the common hosts, else the first element).
func modulePrefix(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) >= 3 && strings.Contains(parts[0], ".") {
		return strings.Join(parts[:3], "/")
	}
	return parts[0]
}

// reachesMark returns the mark of fn or of a function it reaches, or
// token.NoPos.
func (g *refGraph) reachesMark(fn *types.Func, marks map[*types.Func]token.Pos) token.Pos {
	at := token.NoPos
	g.walk([]*types.Func{fn}, g.refs, func(f *types.Func) bool {
		at = marks[f]
		return at.IsValid()
	})
	return at
}

// reachedFrom reports whether a function of from other than fn reaches fn.
func (g *refGraph) reachedFrom(fn *types.Func, from map[*types.Func]token.Pos) bool {
	return g.walk(g.callers[fn], g.callers, func(f *types.Func) bool {
		_, ok := from[f]
		return ok && f != fn
	})
}
