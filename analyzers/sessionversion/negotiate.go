package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A server answers initialize with the client's protocolVersion when it
// supports it and otherwise with another revision it supports; the client
// then decides whether to go on. Refusing the handshake only because the
// requested revision differs leaves no negotiation at all.
//
// checkNegotiation reports, in a handler (a function given an
// http.ResponseWriter), a test of an initialize's params.protocolVersion --
// a struct field tagged json:"protocolVersion" or a map's "protocolVersion"
// entry -- against a revision constant whose mismatch branch writes an error
// answer to that ResponseWriter and ends the handler. A value decoded from
// an *http.Response (a client checking the server's answer, which may
// disconnect) is not a request's, and _test.go files (test servers speaking
// one revision on purpose) are not judged.
func (c *checker) checkNegotiation(fn ast.Node) {
	ft, body := httpwrite.FuncType(fn), httpwrite.Body(fn)
	if ft == nil || body == nil || ft.Params == nil || strings.HasSuffix(c.pass.Fset.File(fn.Pos()).Name(), "_test.go") {
		return
	}
	// The answer goes to the handler's ResponseWriter, or to the context a
	// web framework hands its handlers (gin, echo, fiber), which writes it.
	w := writerParam(c.pass.TypesInfo, ft)
	if w == nil {
		c.checkReturnedRefusal(fn, ft, body)
		return
	}
	// Computed once a test of a requested revision is seen: most handlers
	// have none.
	var decoded map[types.Object]bool
	fromResponse := func(obj types.Object) bool {
		if decoded == nil {
			decoded = c.decodedFromResponse(body)
		}
		return decoded[obj]
	}
	c.requestedVars = c.requestedLocals(body, fromResponse)
	defer func() { c.requestedVars = nil }()
	c.checkOldRevisionAccepted(body, fromResponse)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // run later, under conditions not seen
		case *ast.IfStmt:
			refusal := ast.Node(n.Body)
			switch cond := ast.Unparen(n.Cond).(type) {
			case *ast.BinaryExpr:
				switch {
				case cond.Op == token.LAND && c.notAnyOf(cond, fromResponse):
					// v != A && v != B: none of the revisions it takes
				case (cond.Op != token.NEQ && cond.Op != token.EQL) || c.requestedVersion(cond, fromResponse) == nil:
					return true
				case cond.Op == token.EQL:
					refusal = n.Else
				}
			case *ast.UnaryExpr:
				if cond.Op != token.NOT || !c.isMembership(cond.X, fromResponse) {
					return true
				}
			default:
				return true
			}
			if b, ok := refusal.(*ast.BlockStmt); ok && c.refuses(b.List, w) {
				c.reportRefusal(n.Cond, b)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || !c.isRequestedVersion(n.Tag, fromResponse) {
				return true
			}
			for _, s := range n.Body.List {
				cc := s.(*ast.CaseClause)
				if cc.List != nil {
					if !c.allRevisions(cc.List) {
						return true // a case that is not a revision: not a version switch
					}
					continue
				}
				if c.refuses(cc.Body, w) {
					c.reportRefusal(n.Tag, cc)
				}
			}
		}
		return true
	})
}

// requestedVersion returns the operand of be that reads a requested
// protocolVersion when the other operand is a revision constant.
func (c *checker) requestedVersion(be *ast.BinaryExpr, fromResponse func(types.Object) bool) ast.Expr {
	switch {
	case httpwrite.IsRevision(c.pass.TypesInfo.Types[be.Y].Value) && c.isRequestedVersion(be.X, fromResponse):
		return be.X
	case httpwrite.IsRevision(c.pass.TypesInfo.Types[be.X].Value) && c.isRequestedVersion(be.Y, fromResponse):
		return be.Y
	}
	return nil
}

// notAnyOf reports whether e is a chain v != A && v != B ... of the
// requested revision against revision constants.
func (c *checker) notAnyOf(e ast.Expr, fromResponse func(types.Object) bool) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LAND:
		return c.notAnyOf(be.X, fromResponse) && c.notAnyOf(be.Y, fromResponse)
	case token.NEQ:
		return c.requestedVersion(be, fromResponse) != nil
	}
	return false
}

// isMembership reports whether e tests the requested protocolVersion's
// membership in a set: slices.Contains(list, v) or m[v] with m a
// map[string]bool.
func (c *checker) isMembership(e ast.Expr, fromResponse func(types.Object) bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := c.callee(e)
		if fn != nil && fn.Pkg() == c.pass.Pkg && len(e.Args) == 1 && c.isRequestedVersion(e.Args[0], fromResponse) {
			return c.revisionPredicate(fn)
		}
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "slices" && fn.Name() == "Contains" &&
			len(e.Args) == 2 && c.isRequestedVersion(e.Args[1], fromResponse)
	case *ast.IndexExpr:
		m, ok := c.pass.TypesInfo.TypeOf(e.X).Underlying().(*types.Map)
		if !ok {
			return false
		}
		b, ok := m.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool && c.isRequestedVersion(e.Index, fromResponse)
	}
	return false
}

// isRequestedVersion reports whether e reads the protocolVersion of a
// decoded message: x.F with F tagged json:"protocolVersion", or
// m["protocolVersion"] (possibly asserted to string), x and m not decoded
// from an http.Response.
func (c *checker) isRequestedVersion(e ast.Expr, fromResponse func(types.Object) bool) bool {
	e = ast.Unparen(e)
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		e = ast.Unparen(ta.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		// v := params.ProtocolVersion; pv, _ := m["protocolVersion"].(string)
		return c.requestedVars[c.pass.TypesInfo.Uses[e]]
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal || !c.hasVersionTag(sel) {
			return false
		}
		return !fromResponse(rootObject(c.pass.TypesInfo, e.X))
	case *ast.IndexExpr:
		tv := c.pass.TypesInfo.Types[e.Index]
		if tv.Value == nil || tv.Value.Kind() != constant.String || constant.StringVal(tv.Value) != "protocolVersion" {
			return false
		}
		if _, ok := c.pass.TypesInfo.TypeOf(e.X).Underlying().(*types.Map); !ok {
			return false
		}
		return !fromResponse(rootObject(c.pass.TypesInfo, e.X))
	}
	return false
}

// hasVersionTag reports whether the selected field carries the JSON name
// protocolVersion.
func (c *checker) hasVersionTag(sel *types.Selection) bool {
	t := sel.Recv()
	path := sel.Index()
	for i, idx := range path {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || idx >= st.NumFields() {
			return false
		}
		if i == len(path)-1 {
			name, _, _ := strings.Cut(reflect.StructTag(st.Tag(idx)).Get("json"), ",")
			return name == "protocolVersion"
		}
		t = st.Field(idx).Type()
	}
	return false
}

// rootObject is the variable at the root of x.a.b[...].
func rootObject(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.Uses[x]
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// decodedFromResponse returns the variables body decodes from an
// *http.Response (json.NewDecoder(resp.Body).Decode(&v), json.Unmarshal
// of bytes read from it): what a server answered, not what a client asked.
func (c *checker) decodedFromResponse(body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	fromResp := map[types.Object]bool{} // locals holding a response's bytes
	mentionsResp := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !found {
				if isNetHTTP(c.pass.TypesInfo.TypeOf(x), "Response") {
					found = true
				}
				if id, ok := x.(*ast.Ident); ok && fromResp[c.pass.TypesInfo.Uses[id]] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && mentionsResp(n.Rhs[0]) {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if obj := c.objectOf(id); obj != nil {
							fromResp[obj] = true
						}
					}
				}
			}
		case *ast.CallExpr:
			if len(n.Args) == 0 || !mentionsResp(n) {
				return true
			}
			for _, a := range n.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if obj := rootObject(c.pass.TypesInfo, u.X); obj != nil {
						out[obj] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// refuses reports whether stmts write an error answer to w and end the
// handler: they pass w to a call or call a method on it, carry a JSON-RPC
// error code (-32768..-32000) or an HTTP status of 400 or more, and end in
// a return.
func (c *checker) refuses(stmts []ast.Stmt, w types.Object) bool {
	if len(stmts) == 0 {
		return false
	}
	if _, ok := stmts[len(stmts)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	usesW, errorish := false, false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if x, ok := n.(ast.Expr); ok {
				if v := c.pass.TypesInfo.Types[x].Value; v != nil && v.Kind() == constant.Int {
					if i, ok := constant.Int64Val(v); ok && ((i >= -32768 && i <= -32000) || (i >= 400 && i <= 599)) {
						errorish = true
					}
				}
			}
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == w {
				usesW = true
			}
			return true
		})
	}
	return usesW && errorish
}

// allRevisions reports whether every expression is a revision constant.
func (c *checker) allRevisions(list []ast.Expr) bool {
	for _, e := range list {
		if !httpwrite.IsRevision(c.pass.TypesInfo.Types[e].Value) {
			return false
		}
	}
	return true
}

func (c *checker) reportRefusal(test ast.Node, refusal ast.Node) {
	// The refusal is named by its first statement: the answer it writes.
	switch r := refusal.(type) {
	case *ast.BlockStmt:
		if len(r.List) > 0 {
			refusal = r.List[0]
		}
	case *ast.CaseClause:
		if len(r.Body) > 0 {
			refusal = r.Body[0]
		}
	}
	c.report(analysis.Diagnostic{
		Pos: test.Pos(), End: test.End(),
		Category: "version-refused",
		Message:  "initialize refused because the requested protocolVersion is not the one expected: answer with a revision the server supports instead, and let the client decide",
		Related: []analysis.RelatedInformation{{
			Pos: refusal.Pos(), End: refusal.End(),
			Message: "the handshake is refused here; the server must answer the client's revision when it supports it, else another it supports",
		}},
	})
}

// requestedLocals returns the local variables of body assigned once, from
// a requested protocolVersion (v := p.ProtocolVersion, pv, _ :=
// m["protocolVersion"].(string)): a test of one is a test of the request.
func (c *checker) requestedLocals(body *ast.BlockStmt, fromResponse func(types.Object) bool) map[types.Object]bool {
	info := c.pass.TypesInfo
	out := map[types.Object]bool{}
	count := map[types.Object]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range a.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			obj := info.ObjectOf(id)
			if obj == nil || obj.Parent() == nil || obj.Parent() == c.pass.Pkg.Scope() {
				continue
			}
			count[obj]++
			var rhs ast.Expr
			switch {
			case len(a.Lhs) == len(a.Rhs):
				rhs = a.Rhs[i]
			case i == 0 && len(a.Rhs) == 1:
				rhs = a.Rhs[0] // v, ok := x.(string)
			}
			if rhs != nil && !isIdent(rhs) && c.isRequestedVersion(rhs, fromResponse) {
				out[obj] = true
			}
		}
		return true
	})
	for obj := range out {
		if count[obj] != 1 {
			delete(out, obj)
		}
	}
	return out
}

func isIdent(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}

// revisionPredicate reports whether fn, a function of the package, is a
// test of a revision against those the server takes: it returns one bool
// and its body names a revision constant, directly or through a
// package-level variable whose declaration lists one.
func (c *checker) revisionPredicate(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		if httpwrite.IsRevision(c.pass.TypesInfo.Types[e].Value) {
			found = true
		} else if id, ok := e.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && v.Parent() == c.pass.Pkg.Scope() {
				found = c.listsRevision(v)
			}
		}
		return !found
	})
	return found
}

// listsRevision reports whether the declaration of the package-level
// variable v names a revision constant.
func (c *checker) listsRevision(v *types.Var) bool {
	vs := c.valueSpec(v)
	if vs == nil {
		return false
	}
	found := false
	for _, val := range vs.Values {
		ast.Inspect(val, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && httpwrite.IsRevision(c.pass.TypesInfo.Types[e].Value) {
				found = true
			}
			return !found
		})
	}
	return found
}

// valueSpec returns the declaration of v, a package-level variable.
func (c *checker) valueSpec(v *types.Var) *ast.ValueSpec {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for _, name := range vs.Names {
					if c.pass.TypesInfo.Defs[name] == v {
						return vs
					}
				}
			}
		}
	}
	return nil
}

// declOf returns the declaration of fn, a function of the package, or nil.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}
