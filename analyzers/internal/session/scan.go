// Package session follows an MCP request's Mcp-Session-Id through a
// function: the variables holding it, the lookups keyed by it, and the
// conditions under which an answer is given (no id, an unknown id, a failed
// store lookup). sessionstatus judges the status of those answers and
// errclass their JSON-RPC code.
package session

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// Kind is what a branch knows about the request's session.
type Kind int

const (
	Missing   Kind = iota + 1 // the request carries no session id
	Unknown                   // the id is not in the session map
	LookupErr                 // looking the id up in a store failed
)

// Cond is the session condition an answer is given under.
type Cond struct {
	Kind Kind
	What string // the lookup, for messages
}

// defKind is what an assignment made a variable hold.
type defKind int

const (
	other     defKind = iota
	idDef             // the Mcp-Session-Id value
	valuesDef         // the header values: r.Header.Values(...), r.Header[...]
	foundDef          // ok of s, ok := sessions[id]
	valueDef          // s of s := sessions[id] or s, err := store.Get(id)
	errDef            // err of s, err := store.Get(ctx, id)
)

// def is one assignment to a variable, at pos.
type def struct {
	pos  token.Pos
	kind defKind
	what string // the lookup, for messages
}

// Scan is what one function knows: every assignment to its variables, so
// that a test of ok or err is judged by the assignment that reaches it (ok
// is often reused: v, ok := m.Load(id) and then s, ok := v.(*session)).
type Scan struct {
	Body *ast.BlockStmt
	info *types.Info
	defs map[*types.Var][]def // in source order
}

// NewScan records the assignments of body (seeded with the parameters that
// receive a session id). The assignment reaching a use is taken to be the
// last one before it in the source, which is exact for the straight-line
// code handlers are made of.
func NewScan(info *types.Info, body *ast.BlockStmt, ids map[*types.Var]bool) *Scan {
	s := &Scan{Body: body, info: info, defs: map[*types.Var][]def{}}
	for v := range ids {
		s.defs[v] = []def{{pos: token.NoPos, kind: idDef}}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			s.assign(n.Lhs, n.Rhs, n.TokPos)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			s.assign(lhs, n.Values, n.Pos())
		case *ast.RangeStmt:
			s.set(n.Key, n.TokPos, other, "")
			s.set(n.Value, n.TokPos, other, "")
		}
		return true
	})
	return s
}

func (s *Scan) varOf(e ast.Expr) *types.Var {
	if e == nil {
		return nil
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := s.info.ObjectOf(id).(*types.Var)
	return v
}

func (s *Scan) set(e ast.Expr, pos token.Pos, kind defKind, what string) {
	if v := s.varOf(e); v != nil {
		s.defs[v] = append(s.defs[v], def{pos, kind, what})
	}
}

// at returns the assignment to v that reaches pos.
func (s *Scan) at(v *types.Var, pos token.Pos) def {
	var d def
	for _, x := range s.defs[v] {
		if x.pos < pos {
			d = x
		}
	}
	return d
}

func (s *Scan) assign(lhs, rhs []ast.Expr, pos token.Pos) {
	switch {
	case len(lhs) == len(rhs):
		for i := range lhs {
			v := s.varOf(lhs[i])
			if v == nil {
				continue
			}
			kind, what := other, ""
			if s.IsID(rhs[i]) {
				kind = idDef
			} else if s.isValues(rhs[i]) {
				kind = valuesDef
			} else if nilable(v.Type()) {
				if w, ok := s.lookup(rhs[i]); ok {
					kind, what = valueDef, w
				}
			} else if w, ok := s.boolIndex(rhs[i]); ok && isBool(v.Type()) {
				// ok := sessions[id] on a map[string]bool: false
				// is the zero value of an id not in the map.
				kind, what = foundDef, w
			}
			s.set(lhs[i], pos, kind, what)
		}
	case len(rhs) == 1:
		for _, l := range lhs {
			s.set(l, pos, other, "")
		}
		if len(lhs) != 2 {
			return
		}
		what, ok := s.lookup(rhs[0])
		if !ok {
			return
		}
		v0, v1 := s.varOf(lhs[0]), s.varOf(lhs[1])
		// A call given the id counts as a lookup only when it yields
		// something that can be absent (a *Session, an interface): that
		// keeps validateID(id) (string, error) and parse(id) out.
		_, isIndex := ast.Unparen(rhs[0]).(*ast.IndexExpr)
		if !isIndex && (v0 == nil || !nilable(v0.Type())) {
			if t := s.info.TypeOf(rhs[0]); t == nil || !firstNilable(t) {
				return
			}
		}
		if v0 != nil && nilable(v0.Type()) {
			s.set(lhs[0], pos+1, valueDef, what)
		}
		if v1 == nil {
			return
		}
		switch {
		case httpwrite.IsErrorType(v1.Type()):
			s.set(lhs[1], pos+1, errDef, what)
		case isBool(v1.Type()):
			s.set(lhs[1], pos+1, foundDef, what)
		}
	}
}

// lookup reports whether e looks the session id up: sessions[id], or a
// call that is given the id (store.Get(ctx, id), m.Load(id)).
func (s *Scan) lookup(e ast.Expr) (string, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		t := s.info.TypeOf(e.X)
		if t == nil {
			return "", false
		}
		if _, isMap := t.Underlying().(*types.Map); isMap && s.IsID(e.Index) {
			return render(e), true
		}
	case *ast.CallExpr:
		if httpwrite.Callee(s.info, e) == nil {
			if _, isConv := s.info.Types[e.Fun]; isConv && s.info.Types[e.Fun].IsType() {
				return "", false
			}
		}
		for _, a := range e.Args {
			if s.IsID(a) {
				return render(e.Fun) + "(...)", true
			}
		}
	}
	return "", false
}

// boolIndex reports whether e is a plain index of a map of bools by the
// session id (sessions[id] on a map[string]bool): a set of known sessions,
// whose false answers an id not in it.
func (s *Scan) boolIndex(e ast.Expr) (string, bool) {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return "", false
	}
	t := s.info.TypeOf(ix.X)
	if t == nil {
		return "", false
	}
	m, isMap := t.Underlying().(*types.Map)
	if !isMap || !isBool(m.Elem()) || !s.IsID(ix.Index) {
		return "", false
	}
	return render(ix), true
}

// IsID reports whether e is the session id: a variable holding it, or
// r.Header.Get of the Mcp-Session-Id header (spelled in any case, or as a
// constant of that value).
func (s *Scan) IsID(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := s.info.ObjectOf(e).(*types.Var)
		return v != nil && s.at(v, e.Pos()).kind == idDef
	case *ast.IndexExpr:
		// r.Header.Values("Mcp-Session-Id")[0], vals[0]
		return s.isValues(e.X)
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, e)
		if httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Get") && len(e.Args) == 1 {
			return httpwrite.IsSessionHeader(s.info, e.Args[0])
		}
		// strings.TrimSpace(r.Header.Get(...)) and the like.
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && len(e.Args) >= 1 {
			if b, ok := s.info.TypeOf(e).(*types.Basic); ok && b.Kind() == types.String {
				return s.IsID(e.Args[0])
			}
		}
	}
	return false
}

// Condition finds the session condition an answer is given under: the
// innermost if around the answer must test it (id == "", !ok, s == nil,
// err != nil of a lookup), alone or in a conjunction. An answer under any
// other innermost condition (an Accept check, another error) is not judged.
func (s *Scan) Condition(stack []ast.Node) (Cond, bool) {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		for _, c := range httpwrite.Terms(ifs.Cond, inThen) {
			if k, ok := s.test(c.E, c.Truth); ok {
				return k, true
			}
		}
		return Cond{}, false
	}
	return Cond{}, false
}

// test reports what e having value truth says about the session.
func (s *Scan) test(e ast.Expr, truth bool) (Cond, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if v, _ := s.info.ObjectOf(e).(*types.Var); v != nil {
			if d := s.at(v, e.Pos()); d.kind == foundDef && !truth {
				return Cond{Unknown, d.what}, true
			}
		}
	case *ast.IndexExpr:
		// if !sessions[id] on a map[string]bool
		if w, ok := s.boolIndex(e); ok && !truth {
			return Cond{Unknown, w}, true
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return Cond{}, false
		}
		equal := (e.Op == token.EQL) == truth
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		if s.isEmpty(x) || s.isNil(x) {
			x, y = y, x
		}
		switch {
		case s.isEmpty(y) && equal && s.isIDOrLen(x):
			return Cond{Missing, ""}, true
		case s.isNil(y):
			v := s.varOf(x)
			if v == nil {
				return Cond{}, false
			}
			switch d := s.at(v, x.Pos()); {
			case d.kind == valueDef && equal:
				return Cond{Unknown, d.what}, true
			case d.kind == errDef && !equal:
				return Cond{LookupErr, d.what}, true
			}
		}
	}
	return Cond{}, false
}

// isValues reports whether e holds the header's values: a variable set from
// them, r.Header.Values(K) or r.Header[K] (K in its canonical spelling,
// since an index does not canonicalise).
func (s *Scan) isValues(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := s.info.ObjectOf(e).(*types.Var)
		return v != nil && s.at(v, e.Pos()).kind == valuesDef
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, e)
		return httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Values") && len(e.Args) == 1 && httpwrite.IsSessionHeader(s.info, e.Args[0])
	case *ast.IndexExpr:
		t := s.info.TypeOf(e.X)
		if t == nil || !httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Header") {
			return false
		}
		k, ok := httpwrite.StringConst(s.info, e.Index)
		return ok && k == "Mcp-Session-Id"
	}
	return false
}

// isIDOrLen is the id, or len(id) compared with 0.
func (s *Scan) isIDOrLen(e ast.Expr) bool {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
			if _, builtin := s.info.Uses[id].(*types.Builtin); builtin {
				return s.IsID(call.Args[0]) || s.isValues(call.Args[0])
			}
		}
	}
	return s.IsID(e)
}

// isEmpty is "" or 0 (for len(id) == 0).
func (s *Scan) isEmpty(e ast.Expr) bool {
	if v, ok := httpwrite.StringConst(s.info, e); ok {
		return v == ""
	}
	if v, ok := httpwrite.IntConst(s.info, e); ok {
		return v == 0
	}
	return false
}

func (s *Scan) isNil(e ast.Expr) bool {
	tv, ok := s.info.Types[e]
	return ok && tv.IsNil()
}

func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

func firstNilable(t types.Type) bool {
	tup, ok := t.(*types.Tuple)
	return ok && tup.Len() == 2 && nilable(tup.At(0).Type())
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// render prints a short form of e for messages.
func render(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return render(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return render(e.X) + "[" + render(e.Index) + "]"
	case *ast.CallExpr:
		return render(e.Fun) + "(...)"
	case *ast.StarExpr:
		return "*" + render(e.X)
	case *ast.ParenExpr:
		return render(e.X)
	case *ast.BasicLit:
		return e.Value
	}
	return "..."
}

// ScanPackage scans the functions of a package (declarations and literals,
// as funcs lists them) for which want is true (every one if want is nil),
// seeding each with the parameters that receive a session id from a
// caller in the package. The seeds come from every function in funcs; only
// the scans are limited, because a caller's scan is only read where it
// writes an answer.
func ScanPackage(info *types.Info, pkg *types.Package, funcs []ast.Node, want func(ast.Node) bool) map[ast.Node]*Scan {
	seeds := seedParams(info, pkg, funcs)
	out := map[ast.Node]*Scan{}
	for _, n := range funcs {
		if want != nil && !want(n) {
			continue
		}
		if body, params := funcBody(info, n); body != nil {
			out[n] = NewScan(info, body, seeded(params, seeds))
		}
	}
	return out
}

// seeded is the subset of params that receive a session id.
func seeded(params []*types.Var, seeds map[*types.Var]bool) map[*types.Var]bool {
	ids := map[*types.Var]bool{}
	for _, p := range params {
		if seeds[p] {
			ids[p] = true
		}
	}
	return ids
}

func funcBody(info *types.Info, n ast.Node) (*ast.BlockStmt, []*types.Var) {
	var sig *types.Signature
	var body *ast.BlockStmt
	switch n := n.(type) {
	case *ast.FuncDecl:
		body = n.Body
		if fn, ok := info.Defs[n.Name].(*types.Func); ok {
			sig = fn.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		body = n.Body
		sig, _ = info.TypeOf(n).(*types.Signature)
	}
	if sig == nil {
		return nil, nil
	}
	var params []*types.Var
	for i := 0; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i))
	}
	return body, params
}

// seedParams finds the parameters of the package's functions that receive
// a session id: a helper lookupSession(w, r, id) called with the header's
// value looks the id up just as its caller would. It repeats so that ids
// passed on twice are followed too.
func seedParams(info *types.Info, pkg *types.Package, funcs []ast.Node) map[*types.Var]bool {
	seeds := map[*types.Var]bool{}
	for round := 0; round < 3; round++ {
		changed := false
		for _, n := range funcs {
			body, params := funcBody(info, n)
			if body == nil {
				continue
			}
			s := NewScan(info, body, seeded(params, seeds))
			ast.Inspect(body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := httpwrite.Callee(info, call)
				if fn == nil || fn.Pkg() != pkg {
					return true
				}
				sig := fn.Type().(*types.Signature)
				for i, a := range call.Args {
					if i < sig.Params().Len() && s.IsID(a) && !seeds[sig.Params().At(i)] {
						seeds[sig.Params().At(i)] = true
						changed = true
					}
				}
				return true
			})
		}
		if !changed {
			break
		}
	}
	return seeds
}
