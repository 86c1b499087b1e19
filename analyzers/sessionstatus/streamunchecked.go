package sessionstatus

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// streamUnchecked reports a handler (w, r) that opens an event stream
// (Content-Type: text/event-stream on its response) without ever reading
// the request's Mcp-Session-Id, beside handlers that issue session ids
// and read them on their other requests. A GET stream belongs to a session: one
// without an id is 400, one with an unknown id 404 (session-missing,
// session-unknown); a stream opened for anyone gets the server's messages
// for no session, or for someone else's.
//
// Silent when the handler hands the request (or its URL or headers) to
// another function, which may check the id, and when it announces an
// endpoint (the HTTP+SSE transport of 2024-11-05, whose stream mints its
// session itself), and when nothing in the package refers to the handler
// (no route of its own serves it). The methods of the handler's receiver
// type (or, for a function, the package's functions) must be the ones that
// read ids and either issue them or refuse a request 4xx when a check of
// its id fails (a transport whose sessions another package mints).
func streamUnchecked(pass *analysis.Pass, p *pkgInfo) {
	info := pass.TypesInfo
	// checkers are the functions that read the request's id; a package
	// that refuses a request 4xx when one fails keeps sessions as much as
	// one that issues ids (the ids may be issued elsewhere).
	checkers := idCheckers(pass)
	if !p.issuesIDs(pass) && len(checkers) == 0 {
		return
	}
	// The candidates first: most packages open no stream, and need no walk
	// of every function.
	type stream struct {
		fd   *ast.FuncDecl
		open *ast.CallExpr
	}
	var streams []stream
	candidate := map[types.Object]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !handlerOnly(info, fd.Type) || httpwrite.InTest(pass, fd) {
				continue
			}
			params := fd.Type.Params.List
			if len(params) != 2 || len(params[1].Names) != 1 {
				continue
			}
			req, _ := info.Defs[params[1].Names[0]].(*types.Var)
			if req == nil {
				continue
			}
			if open := streamOpened(info, fd.Body); open != nil && !mayCheckID(info, fd.Body, req) {
				streams = append(streams, stream{fd, open})
				candidate[info.Defs[fd.Name]] = true
			}
		}
	}
	if len(streams) == 0 {
		return
	}
	// A handler nothing in the package refers to (an exported method no
	// route of this package serves) may be reached by no request at all.
	referenced := map[types.Object]bool{}
	for _, obj := range info.Uses {
		if candidate[obj] {
			referenced[obj] = true
		}
	}
	// What each receiver type's methods (nil: the package's functions) do
	// with ids: a stateless bridge beside a sessionful one in the same
	// package keeps no sessions to check.
	type use struct{ issues, reads, refuses bool }
	uses := map[types.Object]*use{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || httpwrite.InTest(pass, fd) {
				continue
			}
			k := recvObj(info, fd)
			u := uses[k]
			if u == nil {
				u = &use{}
				uses[k] = u
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					u.issues = u.issues || issuesID(info, fd.Body, n)
					u.reads = u.reads || readsRequestIDCall(info, n)
				case *ast.IfStmt:
					u.refuses = u.refuses || refusesOnID(info, checkers, n)
				}
				return true
			})
		}
	}
	for _, st := range streams {
		if u := uses[recvObj(info, st.fd)]; u == nil || !(u.issues || u.refuses) || !u.reads || !referenced[info.Defs[st.fd.Name]] {
			continue
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: st.open.Pos(), End: st.open.End(), Category: catMissing,
			Message: "opens an event stream without reading Mcp-Session-Id: a GET without one is 400, with an unknown one 404",
		})
	}
}

// recvObj is the named type whose method fd declares, or nil for a
// function.
func recvObj(info *types.Info, fd *ast.FuncDecl) types.Object {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return nil
	}
	t := info.TypeOf(fd.Recv.List[0].Type)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// streamOpened is the call setting Content-Type: text/event-stream on a
// ResponseWriter's header in body, or nil.
func streamOpened(info *types.Info, body *ast.BlockStmt) *ast.CallExpr {
	var open *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || open != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Set" {
			return true
		}
		h, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return true
		}
		hs, ok := ast.Unparen(h.Fun).(*ast.SelectorExpr)
		if !ok || hs.Sel.Name != "Header" || !httpwrite.IsResponseWriter(info.TypeOf(hs.X)) {
			return true
		}
		k, _ := httpwrite.StringConst(info, call.Args[0])
		v, _ := httpwrite.StringConst(info, call.Args[1])
		if strings.EqualFold(k, "Content-Type") && strings.HasPrefix(v, "text/event-stream") {
			open = call
		}
		return true
	})
	return open
}

// mayCheckID reports a body that reads the session id header, hands the
// request, its URL or its headers to a function outside the standard
// library (which may check the id), or names an endpoint event.
func mayCheckID(info *types.Info, body *ast.BlockStmt, req *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			if v, ok := httpwrite.StringConst(info, n); ok && (session.IDHeader(info, n) || strings.Contains(v, "endpoint")) {
				found = true
			}
		case *ast.Ident:
			// A named constant of the header (const hdr = "Mcp-Session-Id").
			if _, ok := info.Uses[n].(*types.Const); ok && session.IDHeader(info, n) {
				found = true
			}
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, n)
			if fn != nil && fn.Pkg() != nil && httpwrite.IsStd(fn.Pkg().Path()) {
				return true // the standard library reads no session
			}
			for _, a := range n.Args {
				if usesRequest(info, a, req) {
					found = true
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && usesRequest(info, sel.X, req) && !isContextCall(info, n) {
				found = true
			}
		}
		return !found
	})
	return found
}

// usesRequest reports an expression that is the request or reaches into
// it other than for its context (r, r.URL, r.Header, *r).
func usesRequest(info *types.Info, e ast.Expr, req *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && isContextCall(info, call) {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == req {
			found = true
		}
		return !found
	})
	return found
}

// isContextCall reports r.Context().
func isContextCall(info *types.Info, call *ast.CallExpr) bool {
	return httpwrite.IsMethod(httpwrite.Callee(info, call), httpwrite.PkgHTTP, "Request", "Context")
}

// readsRequestIDCall reports r.Header.Get(k) of a request's header, k
// naming the session id.
func readsRequestIDCall(info *types.Info, call *ast.CallExpr) bool {
	if !httpwrite.IsMethod(httpwrite.Callee(info, call), httpwrite.PkgHTTP, "Header", "Get") || len(call.Args) != 1 || !session.IDHeader(info, call.Args[0]) {
		return false
	}
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return sel != nil && !httpwrite.NotRequestHeader(info, sel.X)
}

// idCheckers are the package's functions that read the request's
// Mcp-Session-Id themselves (validateSession(r), say).
func idCheckers(pass *analysis.Pass) map[types.Object]bool {
	info := pass.TypesInfo
	out := map[types.Object]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || httpwrite.InTest(pass, fd) {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && readsRequestIDCall(info, call) {
					out[info.Defs[fd.Name]] = true
				}
				return true
			})
		}
	}
	return out
}

// refusesOnID reports an if whose condition reads the request's id or
// calls a checker of it, and whose branch answers a 4xx and returns:
// if !s.validateSession(r) { http.Error(w, "...", 401); return }.
func refusesOnID(info *types.Info, checkers map[types.Object]bool, is *ast.IfStmt) bool {
	checks := false
	look := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok && !checks {
				if readsRequestIDCall(info, call) {
					checks = true
				} else if fn := httpwrite.Callee(info, call); fn != nil && checkers[fn.Origin()] {
					checks = true
				}
			}
			return !checks
		})
	}
	if is.Init != nil {
		look(is.Init)
	}
	look(is.Cond)
	if !checks {
		return false
	}
	if !httpwrite.EndsInReturn(is.Body) {
		return false
	}
	for _, w := range httpwrite.Collect(info, is.Body, nil) {
		if w.Status >= 400 && w.Status < 500 {
			return true
		}
	}
	return false
}
