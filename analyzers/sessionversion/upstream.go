package sessionversion

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A gateway that reaches its upstream through an MCP client holds its own
// upstream session, negotiated by that client: the upstream's
// Mcp-Session-Id and MCP-Protocol-Version are the client's, not the
// downstream caller's. An http.RoundTripper under that client that copies
// the downstream request's headers onto each upstream request sends the
// caller's session id and revision to a server that never issued them (the
// header-forwarding shape of go-sdk's proxy example).
//
// checkUpstreamCopies reports, in a RoundTrip method, a loop with no
// condition in it that copies every header of the downstream request onto
// the request being sent, and a Set or Add of a hop header from it. The
// downstream headers are found by data flow: an incoming request's Header
// (a handler's *http.Request, or the Header field of a go-sdk or mcp-go
// request value) stored in a context under a key and read back in RoundTrip
// with ctx.Value(key).(http.Header). A transparent proxy (ReverseProxy,
// or a handler building its own upstream request) forwards the caller's
// own session to the one server that issued it and is not judged here.
func (c *checker) checkUpstreamCopies(names bool) {
	if !c.speaksMCP(names) {
		return
	}
	keys, sinks := c.headerContextKeys()
	if len(keys) == 0 {
		return
	}
	for _, s := range sinks {
		c.upstreamCopies(s.file, s.body, keys, s.hook)
	}
}

// sink is a body that builds upstream requests' headers: a RoundTrip
// method's, or a header hook's (hook set).
type sink struct {
	file *ast.File
	body *ast.BlockStmt
	hook bool
}

// isHeaderFunc reports whether t is func(context.Context)
// map[string]string: the per-request header hook of an MCP client
// (mcp-go's WithHTTPHeaderFunc), whose entries the client Sets over its
// own session id and revision.
func (c *checker) isHeaderFunc(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	if !isNamed(sig.Params().At(0).Type(), "context", "Context") {
		return false
	}
	return isStringMap(sig.Results().At(0).Type())
}

func isStringMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, kok := m.Key().Underlying().(*types.Basic)
	v, vok := m.Elem().Underlying().(*types.Basic)
	return kok && vok && k.Kind() == types.String && v.Kind() == types.String
}

// speaksMCP reports whether the package names a hop header or imports an
// MCP SDK: a RoundTripper elsewhere serves some other API.
func (c *checker) speaksMCP(names bool) bool {
	sdk, ctx := false, false
	for _, p := range c.pass.Pkg.Imports() {
		sdk = sdk || isMCPSDK(p.Path())
		ctx = ctx || p.Path() == "context"
	}
	return ctx && (names || sdk)
}

func isMCPSDK(path string) bool {
	return strings.HasPrefix(path, "github.com/modelcontextprotocol/go-sdk/") || strings.HasPrefix(path, "github.com/mark3labs/mcp-go/")
}

// headerContextKeys returns the context keys under which the package
// stores an incoming request's headers, with where it stores them, and the
// bodies that may copy them upstream: one walk of the package.
func (c *checker) headerContextKeys() (map[any]ast.Node, []sink) {
	keys := map[any]ast.Node{}
	var sinks []sink
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if c.isRoundTrip(fd) {
				sinks = append(sinks, sink{f, fd.Body, false})
			} else if obj := c.pass.TypesInfo.Defs[fd.Name]; obj != nil && c.isHeaderFunc(obj.Type()) {
				sinks = append(sinks, sink{f, fd.Body, true})
			}
			incoming := map[types.Object]bool{}
			c.handlerRequests(fd.Type, incoming)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					c.handlerRequests(n.Type, incoming)
					if c.isHeaderFunc(c.pass.TypesInfo.TypeOf(n)) {
						sinks = append(sinks, sink{f, n.Body, true})
					}
				case *ast.AssignStmt:
					// h := r.Header: a local holding the downstream headers.
					if len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							if c.isDownstreamHeader(n.Rhs[i], incoming) {
								if obj := c.objectOf(l); obj != nil {
									incoming[obj] = true
								}
							}
						}
					}
				case *ast.CallExpr:
					if len(n.Args) != 3 {
						return true
					}
					fn := c.callee(n)
					if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Name() != "WithValue" {
						return true
					}
					if c.isDownstreamHeader(n.Args[2], incoming) {
						if k := c.keyOf(n.Args[1]); k != nil {
							keys[k] = n
						}
					}
				}
				return true
			})
		}
	}
	return keys, sinks
}

// handlerRequests adds the *http.Request parameter of a handler signature
// (a ResponseWriter beside it) to incoming.
func (c *checker) handlerRequests(ft *ast.FuncType, incoming map[types.Object]bool) {
	req, handler := c.requestParam(ft)
	if handler && req != nil {
		incoming[req] = true
	}
	// func(ctx context.Context, r *http.Request) context.Context: a
	// server's hook that derives a request's context from the incoming
	// request (mcp-go's HTTPContextFunc).
	if req != nil && len(ft.Params.List) == 2 && ft.Results != nil && len(ft.Results.List) == 1 &&
		isNamed(c.pass.TypesInfo.TypeOf(ft.Params.List[0].Type), "context", "Context") &&
		isNamed(c.pass.TypesInfo.TypeOf(ft.Results.List[0].Type), "context", "Context") {
		incoming[req] = true
	}
}

// isDownstreamHeader reports whether e is the header map of a request this
// package serves: r.Header of a handler's request, or the http.Header field
// of an MCP SDK's request value (go-sdk's RequestExtra, mcp-go's requests).
func (c *checker) isDownstreamHeader(e ast.Expr, incoming map[types.Object]bool) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return incoming[c.pass.TypesInfo.Uses[id]] && isNamed(c.pass.TypesInfo.TypeOf(id), "net/http", "Header")
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" || !isNamed(c.pass.TypesInfo.TypeOf(sel), "net/http", "Header") {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	if isNetHTTP(t, "Request") {
		return incoming[c.objectOf(sel.X)]
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && isMCPSDK(n.Obj().Pkg().Path()+"/")
}

// keyOf identifies a context key: the constant or variable it names, or
// the type of a composite-literal key (ctxKey{}).
func (c *checker) keyOf(e ast.Expr) any {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if obj := c.objectOf(e); obj != nil {
			return obj
		}
	case *ast.CompositeLit:
		if t := c.pass.TypesInfo.TypeOf(e); t != nil {
			return t.String()
		}
	}
	return nil
}

// isRoundTrip reports whether fd is a RoundTrip(*http.Request)
// (*http.Response, error) method.
func (c *checker) isRoundTrip(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || fd.Name.Name != "RoundTrip" {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && isNetHTTP(sig.Params().At(0).Type(), "Request") &&
		sig.Results().Len() == 2 && isNetHTTP(sig.Results().At(0).Type(), "Response")
}

// upstreamCopies finds, in a RoundTrip method or a header hook, the
// downstream headers read back from the context and what is copied from
// them: onto a request's Header, and in a hook (hook set) into a string
// map, whose entries are the headers it returns.
func (c *checker) upstreamCopies(f *ast.File, body *ast.BlockStmt, keys map[any]ast.Node, hook bool) {
	down := map[types.Object]ast.Node{} // locals holding downstream headers -> where stored
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			if stored := c.contextHeader(n.Rhs[0], keys); stored != nil {
				if obj := c.objectOf(n.Lhs[0]); obj != nil {
					down[obj] = stored
				}
			}
			// m[hop] = h.Get(hop)
			if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok && hook && c.hopKey(ix.Index) != "" && isStringMap(c.pass.TypesInfo.TypeOf(ix.X)) {
				if stored := c.hopRead(n.Rhs[0], down); stored != nil {
					c.reportUpstreamCopy(f, nil, n, stored)
				}
			}
		case *ast.RangeStmt:
			obj := c.objectOf(n.X)
			stored, ok := down[obj]
			if !ok {
				return true
			}
			if add := c.unfilteredCopy(n, hook); add != nil {
				c.reportUpstreamCopy(f, n, add, stored)
			}
		case *ast.CallExpr:
			// out.Header.Set("Mcp-Session-Id", h.Get("Mcp-Session-Id"))
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") || len(n.Args) != 2 || c.hopKey(n.Args[0]) == "" {
				return true
			}
			if !c.isHeaderOf(sel.X, "Request") {
				return true
			}
			if stored := c.hopRead(n.Args[1], down); stored != nil {
				c.reportUpstreamCopy(f, nil, n, stored)
			}
		case *ast.KeyValueExpr:
			// map[string]string{"Mcp-Session-Id": h.Get("Mcp-Session-Id")}
			if !hook || c.hopKey(n.Key) == "" || !isStringMap(c.pass.TypesInfo.TypeOf(c.enclosingLit(body, n))) {
				return true
			}
			if stored := c.hopRead(n.Value, down); stored != nil {
				c.reportUpstreamCopy(f, nil, n, stored)
			}
		}
		return true
	})
}

// hopRead returns where the downstream headers were stored when e is
// h.Get of a hop header with h holding them.
func (c *checker) hopRead(e ast.Expr, down map[types.Object]ast.Node) ast.Node {
	get, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(get.Args) != 1 || c.hopKey(get.Args[0]) == "" {
		return nil
	}
	gs, ok := ast.Unparen(get.Fun).(*ast.SelectorExpr)
	if !ok || gs.Sel.Name != "Get" {
		return nil
	}
	return down[c.objectOf(gs.X)]
}

// enclosingLit is the composite literal kv is an element of.
func (c *checker) enclosingLit(body *ast.BlockStmt, kv *ast.KeyValueExpr) ast.Expr {
	var lit ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if lit != nil {
			return false
		}
		if cl, ok := n.(*ast.CompositeLit); ok {
			for _, e := range cl.Elts {
				if e == kv {
					lit = cl
				}
			}
		}
		return true
	})
	return lit
}

// contextHeader returns where the downstream headers e reads back were
// stored: e is X.Value(key).(http.Header) with X a context and key one
// the package stores downstream headers under.
func (c *checker) contextHeader(e ast.Expr, keys map[any]ast.Node) ast.Node {
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil || !isNamed(c.pass.TypesInfo.TypeOf(ta.Type), "net/http", "Header") {
		return nil
	}
	call, ok := ast.Unparen(ta.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn := c.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Name() != "Value" {
		return nil
	}
	if k := c.keyOf(call.Args[0]); k != nil {
		return keys[k]
	}
	return nil
}

// unfilteredCopy returns the Add or Set (or index assignment) by which the
// loop copies every header onto an outgoing request's Header, or nil when
// the loop tests anything (it may skip the hop headers).
func (c *checker) unfilteredCopy(rs *ast.RangeStmt, hook bool) ast.Node {
	key, ok := rs.Key.(*ast.Ident)
	if !ok {
		return nil
	}
	keyObj := c.objectOf(key)
	var copyAt ast.Node
	filtered := false
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BranchStmt, *ast.FuncLit:
			filtered = true
		case *ast.AssignStmt:
			// out.Header[k] = vs, or m[k] = ... into a header hook's map
			if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok && c.usesObj(ix.Index, keyObj) &&
				(c.isHeaderOf(ix.X, "Request") || (hook && isStringMap(c.pass.TypesInfo.TypeOf(ix.X)))) {
				copyAt = n
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if ok && (sel.Sel.Name == "Add" || sel.Sel.Name == "Set") && len(n.Args) == 2 && c.usesObj(n.Args[0], keyObj) && c.isHeaderOf(sel.X, "Request") {
				copyAt = n
			}
		}
		return !filtered
	})
	if filtered {
		return nil
	}
	return copyAt
}

func (c *checker) usesObj(e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && obj != nil && c.pass.TypesInfo.Uses[id] == obj
}

func (c *checker) reportUpstreamCopy(f *ast.File, loop *ast.RangeStmt, at ast.Node, stored ast.Node) {
	diag := analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(),
		Category: "downstream-session-upstream",
		Message:  "the downstream request's Mcp-Session-Id and MCP-Protocol-Version are copied onto a request of this client's own upstream session: the upstream gets a session id and revision it never negotiated",
		Related: []analysis.RelatedInformation{{
			Pos: stored.Pos(), End: stored.End(),
			Message: "the downstream request's headers are kept here for the upstream requests",
		}},
	}
	if loop != nil {
		if at := loop.X; loop.Tok == token.DEFINE {
			edits := []analysis.TextEdit{{
				Pos: at.Pos(), End: at.End(),
				NewText: []byte(protocolName(f) + ".ForwardHeader(" + c.source(at) + ")"),
			}}
			edits = append(edits, importProtocol(f)...)
			diag.SuggestedFixes = []analysis.SuggestedFix{{Message: "Copy the headers without the hop's own through protocol.ForwardHeader", TextEdits: edits}}
		}
	}
	c.report(diag)
}
