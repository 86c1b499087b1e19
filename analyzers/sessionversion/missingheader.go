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

// sessionlessFirst is the first revision without sessions, whose requests
// carry MCP-Protocol-Version on every POST.
const sessionlessFirst = "2026-07-28"

// checkMissingHeader reports, in a handler where an initialize arrives (it
// dispatches initialize itself, or calls what does), a refusal of a request
// that carries no MCP-Protocol-Version, made before anything tells an
// initialize apart. A client sends the header only on the requests after
// initialize, with the revision it negotiated; an absent header means
// 2025-03-26. A handler that refuses a request without it (v == "", a test
// of set membership that "" fails, or a default read in its place that the
// server does not list) refuses every handshake.
//
// The refusal is an if whose condition reads the header (or a local every
// assignment of which does, or gives a constant default) and which writes
// an error status and returns. Its condition is evaluated for the missing
// header: comparisons with constants, slices.Contains over a list of
// constants, an index of a map of constants, and a predicate of the
// package whose body is one such membership test (a return of it, a loop
// returning true on a match, a switch of constant cases). Anything else
// leaves it unknown, and the handler is not judged. The if must be reached
// by every POST: at the top of the handler, or under a test of the HTTP
// method only, before the handler's own test of initialize. The handler is
// where requests arrive: no other handler of the package reaches it.
//
// Silent where the package names a revision from 2026-07-28 on: those
// requests carry the header on every POST, and a server of that era may
// rightly refuse one without it.
func (c *checker) checkMissingHeader() {
	if httpwrite.TestSupport(c.pass.Pkg.Path()) {
		return
	}
	info := c.pass.TypesInfo
	type refused struct {
		fn   *types.Func
		at   ast.Expr
		test ast.Expr
		def  ast.Node // the default read in place of a missing header
	}
	var found []refused
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !httpwrite.AnswersHTTP(info, fd.Type) || takesTesting(info, fd.Type) {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil || !c.mentionsVersionHeader(fd.Body, nil) {
				continue
			}
			w := writerParam(info, fd.Type)
			if w == nil {
				continue
			}
			if at, test, def := c.missingRefusal(fd.Body, w); at != nil {
				found = append(found, refused{fn, at, test, def})
			}
		}
	}
	if len(found) == 0 || c.namesRevisionFrom(sessionlessFirst) {
		return
	}
	// Where an initialize arrives: the handler dispatches it, or reaches a
	// function of the package that does.
	marks := map[*types.Func]token.Pos{}
	handlers := map[*types.Func]token.Pos{}
	g := newRefGraph()
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				fn, ok := info.Defs[d.Name].(*types.Func)
				if !ok || d.Body == nil {
					continue
				}
				g.add(info, fn, d)
				if at := c.dispatchMark(d.Body); at.IsValid() {
					marks[fn] = at
				}
				if httpwrite.AnswersHTTP(info, d.Type) {
					handlers[fn] = d.Pos()
				}
			default:
				g.addRoots(info, d)
			}
		}
	}
	g.resolve()
	for _, r := range found {
		at := g.reachesMark(r.fn, marks)
		if !at.IsValid() || g.reachedFrom(r.fn, handlers) {
			// Another handler reaching this one may have told an
			// initialize apart before.
			continue
		}
		related := []analysis.RelatedInformation{{Pos: r.test.Pos(), End: r.test.End(), Message: "a request without the header fails this test"}}
		if r.def != nil {
			related = append(related, analysis.RelatedInformation{Pos: r.def.Pos(), End: r.def.End(), Message: "the missing header is read as a revision the server does not list"})
		}
		related = append(related, analysis.RelatedInformation{Pos: at, Message: "the initialize it dispatches"})
		report.Report(c.pass, analysis.Diagnostic{
			Pos: r.at.Pos(), End: r.at.End(), Category: "version-header-required",
			Message: "refuses a request without MCP-Protocol-Version, initialize included: a client sends the header only after initialize, and its absence means 2025-03-26; test it only when present",
			Related: related,
		})
	}
}

// writerParam returns the function's http.ResponseWriter or framework
// context, the last such parameter named alone.
func writerParam(info *types.Info, ft *ast.FuncType) types.Object {
	var w types.Object
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		if (isNetHTTP(t, "ResponseWriter") || httpwrite.IsFrameworkContext(t)) && len(f.Names) == 1 {
			w = info.Defs[f.Names[0]]
		}
	}
	return w
}

// missingRefusal returns the error status a refusing if of body writes to
// w for a request without the header, with its condition and the default
// read in the header's place, walking the statements every POST reaches
// before initialize is told apart.
func (c *checker) missingRefusal(body *ast.BlockStmt, w types.Object) (at, test ast.Expr, def ast.Node) {
	vars := c.versionHeaderVars(body)
	val := ""
	dispatched := false
	var visit func(list []ast.Stmt) bool // false: stop
	visit = func(list []ast.Stmt) bool {
		for _, st := range list {
			if c.dispatchMark(&ast.BlockStmt{List: []ast.Stmt{st}}).IsValid() {
				dispatched = true
				return false // initialize is told apart from here on
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				if st.Init == nil && st.Else == nil && c.httpMethodTest(st.Cond) {
					// The branch of some methods: POST's, or the others'
					// leaving. Either way the rest follows for the others.
					if visit(st.Body.List); at != nil || dispatched {
						return false
					}
					continue
				}
				if d, ok := c.missingDefault(st, vars); ok {
					val, def = d, st
					continue
				}
				if c.reassigns(st, vars) {
					return false // a value not followed
				}
				if st.Init != nil || st.Else != nil || !httpwrite.EndsInReturn(st.Body) || !c.mentionsVersionHeader(st.Cond, vars) {
					continue
				}
				refuses, known := c.evalMissing(st.Cond, vars, val)
				if !known || !refuses {
					continue
				}
				if a, status := c.statusWritten(st.Body, w); a != nil && status >= 400 && status < 600 && status != 405 {
					at, test = a, st.Cond
					return false
				}
			case *ast.SwitchStmt:
				if st.Init != nil || st.Tag == nil || !c.httpMethodTest(st.Tag) {
					continue
				}
				for _, cc := range st.Body.List {
					if visit(cc.(*ast.CaseClause).Body); at != nil || dispatched {
						return false
					}
				}
			case *ast.ReturnStmt:
				return false
			default:
				if c.reassigns(st, vars) {
					return false
				}
			}
		}
		return true
	}
	visit(body.List)
	if at == nil {
		def = nil
	}
	return at, test, def
}

// httpMethodTest reports whether e reads the request's HTTP method and
// nothing of the header.
func (c *checker) httpMethodTest(e ast.Expr) bool {
	return httpwrite.ReadsRequestMethod(c.pass.TypesInfo, e) && !c.mentionsVersionHeader(e, nil)
}

// missingDefault reports `if v == "" { v = "REV" }`: the revision read in
// place of a missing header.
func (c *checker) missingDefault(st *ast.IfStmt, vars map[types.Object]bool) (string, bool) {
	info := c.pass.TypesInfo
	if st.Init != nil || st.Else != nil || len(st.Body.List) == 0 {
		return "", false
	}
	be, ok := ast.Unparen(st.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return "", false
	}
	x, y := be.X, be.Y
	if s, ok := httpwrite.StringConst(info, x); ok && s == "" {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if s, isConst := httpwrite.StringConst(info, y); !ok || !vars[info.Uses[id]] || !isConst || s != "" {
		return "", false
	}
	// The one assignment of the header's local, beside calls (a log line).
	val, found := "", false
	for _, s := range st.Body.List {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if _, ok := ast.Unparen(s.X).(*ast.CallExpr); !ok {
				return "", false
			}
		case *ast.AssignStmt:
			if found || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
				return "", false
			}
			if l, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident); !ok || info.ObjectOf(l) != info.Uses[id] {
				return "", false
			}
			if val, found = httpwrite.StringConst(info, s.Rhs[0]); !found {
				return "", false
			}
		default:
			return "", false
		}
	}
	return val, found
}

// reassigns reports whether n assigns one of vars anything but a read of
// the header: a value the evaluation would not know.
func (c *checker) reassigns(n ast.Node, vars map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		as, ok := x.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || !vars[info.ObjectOf(id)] {
				continue
			}
			if len(as.Lhs) != len(as.Rhs) || !c.headerValue(as.Rhs[i], nil) {
				found = true
			}
		}
		return !found
	})
	return found
}

// headerValue reports whether e is the header's value: a read of it, or a
// local holding it.
func (c *checker) headerValue(e ast.Expr, vars map[types.Object]bool) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		return vars[c.pass.TypesInfo.Uses[id]]
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if v := httpwrite.StringsKept(c.pass.TypesInfo, call); v != nil {
		return c.headerValue(v, vars)
	}
	return c.versionHeaderRead(call)
}

// evalMissing evaluates cond with the header's value val; known is false
// when cond holds anything it cannot read.
func (c *checker) evalMissing(cond ast.Expr, vars map[types.Object]bool, val string) (value, known bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, k := c.evalMissing(e.X, vars, val)
			return !v, k
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR, token.LAND:
			xv, xk := c.evalMissing(e.X, vars, val)
			yv, yk := c.evalMissing(e.Y, vars, val)
			if e.Op == token.LOR {
				if xk && xv || yk && yv {
					return true, true
				}
				return false, xk && yk
			}
			if xk && !xv || yk && !yv {
				return false, true
			}
			return true, xk && yk
		case token.EQL, token.NEQ:
			for _, p := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if c.headerValue(p[0], vars) {
					if s, ok := httpwrite.StringConst(info, p[1]); ok {
						return (val == s) == (e.Op == token.EQL), true
					}
				}
				if call, ok := ast.Unparen(p[0]).(*ast.CallExpr); ok && isBuiltinLen(info, call) && c.headerValue(call.Args[0], vars) {
					if n, ok := httpwrite.IntConst(info, p[1]); ok {
						return (int64(len(val)) == n) == (e.Op == token.EQL), true
					}
				}
			}
		}
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, e)
		if fn == nil {
			return false, false
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "slices" && fn.Name() == "Contains" && len(e.Args) == 2 && c.headerValue(e.Args[1], vars) {
			if set, ok := c.stringSet(e.Args[0]); ok {
				return set[val], true
			}
			return false, false
		}
		if fn.Pkg() == c.pass.Pkg && len(e.Args) == 1 && c.headerValue(e.Args[0], vars) {
			if set, ok := c.predicateSet(fn); ok {
				return set[val], true
			}
		}
	case *ast.IndexExpr:
		if c.headerValue(e.Index, vars) {
			if set, ok := c.stringSet(e.X); ok {
				return set[val], true
			}
		}
	}
	return false, false
}

func isBuiltinLen(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "len"
}

// predicateSet returns the strings fn, a function of the package taking
// one string and returning a bool, is true for, when its body is one
// membership test of its parameter: return slices.Contains(set, p), return
// set[p], _, ok := set[p]; return ok, a loop over set returning true on a
// match then false, or a switch on p returning true for constant cases
// then false.
func (c *checker) predicateSet(fn *types.Func) (map[string]bool, bool) {
	info := c.pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 ||
		!types.Identical(sig.Params().At(0).Type().Underlying(), types.Typ[types.String]) ||
		!types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, false
	}
	fd := c.declOf(fn)
	if fd == nil || fd.Body == nil {
		return nil, false
	}
	p := sig.Params().At(0)
	isP := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == p
	}
	boolConst := func(e ast.Expr) (bool, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(tv.Value), true
	}
	list := fd.Body.List
	switch len(list) {
	case 1:
		ret, ok := list[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return nil, false
		}
		switch e := ast.Unparen(ret.Results[0]).(type) {
		case *ast.CallExpr:
			if f := httpwrite.Callee(info, e); f != nil && f.Pkg() != nil && f.Pkg().Path() == "slices" && f.Name() == "Contains" && len(e.Args) == 2 && isP(e.Args[1]) {
				return c.stringSet(e.Args[0])
			}
		case *ast.IndexExpr:
			if isP(e.Index) {
				return c.stringSet(e.X)
			}
		}
	case 2:
		last, ok := list[1].(*ast.ReturnStmt)
		if !ok || len(last.Results) != 1 {
			return nil, false
		}
		switch first := list[0].(type) {
		case *ast.AssignStmt:
			// _, ok := set[p]; return ok
			if len(first.Lhs) != 2 || len(first.Rhs) != 1 {
				return nil, false
			}
			ix, ok := ast.Unparen(first.Rhs[0]).(*ast.IndexExpr)
			okID, ok2 := ast.Unparen(first.Lhs[1]).(*ast.Ident)
			retID, ok3 := ast.Unparen(last.Results[0]).(*ast.Ident)
			if !ok || !ok2 || !ok3 || !isP(ix.Index) || info.ObjectOf(okID) != info.Uses[retID] {
				return nil, false
			}
			return c.stringSet(ix.X)
		case *ast.RangeStmt:
			// for _, s := range set { if s == p { return true } }; return false
			if v, ok := boolConst(last.Results[0]); !ok || v {
				return nil, false
			}
			val, ok := first.Value.(*ast.Ident)
			if !ok || len(first.Body.List) != 1 {
				return nil, false
			}
			is, ok := first.Body.List[0].(*ast.IfStmt)
			if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
				return nil, false
			}
			be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
			if !ok || be.Op != token.EQL {
				return nil, false
			}
			isVal := func(e ast.Expr) bool {
				id, ok := ast.Unparen(e).(*ast.Ident)
				return ok && info.Uses[id] == info.Defs[val]
			}
			if !(isVal(be.X) && isP(be.Y) || isP(be.X) && isVal(be.Y)) {
				return nil, false
			}
			if r, ok := is.Body.List[0].(*ast.ReturnStmt); !ok || len(r.Results) != 1 {
				return nil, false
			} else if v, ok := boolConst(r.Results[0]); !ok || !v {
				return nil, false
			}
			return c.stringSet(first.X)
		case *ast.SwitchStmt:
			// switch p { case "a", "b": return true }; return false
			if v, ok := boolConst(last.Results[0]); !ok || v || first.Init != nil || !isP(first.Tag) {
				return nil, false
			}
			set := map[string]bool{}
			for _, s := range first.Body.List {
				cc := s.(*ast.CaseClause)
				if cc.List == nil || len(cc.Body) != 1 {
					return nil, false
				}
				r, ok := cc.Body[0].(*ast.ReturnStmt)
				if !ok || len(r.Results) != 1 {
					return nil, false
				}
				v, ok := boolConst(r.Results[0])
				if !ok {
					return nil, false
				}
				for _, e := range cc.List {
					s, ok := httpwrite.StringConst(info, e)
					if !ok {
						return nil, false
					}
					if v {
						set[s] = true
					}
				}
			}
			return set, true
		}
	}
	return nil, false
}

// stringSet returns the strings e holds: a slice, array or map literal of
// constant strings (a map's keys, its values all true or empty structs),
// or a package-level variable declared with one and never assigned.
func (c *checker) stringSet(e ast.Expr) (map[string]bool, bool) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Parent() != c.pass.Pkg.Scope() {
			return nil, false
		}
		init := c.varInit(v)
		if init == nil || c.assigned(v) {
			return nil, false
		}
		return c.stringSet(init)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	set := map[string]bool{}
	_, isMap := info.TypeOf(lit).Underlying().(*types.Map)
	for _, el := range lit.Elts {
		key := el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if !isMap {
				return nil, false
			}
			key = kv.Key
			if tv := info.Types[kv.Value]; tv.Value != nil && (tv.Value.Kind() != constant.Bool || !constant.BoolVal(tv.Value)) {
				return nil, false
			} else if tv.Value == nil {
				if _, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); !ok {
					return nil, false // a value that may be false
				}
			}
		} else if isMap {
			return nil, false
		}
		s, ok := httpwrite.StringConst(info, key)
		if !ok {
			return nil, false
		}
		set[s] = true
	}
	return set, true
}

// varInit returns the initializer of v, a package-level variable declared
// with one value per name.
func (c *checker) varInit(v *types.Var) ast.Expr {
	vs := c.valueSpec(v)
	if vs == nil || len(vs.Values) != len(vs.Names) {
		return nil
	}
	for i, name := range vs.Names {
		if c.pass.TypesInfo.Defs[name] == v {
			return vs.Values[i]
		}
	}
	return nil
}

// assigned reports whether anything in the package assigns v, appends to
// it, or takes its address.
func (c *checker) assigned(v *types.Var) bool {
	info := c.pass.TypesInfo
	found := false
	is := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				return info.Uses[x] == v
			case *ast.IndexExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					found = found || is(l)
				}
			case *ast.UnaryExpr:
				found = found || n.Op == token.AND && is(n.X)
			case *ast.IncDecStmt:
				found = found || is(n.X)
			}
			return !found
		})
	}
	return found
}

// namesRevisionFrom reports whether the package names a revision constant
// of first or later.
func (c *checker) namesRevisionFrom(first string) bool {
	found := false
	for e, tv := range c.pass.TypesInfo.Types {
		if found {
			break
		}
		if httpwrite.IsRevision(tv.Value) && constant.StringVal(tv.Value) >= first && !strings.HasSuffix(c.pass.Fset.File(e.Pos()).Name(), "_test.go") {
			found = true
		}
	}
	return found
}
