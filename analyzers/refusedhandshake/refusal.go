package refusedhandshake

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// A refusal test closes the session after serving when a session accessor
// says no handshake happened: `if ss.InitializeParams() == nil { ss.Close() }`.
// It is right only if nothing but the handshake sets what the accessor
// returns. go-sdk v1.7.0 broke that: its server/discover handler recorded
// InitializeParams on every call, although a discover answer carries no
// session id, so each discover probe on a sessionless POST left a session
// nobody could address (#1136; v1.8.0 records them only when the transport
// can serve the protocol that needs them).
//
// The SDK package itself shows it. RefusalDefeated marks an accessor of the
// SDK's ServerSession that returns a field path of the session (ss.state.
// InitializeParams) when a request handler registered in the package's
// method table under a method other than "initialize" assigns that path on
// every call: at the top level of its body, before anything that could
// return, directly or in a function literal that a method of the session
// calls, just as unconditionally, with that path's prefix
// (ss.updateState(func(st *State) { st.InitializeParams = p }), updateState
// calling mut(&ss.state)). An assignment under any condition (v1.8.0's) is
// trusted: the condition may be exactly what keeps it right.

// RefusalDefeated is the fact exported for an SDK session accessor that a
// request handler other than initialize sets on every call (see above). A
// refusal test reading it does not detect that request's missing handshake.
type RefusalDefeated struct {
	// Method is the request method ("server/discover"), Handler the
	// registered handler's name, qualified by its package name
	// ("mcp.Server.discover").
	Method, Handler string
}

func (*RefusalDefeated) AFact() {}

func (f *RefusalDefeated) String() string {
	return "refusalDefeated(" + strconv.Quote(f.Method) + ", " + f.Handler + ")"
}

// handshakeMethod is the one request whose handler may set what a refusal
// test reads.
const handshakeMethod = "initialize"

// exportRefusalFacts marks the defeated accessors of the package, when it
// is an SDK package (sdkPkg) with a ServerSession type. It looks at syntax
// only: the accessor's return, the method table, and the straight-line
// prefix of the handlers' bodies.
func exportRefusalFacts(pass *analysis.Pass) {
	if !sdkPkg(pass.Pkg) {
		return
	}
	sess, ok := pass.Pkg.Scope().Lookup("ServerSession").(*types.TypeName)
	if !ok {
		return
	}
	declOf := map[*types.Func]*ast.FuncDecl{}
	for _, fd := range bodiedDecls(pass) {
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			declOf[fn] = fd
		}
	}
	isSession := func(t types.Type) bool {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj() == sess
	}
	var handlers []registered
	for fn, fd := range declOf {
		path := accessorPath(pass.TypesInfo, fd, isSession)
		if path == nil {
			continue
		}
		if handlers == nil {
			handlers = methodTable(pass)
		}
		for _, h := range handlers {
			if h.method == handshakeMethod {
				continue
			}
			if hd := declOf[h.fn]; hd != nil && (&setter{info: pass.TypesInfo, declOf: declOf, isSession: isSession}).sets(hd.Body, path, nil) {
				pass.ExportObjectFact(fn, &RefusalDefeated{Method: h.method, Handler: pass.Pkg.Name() + "." + qualifiedName(pass, h.fn)})
				break
			}
		}
	}
}

// accessorPath returns the fields a method of the session type with no
// parameters returns as `return recv.f1.f2...` (its last statement), or nil.
func accessorPath(info *types.Info, fd *ast.FuncDecl, isSession func(types.Type) bool) []*types.Var {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 || len(fd.Body.List) == 0 {
		return nil
	}
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil || !isSession(recv.Type()) {
		return nil
	}
	ret, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	root, path := fieldChain(info, ret.Results[0])
	if id, ok := root.(*ast.Ident); !ok || info.Uses[id] != recv || len(path) == 0 {
		return nil
	}
	return path
}

// fieldChain splits x.f1.f2...fn (field selections only) into x and the
// fields.
func fieldChain(info *types.Info, e ast.Expr) (root ast.Expr, path []*types.Var) {
	e = ast.Unparen(e)
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			break // a method, a qualified identifier or a promoted field
		}
		path = append([]*types.Var{s.Obj().(*types.Var)}, path...)
		e = ast.Unparen(sel.X)
	}
	return e, path
}

// peel splits x.f1...fn, the last n selections being fields, into x and
// those fields (fewer when e has fewer).
func peel(info *types.Info, e ast.Expr, n int) (root ast.Expr, path []*types.Var) {
	e = ast.Unparen(e)
	for range n {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			break
		}
		path = append([]*types.Var{s.Obj().(*types.Var)}, path...)
		e = ast.Unparen(sel.X)
	}
	return e, path
}

// registered is one entry of the SDK's method table.
type registered struct {
	method string
	fn     *types.Func
}

// methodTable lists the functions named in the values of package-level map
// literals keyed by string constants (go-sdk's serverMethodInfos:
// methodDiscover: newServerMethodInfo(serverMethod((*Server).discover), ...)),
// with their keys.
func methodTable(pass *analysis.Pass) []registered {
	out := []registered{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					lit, ok := ast.Unparen(v).(*ast.CompositeLit)
					if !ok {
						continue
					}
					if _, isMap := pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map); !isMap {
						continue
					}
					for _, elt := range lit.Elts {
						kv, ok := elt.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						key := pass.TypesInfo.Types[kv.Key].Value
						if key == nil || key.Kind() != constant.String {
							continue
						}
						called := map[ast.Node]bool{} // the table's helpers, not handlers
						ast.Inspect(kv.Value, func(n ast.Node) bool {
							switch n := n.(type) {
							case *ast.CallExpr:
								fun := ast.Unparen(n.Fun)
								if ix, ok := fun.(*ast.IndexExpr); ok {
									fun = ix.X // an explicit instantiation
								}
								if sel, ok := fun.(*ast.SelectorExpr); ok {
									fun = sel.Sel
								}
								called[fun] = true
							case *ast.Ident:
								if fn, ok := pass.TypesInfo.Uses[n].(*types.Func); ok && fn.Pkg() == pass.Pkg && !called[n] {
									out = append(out, registered{constant.StringVal(key), fn.Origin()})
								}
							}
							return true
						})
					}
				}
			}
		}
	}
	return out
}

// setter finds unconditional assignments of a field path of the session.
type setter struct {
	info      *types.Info
	declOf    map[*types.Func]*ast.FuncDecl
	isSession func(types.Type) bool
	depth     int
}

// sets reports whether body assigns path on every run that returns: a top-level
// statement before any that may return (or panic, or jump) assigns
// root.path with root a session (or, when param is not nil, param.path:
// the pointer a caller passed in), or calls a method of the session type
// with a function literal that does so for the rest of the path, and that
// method calls it just as unconditionally with &recv.prefix.
func (s *setter) sets(body *ast.BlockStmt, path []*types.Var, param types.Object) bool {
	if body == nil || s.depth > 2 {
		return false
	}
	s.depth++
	defer func() { s.depth-- }()
	for _, stmt := range body.List {
		switch st := stmt.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.ASSIGN {
				for _, lhs := range st.Lhs {
					if s.assigns(lhs, path, param) {
						return true
					}
				}
			}
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && s.viaCallback(call, path) {
				return true
			}
		}
		if mayLeave(stmt) {
			return false
		}
	}
	return false
}

// assigns reports whether lhs is root.path, root a session (param nil) or
// the parameter param.
func (s *setter) assigns(lhs ast.Expr, path []*types.Var, param types.Object) bool {
	root, got := peel(s.info, lhs, len(path))
	if !samePath(got, path) {
		return false
	}
	id, isIdent := root.(*ast.Ident)
	if param != nil {
		return isIdent && s.info.Uses[id] == param
	}
	return s.isSession(s.info.TypeOf(root))
}

// viaCallback reports whether call is session.m(..., func(p *T) { p.rest = v }, ...)
// with m calling that argument unconditionally on &recv.prefix, prefix+rest
// being path.
func (s *setter) viaCallback(call *ast.CallExpr, path []*types.Var) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	m, ok := s.info.Uses[sel.Sel].(*types.Func)
	if !ok || !s.isSession(s.info.TypeOf(sel.X)) {
		return false
	}
	md := s.declOf[m.Origin()]
	if md == nil || md.Recv == nil || len(md.Recv.List) != 1 || len(md.Recv.List[0].Names) != 1 {
		return false
	}
	recv := s.info.Defs[md.Recv.List[0].Names[0]]
	var params []types.Object
	for _, field := range md.Type.Params.List {
		for _, name := range field.Names {
			params = append(params, s.info.Defs[name])
		}
	}
	for i, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.FuncLit)
		if !ok || i >= len(params) || params[i] == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
			continue
		}
		prefix := s.callsWith(md.Body, params[i], recv)
		if len(prefix) == 0 || len(prefix) >= len(path) || !samePath(prefix, path[:len(prefix)]) {
			continue
		}
		p := s.info.Defs[lit.Type.Params.List[0].Names[0]]
		if p != nil && s.sets(lit.Body, path[len(prefix):], p) {
			return true
		}
	}
	return false
}

// callsWith returns the fields of &recv.fields that body passes to the
// function parameter fn in a call at its top level, before anything that
// may return, or nil.
func (s *setter) callsWith(body *ast.BlockStmt, fn, recv types.Object) []*types.Var {
	for _, stmt := range body.List {
		if es, ok := stmt.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && len(call.Args) == 1 {
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && s.info.Uses[id] == fn {
					if u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
						root, path := fieldChain(s.info, u.X)
						if id, ok := root.(*ast.Ident); ok && s.info.Uses[id] == recv {
							return path
						}
					}
					return nil
				}
			}
		}
		if mayLeave(stmt) {
			return nil
		}
	}
	return nil
}

func samePath(a, b []*types.Var) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// mayLeave reports whether stmt may end its function's run or skip what
// follows it: a return, a goto, a labelled break or continue, a call of
// panic, anywhere in it outside function literals.
func mayLeave(stmt ast.Stmt) bool {
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			if n.Tok == token.GOTO || n.Label != nil {
				found = true
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
				found = true
			}
		}
		return !found
	})
	return found
}
