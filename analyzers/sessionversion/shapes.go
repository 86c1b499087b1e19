package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// summary is what a function of the package does with a response's session
// id, for its callers: returns it, and sends it on a request before it
// returns (the re-initialization helper that POSTs notifications/initialized
// itself).
type summary struct {
	returnsID bool
	sendsID   bool
}

// localSend is a response's id, held in a local, sent on a request with no
// revision test on the way.
type localSend struct {
	obj  types.Object
	node ast.Node
	via  *types.Func // the helper that sent it, or nil when sent here
}

// localGate is a revision test applied to a local holding a response's id.
type localGate struct {
	obj  types.Object
	node ast.Node
}

type lateGate struct {
	send localSend
	gate ast.Node
}

// callSite is a call of a function of this package: who calls it, from
// which declaration. What guards it is read only when a GET stream needs it
// (stackTo): most calls never matter, and reading every call's guards would
// cost more than the rest of the analyzer.
type callSite struct {
	caller *types.Func
	decl   *ast.FuncDecl
	node   ast.Node
}

// getStream is a standalone GET stream: a GET request built in fn that asks
// for text/event-stream and carries an MCP session or revision header.
type getStream struct {
	fn          *types.Func
	node        ast.Node
	versioned   bool
	conds       []ast.Expr
	acceptsSSE  bool
	carriesMCP  bool
	gatedHeader bool // the MCP header itself is set under a revision test
}

// headerCopy is an incoming request's headers copied wholesale onto an
// outgoing request: by assignment (out.Header = in.Header.Clone()), by a
// loop with no filter, or implicitly (ReverseProxy's Director and Rewrite).
type headerCopy struct {
	out     types.Object
	node    ast.Node
	in      ast.Expr // the incoming header expression, for the suggested fix
	file    *ast.File
	cleared map[string]bool
}

type dupAdd struct {
	copy *headerCopy
	add  *ast.CallExpr
	key  string
}

type mint struct {
	node   ast.Node
	branch ast.Node
}

// summarize computes the summaries of the package's functions: twice, so a
// helper calling a helper is seen whatever the declaration order.
func (c *checker) summarize() {
	for range 2 {
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				s := &summary{}
				var stack []ast.Node
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if n == nil {
						stack = stack[:len(stack)-1]
						return true
					}
					stack = append(stack, n)
					switch n := n.(type) {
					case *ast.FuncLit:
						stack = stack[:len(stack)-1]
						return false
					case *ast.AssignStmt:
						if len(n.Rhs) == 1 || len(n.Rhs) == len(n.Lhs) {
							if id, ok := n.Lhs[0].(*ast.Ident); ok && c.isResponseID(n.Rhs[0]) {
								if obj := c.objectOf(id); obj != nil && !kept(obj) {
									c.fromResponse[obj] = true
								}
							}
						}
					case *ast.ReturnStmt:
						// Callers follow the first result only (id, err).
						if len(n.Results) > 0 && c.isResponseID(n.Results[0]) {
							s.returnsID = true
						}
					case *ast.CallExpr:
						if obj := c.sentLocal(n); obj != nil && !c.gated(stack) {
							s.sendsID = true
						}
					}
					return true
				})
				if s.returnsID {
					c.summaries[fn] = s
				}
			}
		}
	}
}

// sentLocal returns the local holding a response's id that call sets on an
// outgoing request's Mcp-Session-Id header, or nil.
func (c *checker) sentLocal(call *ast.CallExpr) types.Object {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") || len(call.Args) != 2 {
		return nil
	}
	if !c.isSessionKey(call.Args[0]) || !c.isHeaderOf(sel.X, "Request") {
		return nil
	}
	id, ok := ast.Unparen(call.Args[1]).(*ast.Ident)
	if !ok {
		return nil
	}
	if obj := c.pass.TypesInfo.Uses[id]; obj != nil && c.fromResponse[obj] {
		return obj
	}
	return nil
}

// callee is the function or method call calls, when statically known.
func (c *checker) callee(call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := c.pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}

// params registers a handler's incoming request (func(w
// http.ResponseWriter, r *http.Request)) and a ReverseProxy callback's
// request.
func (c *checker) params(ft *ast.FuncType) {
	if req, handler := c.requestParam(ft); handler && req != nil {
		c.incoming[req] = true
	}
}

// requestParam is the *http.Request parameter of a signature, or nil, and
// whether a ResponseWriter stands beside it (a handler's signature).
func (c *checker) requestParam(ft *ast.FuncType) (req types.Object, handler bool) {
	if ft.Params == nil {
		return nil, false
	}
	for _, f := range ft.Params.List {
		t := c.pass.TypesInfo.TypeOf(f.Type)
		if isNetHTTP(t, "ResponseWriter") {
			handler = true
		}
		if isNetHTTP(t, "Request") && len(f.Names) == 1 {
			req = c.pass.TypesInfo.Defs[f.Names[0]]
		}
	}
	return req, handler
}

// isNetHTTP reports whether t is net/http's named type (or a pointer to it).
func isNetHTTP(t types.Type, name string) bool {
	return isNamed(t, "net/http", name)
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// defineShapes follows what local v is defined from: a GET request, or a
// response's id returned by a helper that already sent it.
func (c *checker) defineShapes(v types.Object, rhs ast.Expr, stack []ast.Node) {
	if v == nil {
		return
	}
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return
	}
	// v := r.Header.Get("MCP-Protocol-Version")
	if len(call.Args) == 1 && c.isVersionKey(call.Args[0]) {
		c.versionLocals[v] = true
	}
	// h := w.Header(): a response's headers set through a local.
	if c.isResponseHeader(call) {
		c.respHeaders[v] = true
	}
	// out := r.Clone(ctx), sent upstream: the incoming headers come with it.
	if cs, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (cs.Sel.Name == "Clone" || cs.Sel.Name == "WithContext") && len(call.Args) == 1 && isNetHTTP(c.pass.TypesInfo.TypeOf(cs.X), "Request") {
		if in := c.objectOf(cs.X); in != nil && c.incoming[in] && !c.incoming[v] && c.sentUpstream(v) {
			c.copiesByOut[v] = &headerCopy{out: v, node: call, file: c.file, cleared: map[string]bool{}}
		}
	}
	if !c.knows {
		return
	}
	if s := c.summaries[c.callee(call)]; s != nil && s.sendsID && !c.gated(stack) {
		c.localSends = append(c.localSends, localSend{obj: v, node: call, via: c.callee(call)})
	}
	// Tests open streams on purpose, to probe servers at a revision they
	// choose: only the package's own code is judged.
	if c.isGETRequest(call) && !strings.HasSuffix(c.pass.Fset.File(call.Pos()).Name(), "_test.go") {
		g := &getStream{fn: c.fn, node: call, versioned: c.gated(stack) || inCallback(stack), conds: c.sessionConds(stack)}
		c.gets[v] = g
	}
}

// isGETRequest reports whether call is http.NewRequest or
// NewRequestWithContext with the constant method GET.
func (c *checker) isGETRequest(call *ast.CallExpr) bool {
	fn := c.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
		return false
	}
	var method ast.Expr
	switch fn.Name() {
	case "NewRequest":
		if len(call.Args) == 3 {
			method = call.Args[0]
		}
	case "NewRequestWithContext":
		if len(call.Args) == 4 {
			method = call.Args[1]
		}
	}
	if method == nil {
		return false
	}
	tv := c.pass.TypesInfo.Types[method]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "GET"
}

func (c *checker) callShapes(call *ast.CallExpr, stack []ast.Node) {
	fn := c.callee(call)
	if c.knows {
		if fn != nil && fn.Pkg() == c.pass.Pkg && c.fn != nil {
			c.calls[fn] = append(c.calls[fn], callSite{caller: c.fn, decl: c.decl, node: call})
		}
		if obj := c.sentLocal(call); obj != nil && !c.gated(stack) {
			c.localSends = append(c.localSends, localSend{obj: obj, node: call})
		}
		// A versionish helper applied to an id already sent:
		// SessionIDForVersion(id, v). Only gates after a send matter.
		if fn != nil && len(c.localSends) > 0 {
			for _, a := range call.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok {
					if obj := c.pass.TypesInfo.Uses[id]; obj != nil && c.fromResponse[obj] && c.isVersionish(fn.Name()) {
						c.localGates = append(c.localGates, localGate{obj, call})
					}
				}
			}
		}
	}
	// maps.Copy(out.Header, r.Header): every incoming header, the hop's
	// own included, onto the outgoing request; so does a helper of the
	// package that copies every header of its second parameter into its
	// first (copyHeaders(out.Header, r.Header)).
	if fn != nil && (fn.Pkg() != nil && fn.Pkg().Path() == "maps" && fn.Name() == "Copy" || c.copiesAllHeaders(fn)) && len(call.Args) == 2 {
		if hs, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok && c.isHeaderOf(hs, "Request") && c.isIncomingHeader(call.Args[1]) {
			if out := c.requestObject(hs.X); out != nil && !c.incoming[out] && c.copiesByOut[out] == nil {
				c.copiesByOut[out] = &headerCopy{out: out, node: call, file: c.file, cleared: map[string]bool{}}
			}
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) < 1 {
		return
	}
	switch sel.Sel.Name {
	case "Set", "Add", "Del":
	default:
		return
	}
	// On a request's headers: a GET stream's, or a copy's.
	if hs, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && hs.Sel.Name == "Header" && c.isHeaderOf(hs, "Request") {
		obj := c.requestObject(hs.X)
		if g := c.gets[obj]; g != nil && sel.Sel.Name != "Del" && len(call.Args) == 2 {
			if c.isStringConst(call.Args[0], "Accept") && c.containsConst(call.Args[1], "text/event-stream") {
				g.acceptsSSE = true
			}
			if c.isSessionKey(call.Args[0]) || c.isVersionKey(call.Args[0]) {
				g.carriesMCP = true
				if c.gated(stack) {
					g.gatedHeader = true
				}
			}
			// A request pinned to a revision with sessions (a test or a probe
			// speaking one revision) opens its stream correctly.
			if v := c.pass.TypesInfo.Types[call.Args[1]].Value; c.isVersionKey(call.Args[0]) && httpwrite.IsRevision(v) && constant.StringVal(v) < sessionless {
				g.gatedHeader = true
			}
		}
		if cp := c.copyOf(obj); cp != nil && cp.node.Pos() < call.Pos() {
			key := c.hopKey(call.Args[0])
			switch {
			case key == "":
			case sel.Sel.Name != "Del" && c.setIfAbsent(stack, obj, key):
				// Set only when the copy brought none: the client's
				// value, when it sent one, is what goes upstream.
			case sel.Sel.Name == "Add" && !cp.cleared[key]:
				c.dupAdds = append(c.dupAdds, dupAdd{cp, call, key})
			default:
				cp.cleared[key] = true // Set replaces, Del drops
			}
		}
		return
	}
	// w.Header().Set("Mcp-Session-Id", ...) on a response.
	if sel.Sel.Name == "Del" || len(call.Args) != 2 || !c.isSessionKey(call.Args[0]) {
		return
	}
	if !c.isResponseHeader(sel.X) {
		return
	}
	if b := c.modernBranch(stack); b != nil {
		c.mints = append(c.mints, mint{node: call, branch: b})
	}
}

// isResponseHeader reports whether e is a response's header map: w.Header()
// of a ResponseWriter, or a local defined from one (h := w.Header()).
func (c *checker) isResponseHeader(e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return c.respHeaders[c.pass.TypesInfo.Uses[id]]
	}
	hc, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	hsel, ok := ast.Unparen(hc.Fun).(*ast.SelectorExpr)
	return ok && hsel.Sel.Name == "Header" && isNetHTTP(c.pass.TypesInfo.TypeOf(hsel.X), "ResponseWriter")
}

// requestObject is the variable naming a request: req, or a ProxyRequest's
// Out field read through its Rewrite parameter (the parameter stands for it).
func (c *checker) requestObject(e ast.Expr) types.Object {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && sel.Sel.Name == "Out" && isNamed(c.pass.TypesInfo.TypeOf(sel.X), "net/http/httputil", "ProxyRequest") {
		return c.objectOf(sel.X)
	}
	return c.objectOf(e)
}

func (c *checker) copyOf(obj types.Object) *headerCopy {
	if obj == nil {
		return nil
	}
	return c.copiesByOut[obj]
}

func (c *checker) isStringConst(e ast.Expr, want string) bool {
	tv := c.pass.TypesInfo.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && strings.EqualFold(constant.StringVal(tv.Value), want)
}

func (c *checker) containsConst(e ast.Expr, want string) bool {
	tv := c.pass.TypesInfo.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && strings.Contains(constant.StringVal(tv.Value), want)
}

func (c *checker) isVersionKey(e ast.Expr) bool { return c.isStringConst(e, "Mcp-Protocol-Version") }

// hopKey is the canonical name of e when it is one of the headers that
// belong to one hop (session id, revision), else "".
func (c *checker) hopKey(e ast.Expr) string {
	switch {
	case c.isSessionKey(e):
		return "Mcp-Session-Id"
	case c.isVersionKey(e):
		return "Mcp-Protocol-Version"
	}
	return ""
}

// sessionConds collects the conditions guarding the end of stack that read
// a kept session id (if c.sessionID != ""): whether they gate on the
// revision depends on how that id was adopted, known after the walk.
func (c *checker) sessionConds(stack []ast.Node) []ast.Expr {
	var out []ast.Expr
	guarded(stack, func(e ast.Expr) bool {
		if len(c.sessionVars(e)) > 0 {
			out = append(out, e)
		}
		return false
	})
	return out
}

var sessionish = regexp.MustCompile(`(?i)session|^sid$`)

// sessionVars returns the kept variables named like a session id that e reads.
func (c *checker) sessionVars(e ast.Expr) []types.Object {
	var out []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil && kept(obj) && sessionish.MatchString(obj.Name()) {
				out = append(out, obj)
			}
		}
		return true
	})
	return out
}

func (c *checker) ifGate(is *ast.IfStmt) {
	if len(c.localSends) == 0 || !c.readsVersion(is.Cond) {
		return // only gates after a send matter
	}
	ast.Inspect(is.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil && c.fromResponse[obj] {
				c.localGates = append(c.localGates, localGate{obj, is})
			}
		}
		return true
	})
}

// endFunc judges what one function did with its locals: an id sent before a
// revision test applied to it is a gate placed too late.
func (c *checker) endFunc() {
	for _, s := range c.localSends {
		for _, g := range c.localGates {
			if g.obj == s.obj && g.node.Pos() > s.node.Pos() {
				c.lateGates = append(c.lateGates, lateGate{s, g.node})
				break
			}
		}
	}
	for _, g := range c.gets {
		if g.acceptsSSE && g.carriesMCP && !g.gatedHeader {
			c.getStreams = append(c.getStreams, g)
		}
	}
	c.localSends, c.localGates = nil, nil
	clear(c.gets)
	for _, cp := range c.copiesByOut {
		c.copies = append(c.copies, cp)
	}
	clear(c.copiesByOut)
}

func (c *checker) reportLateGates() {
	for _, l := range c.lateGates {
		msg := "Mcp-Session-Id from a response is sent on a request before the negotiated revision is tested"
		if l.send.via != nil {
			msg = "Mcp-Session-Id from a response was already sent by " + l.send.via.Name() + " before the negotiated revision is tested"
		}
		c.report(analysis.Diagnostic{
			Pos: l.send.node.Pos(), End: l.send.node.End(),
			Category: "gate-after-send",
			Message:  msg,
			Related: []analysis.RelatedInformation{{
				Pos: l.gate.Pos(), End: l.gate.End(),
				Message: "the revision is tested only here; at 2026-07-28 that request already carried the id: gate where the id is adopted, before the first request that can send it",
			}},
		})
	}
}

// reportGETStreams reports a standalone GET stream opened with no revision
// test in its function or on some path of this package's callers that
// reaches it from an entry point.
func (c *checker) reportGETStreams() {
	for _, g := range c.getStreams {
		if c.siteGated(g.versioned, g.conds) {
			continue
		}
		path := c.ungatedPath(g.fn, 0, map[*types.Func]bool{})
		if path == nil && c.entry(g.fn) {
			path = g.node // opened by an exported function of its own
		}
		if path == nil {
			continue
		}
		c.report(analysis.Diagnostic{
			Pos: g.node.Pos(), End: g.node.End(),
			Category: "get-stream-without-version",
			Message:  "standalone GET stream opened with no check of the negotiated revision: 2026-07-28 has no GET stream",
			Related: []analysis.RelatedInformation{{
				Pos: path.Pos(), End: path.End(),
				Message: "reached from here with no revision test; open it only when protocol.HasSessions(negotiatedVersion)",
			}},
		})
	}
}

// ungatedPath returns a call of fn (or a caller of it, up to three levels)
// that no revision test guards and that starts at an exported function or
// method: the package itself opens the stream. Unknown callers (fn
// unexported and never called here, or deeper chains) give nil: silence.
func (c *checker) ungatedPath(fn *types.Func, depth int, seen map[*types.Func]bool) ast.Node {
	if fn == nil || depth > 3 || seen[fn] {
		return nil
	}
	seen[fn] = true
	for _, cs := range c.calls[fn] {
		stack := stackTo(cs.decl.Body, cs.node)
		if stack == nil || inCallback(stack) || c.siteGated(c.gated(stack), c.sessionConds(stack)) {
			continue
		}
		if c.entry(cs.caller) {
			return cs.node
		}
		if n := c.ungatedPath(cs.caller, depth+1, seen); n != nil {
			return cs.node
		}
	}
	return nil
}

// siteGated reports whether a site is guarded by a revision test, or by a
// test of a kept session id that this package only ever adopts through a
// revision gate (the fix the Rust SDK made: drop the id at adoption, and
// every "if we have a session" spawn site has nothing to open).
func (c *checker) siteGated(versioned bool, conds []ast.Expr) bool {
	if versioned {
		return true
	}
	for _, e := range conds {
		for _, v := range c.sessionVars(e) {
			if !c.rawAdopted(v) {
				return true
			}
		}
	}
	return false
}

func (c *checker) rawAdopted(v types.Object) bool {
	for _, a := range c.adoptions {
		if a.obj == v {
			return true
		}
	}
	return false
}

// proxyHook registers ReverseProxy callbacks: Director: func(r
// *http.Request) and Rewrite: func(pr *httputil.ProxyRequest) receive a
// request that already carries every incoming header.
func (c *checker) proxyHook(key, value ast.Expr, stack []ast.Node) {
	k, ok := ast.Unparen(key).(*ast.Ident)
	if !ok || (k.Name != "Director" && k.Name != "Rewrite") {
		return
	}
	fl, ok := ast.Unparen(value).(*ast.FuncLit)
	if !ok || len(fl.Type.Params.List) != 1 || len(fl.Type.Params.List[0].Names) != 1 {
		return
	}
	fld, ok := c.pass.TypesInfo.Uses[k].(*types.Var)
	if !ok || !fld.IsField() || fld.Pkg() == nil || fld.Pkg().Path() != "net/http/httputil" {
		return
	}
	p := c.pass.TypesInfo.Defs[fl.Type.Params.List[0].Names[0]]
	if p == nil {
		return
	}
	c.copiesByOut[p] = &headerCopy{out: p, node: fl.Type, file: c.file, cleared: map[string]bool{}}
}

// assignShapes finds out.Header = in.Header.Clone() (or = in.Header) and
// rp.Director = func(...) {...}.
func (c *checker) assignShapes(as *ast.AssignStmt, stack []ast.Node) {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return
	}
	// w.Header()["Mcp-Session-Id"] = ...: a Set by another spelling.
	if ix, ok := ast.Unparen(as.Lhs[0]).(*ast.IndexExpr); ok && c.isSessionKey(ix.Index) && c.isResponseHeader(ix.X) {
		if b := c.modernBranch(stack); b != nil {
			c.mints = append(c.mints, mint{node: as, branch: b})
		}
	}
	// out.Header["Mcp-Session-Id"] = ...: replaces the copied value, unless
	// it appends to it (an Add by another spelling).
	if ix, ok := ast.Unparen(as.Lhs[0]).(*ast.IndexExpr); ok && as.Tok == token.ASSIGN {
		if hs, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && c.isHeaderOf(hs, "Request") {
			if cp, key := c.copyOf(c.requestObject(hs.X)), c.hopKey(ix.Index); cp != nil && key != "" && cp.node.Pos() < as.Pos() {
				if app, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && c.appendsTo(app, ix) && !cp.cleared[key] {
					c.dupAdds = append(c.dupAdds, dupAdd{cp, app, key})
				} else {
					cp.cleared[key] = true
				}
			}
		}
	}
	if sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr); ok {
		c.proxyHook(sel.Sel, as.Rhs[0], stack)
		if sel.Sel.Name == "Header" && c.isHeaderOf(sel, "Request") {
			in := as.Rhs[0]
			if call, ok := ast.Unparen(in).(*ast.CallExpr); ok && len(call.Args) == 0 {
				if cs, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && cs.Sel.Name == "Clone" {
					in = cs.X
				}
			}
			if c.isIncomingHeader(in) {
				if out := c.requestObject(sel.X); out != nil && !c.incoming[out] {
					c.copiesByOut[out] = &headerCopy{out: out, node: as, in: in, file: c.file, cleared: map[string]bool{}}
				}
			}
		}
	}
}

// isIncomingHeader reports whether e is r.Header with r a handler's incoming
// request.
func (c *checker) isIncomingHeader(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" || !c.isHeaderOf(sel, "Request") {
		return false
	}
	if c.frameworkRequest(sel.X) {
		return true
	}
	obj := c.objectOf(sel.X)
	return obj != nil && c.incoming[obj]
}

// frameworkRequest reports whether e is the incoming request a web
// framework's context holds: gin's c.Request, echo's c.Request().
func (c *checker) frameworkRequest(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "Request" && httpwrite.IsFrameworkContext(c.pass.TypesInfo.TypeOf(x.X))
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		return ok && len(x.Args) == 0 && sel.Sel.Name == "Request" && httpwrite.IsFrameworkContext(c.pass.TypesInfo.TypeOf(sel.X))
	}
	return false
}

// copyLoop finds for k, vs := range in.Header { ... out.Header.Add(k, v) }
// with no condition anywhere in the loop: every header, the hop's own
// included, is copied.
func (c *checker) copyLoop(rs *ast.RangeStmt) {
	if !c.isIncomingHeader(rs.X) {
		return
	}
	key, ok := rs.Key.(*ast.Ident)
	if !ok {
		return
	}
	keyObj := c.objectOf(key)
	var out types.Object
	filtered := false
	dropped := map[string]bool{}
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			// if k == "Authorization" || k == "Mcp-Session-Id" { continue }:
			// the hop headers it does not name are still copied.
			if keys, ok := c.skippedKeys(n, keyObj); ok {
				for _, k := range keys {
					dropped[k] = true
				}
				return false
			}
			filtered = true
		case *ast.SwitchStmt, *ast.BranchStmt, *ast.FuncLit:
			filtered = true
		case *ast.AssignStmt:
			// out.Header[k] = vs
			if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok {
				if k, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && c.pass.TypesInfo.Uses[k] == keyObj {
					if hs, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && hs.Sel.Name == "Header" && c.isHeaderOf(hs, "Request") {
						out = c.requestObject(hs.X)
					}
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Add" && sel.Sel.Name != "Set") || len(n.Args) != 2 {
				break
			}
			if k, ok := ast.Unparen(n.Args[0]).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[k] != keyObj {
				break
			}
			if hs, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && hs.Sel.Name == "Header" && c.isHeaderOf(hs, "Request") {
				out = c.requestObject(hs.X)
			}
		}
		return !filtered
	})
	if filtered || out == nil || c.incoming[out] {
		return
	}
	c.copiesByOut[out] = &headerCopy{out: out, node: rs, file: c.file, cleared: dropped}
}

// skippedKeys reads an if that skips some keys of a header copy loop: no
// init or else, a lone continue for a body, and a condition that is a
// disjunction of the key compared with constant names (==, or
// strings.EqualFold in either order). It returns the hop headers among
// those names; ok is false for any other if, which filters in ways not
// followed.
func (c *checker) skippedKeys(is *ast.IfStmt, keyObj types.Object) (keys []string, ok bool) {
	if is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return nil, false
	}
	if br, isBr := is.Body.List[0].(*ast.BranchStmt); !isBr || br.Tok != token.CONTINUE || br.Label != nil {
		return nil, false
	}
	isKey := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == keyObj
	}
	var names func(e ast.Expr) bool
	names = func(e ast.Expr) bool {
		var x, y ast.Expr
		switch e := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.LOR:
				return names(e.X) && names(e.Y)
			case token.EQL:
				x, y = e.X, e.Y
			default:
				return false
			}
		case *ast.CallExpr:
			fn := c.callee(e)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || fn.Name() != "EqualFold" || len(e.Args) != 2 {
				return false
			}
			x, y = e.Args[0], e.Args[1]
		default:
			return false
		}
		if isKey(y) {
			x, y = y, x
		}
		if !isKey(x) || c.pass.TypesInfo.Types[y].Value == nil {
			return false
		}
		if k := c.hopKey(y); k != "" {
			keys = append(keys, k)
		}
		return true
	}
	if !names(is.Cond) {
		return nil, false
	}
	return keys, true
}

// reportForwards reports a hop header Added to a request that already
// carries the incoming request's copy of it: the upstream receives two
// values, the downstream client's first.
func (c *checker) reportForwards() {
	for _, d := range c.dupAdds {
		diag := analysis.Diagnostic{
			Pos: d.add.Pos(), End: d.add.End(),
			Category: "forwarded-session-headers",
			Message:  d.key + " added to a request that already carries the incoming request's " + d.key + ": the upstream gets two values, the downstream client's first",
			Related: []analysis.RelatedInformation{{
				Pos: d.copy.node.Pos(), End: d.copy.node.End(),
				Message: "the incoming request's headers are copied wholesale here",
			}},
		}
		if d.copy.in != nil {
			// out.Header = in.Header.Clone(): forward without the hop's
			// own headers, so the Add is the only value.
			edits := []analysis.TextEdit{{
				Pos: d.copy.node.(*ast.AssignStmt).Rhs[0].Pos(), End: d.copy.node.(*ast.AssignStmt).Rhs[0].End(),
				NewText: []byte(protocolName(d.copy.file) + ".ForwardHeader(" + c.source(d.copy.in) + ")"),
			}}
			edits = append(edits, importProtocol(d.copy.file)...)
			diag.SuggestedFixes = []analysis.SuggestedFix{{Message: "Copy the headers with protocol.ForwardHeader", TextEdits: edits}}
		} else if sel, ok := ast.Unparen(d.add.Fun).(*ast.SelectorExpr); ok {
			diag.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Replace the copied value with Set",
				TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Set")}},
			}}
		}
		c.report(diag)
	}
}

func (c *checker) reportMints() {
	for _, m := range c.mints {
		c.report(analysis.Diagnostic{
			Pos: m.node.Pos(), End: m.node.End(),
			Category: "session-at-sessionless-revision",
			Message:  "Mcp-Session-Id set on a response to a request classified as 2026-07-28 or later: that revision has no sessions",
			Related: []analysis.RelatedInformation{{
				Pos: m.branch.Pos(), End: m.branch.End(),
				Message: "the request is classified as sessionless here",
			}},
		})
	}
}

// modernBranch returns the condition under which the end of stack runs only
// for a request classified at a sessionless revision, or nil.
func (c *checker) modernBranch(stack []ast.Node) ast.Node {
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if child == n.Body && (c.polarity(n.Cond, true) > 0 || c.admitsModernMethod(n.Cond)) {
				return n.Cond
			}
			if child == n.Else && c.polarity(n.Cond, false) < 0 {
				return n.Cond
			}
		case *ast.CaseClause:
			if len(n.List) > 0 && c.allModern(n.List) {
				return n
			}
			// case "initialize", "server/discover": the clause runs for a
			// 2026-07-28 request too.
			for _, e := range n.List {
				if c.isStringConst(e, modernMethod) {
					return n
				}
			}
			// switch { case modern: ... }
			if len(n.List) == 1 && c.polarity(n.List[0], true) > 0 && c.tagless(stack[:i]) {
				return n
			}
		case *ast.BlockStmt:
			// if !modern { ...; return } before child: the rest is modern.
			for _, s := range n.List {
				if s == child {
					break
				}
				if is, ok := s.(*ast.IfStmt); ok && is.Else == nil && c.polarity(is.Cond, false) < 0 && terminates(is.Body) {
					return is.Cond
				}
			}
		}
	}
	return nil
}

// modernMethod is a method only 2026-07-28 has: a request calling it is
// of that revision, whatever else the condition admits.
const modernMethod = "server/discover"

// admitsModernMethod reports whether cond holds for a request calling
// modernMethod: a comparison of a value with it, alone or as one operand of
// an || chain (method == "initialize" || method == "server/discover").
func (c *checker) admitsModernMethod(cond ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LOR:
		return c.admitsModernMethod(be.X) || c.admitsModernMethod(be.Y)
	case token.EQL:
		return c.isStringConst(be.X, modernMethod) || c.isStringConst(be.Y, modernMethod)
	}
	return false
}

// allModern reports whether every case value is a revision constant at or
// after 2026-07-28.
func (c *checker) allModern(list []ast.Expr) bool {
	for _, e := range list {
		v := c.pass.TypesInfo.Types[e].Value
		if !httpwrite.IsRevision(v) || constant.StringVal(v) < sessionless {
			return false
		}
	}
	return true
}

func terminates(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE || s.Tok == token.BREAK
	}
	return false
}

var (
	// modernName is a predicate or flag that holds for a sessionless
	// revision: isModern, IsModernVersion, LooksModern, sessionless.
	modernName = regexp.MustCompile(`(?i)^(is|looks|uses)?(modern|sessionless)(version|revision|protocol)?$`)
	// legacyName is a predicate that holds for a revision with sessions:
	// HasSessions(v), IsSessionVersion(v), isLegacyVersion(v). Read only as
	// a call on a revision: hasSession(id) asks whether a session exists,
	// and a legacy flag may name the 2024-11-05 SSE transport instead.
	legacyName = regexp.MustCompile(`(?i)^(is|uses|has)?(legacy|sessions|session)(version|revision|protocol)?$`)
)

// polarity is +1 when e holding means the request is at a sessionless
// revision, -1 when it means a revision with sessions, 0 when unknown. With
// then set, e is the condition of the branch taken (an && operand that
// decides suffices); otherwise e must decide alone.
func (c *checker) polarity(e ast.Expr, then bool) int {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			// !x holds exactly when x does not: x must decide alone.
			return -c.polarity(e.X, false)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if !then {
				return 0
			}
			x, y := c.polarity(e.X, true), c.polarity(e.Y, true)
			switch {
			case x == y || y == 0:
				return x
			case x == 0:
				return y
			}
			return 0
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return c.comparePolarity(e, then)
		}
	case *ast.CallExpr:
		fn := c.callee(e)
		if fn == nil {
			return 0
		}
		if modernName.MatchString(fn.Name()) {
			return 1
		}
		if legacyName.MatchString(fn.Name()) {
			for _, a := range e.Args {
				if c.revisionValued(a) {
					return -1
				}
			}
		}
	case *ast.Ident:
		if _, ok := c.pass.TypesInfo.Uses[e].(*types.Var); ok && modernName.MatchString(e.Name) {
			return 1
		}
	case *ast.SelectorExpr:
		if v, ok := c.pass.TypesInfo.Uses[e.Sel].(*types.Var); ok && v.IsField() && modernName.MatchString(e.Sel.Name) {
			return 1
		}
	}
	return 0
}

// revisionValued reports whether e holds a protocol revision: it names one
// (version, negotiatedRevision), is a revision constant, or is a local read
// from the MCP-Protocol-Version header.
func (c *checker) revisionValued(e ast.Expr) bool {
	if c.readsVersion(e) {
		return true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return c.versionLocals[c.pass.TypesInfo.Uses[id]]
	}
	return c.readsVersionHeader(e)
}

// readsVersionHeader reports whether e mentions the MCP-Protocol-Version
// header name (r.Header.Get("MCP-Protocol-Version")).
func (c *checker) readsVersionHeader(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && c.isVersionKey(x) {
			found = true
		}
		return !found
	})
	return found
}

// comparePolarity reads v OP "YYYY-MM-DD" (either order). v == C with C
// sessionless classifies a branch taken, not its else (a later revision).
func (c *checker) comparePolarity(e *ast.BinaryExpr, then bool) int {
	op := e.Op
	x, y := c.pass.TypesInfo.Types[e.X].Value, c.pass.TypesInfo.Types[e.Y].Value
	var rev string
	switch {
	case x == nil && httpwrite.IsRevision(y):
		rev = constant.StringVal(y)
	case y == nil && httpwrite.IsRevision(x):
		rev = constant.StringVal(x)
		switch op { // C OP v is v OP' C
		case token.LSS:
			op = token.GTR
		case token.LEQ:
			op = token.GEQ
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		}
	default:
		return 0
	}
	switch op {
	case token.EQL:
		if !then {
			return 0
		}
		if rev >= sessionless {
			return 1
		}
		return -1
	case token.GEQ:
		if rev >= sessionless {
			return 1
		}
	case token.GTR:
		if rev >= sessionless {
			return 1
		}
	case token.LSS:
		if rev <= sessionless {
			return -1
		}
	case token.LEQ:
		if rev < sessionless {
			return -1
		}
	}
	return 0
}

// tagless reports whether the innermost switch on stack has no tag.
func (c *checker) tagless(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		if sw, ok := stack[i].(*ast.SwitchStmt); ok {
			return sw.Tag == nil
		}
	}
	return false
}

func (c *checker) report(d analysis.Diagnostic) {
	report.Report(c.pass, d)
}

// source is e's text in its file.
func (c *checker) source(e ast.Expr) string {
	tf := c.pass.Fset.File(e.Pos())
	if tf == nil {
		return ""
	}
	for _, f := range c.pass.Files {
		if c.pass.Fset.File(f.Pos()) == tf {
			if src, err := c.pass.ReadFile(tf.Name()); err == nil {
				return string(src[tf.Offset(e.Pos()):tf.Offset(e.End())])
			}
		}
	}
	return types.ExprString(e)
}

const protocolPath = "github.com/mcpwire/mcpwire/runtime/protocol"

// protocolName is the name the current file imports the runtime's protocol
// package under ("protocol" when it does not import it yet).
func protocolName(f *ast.File) string {
	for _, is := range f.Imports {
		if strings.Trim(is.Path.Value, `"`) == protocolPath {
			if is.Name != nil {
				return is.Name.Name
			}
			return "protocol"
		}
	}
	return "protocol"
}

// importProtocol adds the runtime's protocol import to the current file
// when it lacks it.
func importProtocol(f *ast.File) []analysis.TextEdit {
	var last *ast.GenDecl
	for _, is := range f.Imports {
		if strings.Trim(is.Path.Value, `"`) == protocolPath {
			return nil
		}
	}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			last = gd
		}
	}
	if last != nil && last.Rparen.IsValid() {
		return []analysis.TextEdit{{Pos: last.Rparen, End: last.Rparen, NewText: []byte("\n\t\"" + protocolPath + "\"\n")}}
	}
	at := f.Name.End()
	if last != nil {
		at = last.End()
	}
	return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\nimport \"" + protocolPath + "\"")}}
}

// entry reports whether fn is where the package's users come in: exported,
// and never called by the package itself.
func (c *checker) entry(fn *types.Func) bool {
	return fn != nil && fn.Exported() && len(c.calls[fn]) == 0
}

// stackTo returns the path from body to target, or nil.
func stackTo(body *ast.BlockStmt, target ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > target.Pos() || n.End() < target.End() {
			return false // target is not inside n
		}
		stack = append(stack, n)
		if n == target {
			found = append([]ast.Node(nil), stack...)
		}
		return true
	})
	return found
}

// isVersionish caches versionish matches by name: the same few names are
// tested over and over.
func (c *checker) isVersionish(name string) bool {
	v, ok := c.nameCache[name]
	if !ok {
		v = versionish.MatchString(name)
		c.nameCache[name] = v
	}
	return v
}

// inCallback reports whether the end of stack lies in a function literal
// that is stored or passed rather than run on the spot (go func(){...}()
// and defer are run on the spot): who calls it, and under which test, is
// not seen, so the path is not judged.
func inCallback(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		fl, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == fl {
			continue
		}
		return true
	}
	return false
}

// appendsTo reports whether call is append(X[k], ...) with X[k] the same
// index expression as ix: a value added to the ones already there.
func (c *checker) appendsTo(call *ast.CallExpr, ix *ast.IndexExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "append" || len(call.Args) < 2 {
		return false
	}
	if _, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok {
		return false
	}
	first, ok := ast.Unparen(call.Args[0]).(*ast.IndexExpr)
	return ok && c.source(first) == c.source(ix)
}

// sentUpstream reports whether the current function hands the request v
// to a client: a Do or RoundTrip call taking it.
func (c *checker) sentUpstream(v types.Object) bool {
	if c.decl == nil {
		return false
	}
	found := false
	ast.Inspect(c.decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || len(call.Args) != 1 {
			return !found
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Do" || sel.Sel.Name == "RoundTrip") {
			if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// copiesAllHeaders reports whether fn, a function of the package taking
// (dst, src http.Header), ranges over src with no condition in the loop
// and adds or sets each header into dst.
func (c *checker) copiesAllHeaders(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	if v, ok := c.copyHelpers[fn]; ok {
		return v
	}
	c.copyHelpers[fn] = false
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 2 || !isNetHTTP(sig.Params().At(0).Type(), "Header") || !isNetHTTP(sig.Params().At(1).Type(), "Header") {
		return false
	}
	dst, src := sig.Params().At(0), sig.Params().At(1)
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	for _, st := range decl.Body.List {
		rs, ok := st.(*ast.RangeStmt)
		if !ok || !c.usesObj(rs.X, src) {
			continue
		}
		key, ok := rs.Key.(*ast.Ident)
		if !ok {
			continue
		}
		keyObj := c.pass.TypesInfo.Defs[key]
		filtered, adds := false, false
		ast.Inspect(rs.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt, *ast.SwitchStmt, *ast.BranchStmt, *ast.FuncLit:
				filtered = true
			case *ast.CallExpr:
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if ok && (sel.Sel.Name == "Add" || sel.Sel.Name == "Set") && len(n.Args) == 2 && c.usesObj(sel.X, dst) {
					if k, ok := ast.Unparen(n.Args[0]).(*ast.Ident); ok && c.pass.TypesInfo.Uses[k] == keyObj {
						adds = true
					}
				}
			case *ast.AssignStmt:
				if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok && c.usesObj(ix.X, dst) {
					if k, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && c.pass.TypesInfo.Uses[k] == keyObj {
						adds = true
					}
				}
			}
			return !filtered
		})
		found = found || adds && !filtered
	}
	c.copyHelpers[fn] = found
	return found
}

// setIfAbsent reports whether the end of stack runs only under a test that
// out's header key is empty (if out.Header.Get(K) == "" { ... }).
func (c *checker) setIfAbsent(stack []ast.Node, out types.Object, key string) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		is, ok := stack[i].(*ast.IfStmt)
		if !ok || stack[i+1] != is.Body {
			continue
		}
		be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
		if !ok || be.Op != token.EQL {
			continue
		}
		get, empty := be.X, be.Y
		if tv := c.pass.TypesInfo.Types[get].Value; tv != nil {
			get, empty = empty, get
		}
		if tv := c.pass.TypesInfo.Types[empty].Value; tv == nil || tv.Kind() != constant.String || constant.StringVal(tv) != "" {
			continue
		}
		call, ok := ast.Unparen(get).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || c.hopKey(call.Args[0]) != key {
			continue
		}
		gs, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || gs.Sel.Name != "Get" || !c.isHeaderOf(gs.X, "Request") {
			continue
		}
		if c.requestObject(gs.X.(*ast.SelectorExpr).X) == out {
			return true
		}
	}
	return false
}
