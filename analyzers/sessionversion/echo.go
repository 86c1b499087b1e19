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

// checkEchoedProposals reports an initialize result, built in a package
// that serves HTTP, whose protocolVersion is the revision the client
// proposed while nothing in the package tests a proposal against the
// revisions the server supports. Negotiation answers the proposal only
// when the server supports it; an echo claims every revision a client
// names, one the server has never heard of and 2026-07-28 (which has no
// sessions) alike, and the client goes on speaking it.
//
// The proposal reaches the result directly (params.ProtocolVersion,
// m["protocolVersion"]), through locals holding it or a default revision
// (v := def; if p != "" { v = p }), or through a value a function of the
// package builds from it and only stores (sess := newSession(p);
// ProtocolVersion: sess.Version). Any test of a proposal other than for
// emptiness -- a comparison, a switch, a map index, a call that is not a
// logger's nor such a store -- anywhere in the package silences the rule:
// the negotiation may live beside the result. So does any function of the
// package that tests a revision (a bool function naming one), handing the
// decoded params to a function other than a decoder or a logger, a package
// naming the HTTP+SSE transport's endpoint event, and test support.
func (c *checker) checkEchoedProposals() {
	if httpwrite.TestSupport(c.pass.Pkg.Path()) {
		return
	}
	info := c.pass.TypesInfo
	type echoed struct {
		kv   *ast.KeyValueExpr
		read ast.Node // where the proposal is read
	}
	var found []echoed
	var decls []*ast.FuncDecl
	serves, legacySSE := false, false
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		lookups := httpwrite.EndpointLookups(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncType:
				serves = serves || httpwrite.AnswersHTTP(info, n)
			case *ast.BasicLit:
				legacySSE = legacySSE || !lookups[n] && httpwrite.EndpointEvent(n)
			}
			return true
		})
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !takesTesting(info, fd.Type) {
				decls = append(decls, fd)
			}
		}
	}
	if !serves || legacySSE {
		return
	}
	checked := false
	for _, fd := range decls {
		e := c.proposalsOf(fd.Body)
		if e.checked {
			checked = true
			break
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if kv, ok := initResult(info, lit); ok && kv != nil {
				if read := e.source(kv.Value); read != nil {
					found = append(found, echoed{kv, read})
				}
			}
			return true
		})
	}
	if checked || len(found) == 0 {
		return
	}
	for _, fd := range decls {
		if fn, ok := info.Defs[fd.Name].(*types.Func); ok && c.revisionPredicate(fn) {
			return
		}
	}
	for _, r := range found {
		report.Report(c.pass, analysis.Diagnostic{
			Pos:      r.kv.Pos(),
			End:      r.kv.End(),
			Category: "echoed-revision",
			Message:  "the initialize result states whatever protocolVersion the client proposed, and nothing tests the proposal against the revisions the server supports: answer it only when the server supports it, else a revision the server supports",
			Related: []analysis.RelatedInformation{{
				Pos: r.read.Pos(), End: r.read.End(),
				Message: "the client's proposal, taken as it is",
			}},
		})
	}
}

// proposals is what one function does with the revisions initialize
// proposes.
type proposals struct {
	c *checker
	// locals hold a proposal, or a default revision in its place; built
	// are locals a function of the package built from one; held are the
	// locals ever assigned a proposal, whatever else they hold.
	locals, built map[types.Object]ast.Node
	held          map[types.Object]bool
	// roots are the values proposals are read from (the decoded params).
	roots map[types.Object]bool
	// checked: the function tests a proposal other than for emptiness.
	checked bool
	// fromResponse: a value the function decoded from an *http.Response,
	// whose protocolVersion is a server's answer, not a proposal.
	fromResponse func(types.Object) bool
}

// proposalsOf follows the proposals of body through its locals and reads
// whether the function tests one.
func (c *checker) proposalsOf(body *ast.BlockStmt) *proposals {
	info := c.pass.TypesInfo
	decoded := c.decodedFromResponse(body)
	fromResponse := func(o types.Object) bool { return decoded[o] }
	p := &proposals{c: c, locals: map[types.Object]ast.Node{}, built: map[types.Object]ast.Node{}, held: map[types.Object]bool{}, roots: map[types.Object]bool{}, fromResponse: fromResponse}
	direct := func(e ast.Expr) bool {
		saved := c.requestedVars
		c.requestedVars = nil
		defer func() { c.requestedVars = saved }()
		return c.isRequestedVersion(e, fromResponse)
	}
	// A local is a proposal's when every value assigned to it is a
	// proposal (read directly or from such a local) or a string constant,
	// and one of them is a proposal: found to a fixed point.
	type assigned struct {
		obj types.Object
		rhs ast.Expr
	}
	var assigns []assigned
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				obj := info.ObjectOf(id)
				if obj == nil || obj.Parent() == c.pass.Pkg.Scope() {
					continue
				}
				var rhs ast.Expr
				switch {
				case len(n.Lhs) == len(n.Rhs):
					rhs = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1:
					rhs = n.Rhs[0]
				}
				assigns = append(assigns, assigned{obj, rhs})
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if i < len(n.Values) {
					rhs = n.Values[i]
				}
				assigns = append(assigns, assigned{info.Defs[id], rhs})
			}
		}
		return true
	})
	for changed := true; changed; {
		changed = false
		bad := map[types.Object]bool{}
		reads := map[types.Object]ast.Node{}
		for _, a := range assigns {
			switch {
			case a.obj == nil || bad[a.obj]:
			case a.rhs == nil:
				bad[a.obj] = true
			case direct(a.rhs):
				reads[a.obj] = a.rhs
				p.roots[rootObject(info, a.rhs)] = true
			case isIdent(a.rhs) && p.locals[info.Uses[ast.Unparen(a.rhs).(*ast.Ident)]] != nil:
				reads[a.obj] = p.locals[info.Uses[ast.Unparen(a.rhs).(*ast.Ident)]]
			case isStringConst(info, a.rhs):
			default:
				bad[a.obj] = true
			}
		}
		for obj, read := range reads {
			if !bad[obj] && p.locals[obj] == nil {
				p.locals[obj] = read
				changed = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, a := range assigns {
			if a.obj == nil || a.rhs == nil || p.held[a.obj] {
				continue
			}
			if id, ok := ast.Unparen(a.rhs).(*ast.Ident); direct(a.rhs) || ok && p.held[info.Uses[id]] {
				p.held[a.obj] = true
				changed = true
			}
		}
	}
	// A local built by a call that stores a proposal it is handed
	// (sess := s.sessions.create(params.ProtocolVersion)).
	for _, a := range assigns {
		call, ok := ast.Unparen(a.rhs).(*ast.CallExpr)
		if !ok || a.obj == nil {
			continue
		}
		for i, arg := range call.Args {
			if read := p.read(arg, direct); read != nil && c.storesParam(c.callee(call), i) {
				p.built[a.obj] = read
			}
		}
	}
	p.checked = p.tests(body, direct)
	return p
}

// read returns where e reads a proposal, directly or through a local.
func (p *proposals) read(e ast.Expr, direct func(ast.Expr) bool) ast.Node {
	if direct(e) {
		p.roots[rootObject(p.c.pass.TypesInfo, e)] = true
		return e
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return p.locals[p.c.pass.TypesInfo.Uses[id]]
	}
	return nil
}

// source returns where the value of a result's protocolVersion reads the
// proposal, or nil: the proposal itself, a local holding it, or a field
// of a value built from it (sess.Version).
func (p *proposals) source(e ast.Expr) ast.Node {
	info := p.c.pass.TypesInfo
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		return p.locals[info.Uses[id]]
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && namesRevision(sel.Sel.Name) {
			if read := p.built[info.Uses[id]]; read != nil {
				return read
			}
		}
	}
	saved := p.c.requestedVars
	p.c.requestedVars = nil
	defer func() { p.c.requestedVars = saved }()
	if p.c.isRequestedVersion(e, p.fromResponse) {
		return e
	}
	return nil
}

// tests reports whether body tests a proposal other than for emptiness:
// compares it with anything but "", switches on it, indexes a map with it,
// or hands it (or the params it is read from) to a function that is not
// a logger's, a decoder, or one of the package's that only stores it.
func (p *proposals) tests(body *ast.BlockStmt, direct func(ast.Expr) bool) bool {
	info := p.c.pass.TypesInfo
	is := func(e ast.Expr) bool {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && p.held[info.Uses[id]] {
			return true
		}
		return p.read(e, direct) != nil
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				found = is(n.X) && !emptyString(info, n.Y) || is(n.Y) && !emptyString(info, n.X)
			}
		case *ast.SwitchStmt:
			found = n.Tag != nil && is(n.Tag)
		case *ast.IndexExpr:
			found = is(n.Index)
		case *ast.CallExpr:
			fn := p.c.callee(n)
			if httpwrite.LogCall(info, n) || decoder(fn) {
				return true
			}
			for i, a := range n.Args {
				if is(a) && !p.c.storesParam(fn, i) {
					found = true
				}
				if obj := rootObject(info, a); obj != nil && p.roots[obj] {
					if _, isSel := ast.Unparen(a).(*ast.SelectorExpr); !isSel {
						found = true // the params themselves, handed on
					}
				}
			}
		}
		return !found
	})
	return found
}

// storesParam reports whether fn, a function of the package, only stores
// its i'th parameter: every use of it is a value in a composite literal or
// the right-hand side of an assignment to a field.
func (c *checker) storesParam(fn *types.Func, i int) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i >= sig.Params().Len()-1 || i >= sig.Params().Len() {
		return false
	}
	param := sig.Params().At(i)
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	stored, other := false, false
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[id] != param {
			return true
		}
		switch parent := stack[len(stack)-2].(type) {
		case *ast.KeyValueExpr:
			if parent.Value == id {
				stored = true
				return true
			}
		case *ast.AssignStmt:
			for j, r := range parent.Rhs {
				if r == id && j < len(parent.Lhs) {
					if _, ok := ast.Unparen(parent.Lhs[j]).(*ast.SelectorExpr); ok {
						stored = true
						return true
					}
				}
			}
		}
		other = true
		return true
	})
	return stored && !other
}

// namesRevision reports a field name that says it holds a revision.
func namesRevision(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "version") || strings.Contains(n, "revision")
}

func isStringConst(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String
}

func emptyString(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// decoder reports encoding/json's decoding, which fills the params a
// proposal is read from.
func decoder(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && (fn.Name() == "Unmarshal" || fn.Name() == "Decode")
}
