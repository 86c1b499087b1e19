package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// A helper often picks its status from the JSON-RPC code it is given, or
// from a refusal kind, through a table: a switch that returns or assigns a
// status per case, a map literal of the package, or a struct of them
// (writeError(w, code, msg) writing WriteHeader(statusFor(code))). The
// status is then a function of one parameter, the key, which keyedStatus
// tabulates by evaluating the helper's straight-line code for every
// constant the tables name and for any other value. A call that gives the
// key as a constant (or an error object whose Code is one) answers that
// key's status.

// keyRef is the key: a parameter of integer type, or the integer field of a
// parameter that is an error object (mcpErr.Code).
type keyRef struct {
	param *types.Var
	field string
}

// kval is a value of the evaluation: an integer constant, a struct literal
// (a table's row), or unknown.
type kval struct {
	n   int64
	lit *ast.CompositeLit
	ok  bool
}

// keyEval evaluates code for one value of the key: key when known, or any
// value no table names (other).
type keyEval struct {
	info  *types.Info
	idx   *pkgIndex
	key   keyRef
	kv    int64
	other bool
	vars  map[*types.Var]kval
	depth int
	// answers, when set, are the helper's answering statements with their
	// statuses (branchKeyed): reaching one ends the evaluation, and
	// reached is its status.
	answers map[ast.Stmt]int
	reached int
}

func (e *keyEval) isKey(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return e.key.field == "" && e.info.Uses[x] == e.key.param
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		return ok && e.key.field != "" && x.Sel.Name == e.key.field && e.info.Uses[id] == e.key.param
	}
	return false
}

// eval is x's value.
func (e *keyEval) eval(x ast.Expr) kval {
	x = ast.Unparen(x)
	if e.isKey(x) {
		if e.other {
			return kval{}
		}
		return kval{n: e.kv, ok: true}
	}
	if v, ok := IntConst(e.info, x); ok {
		return kval{n: v, ok: true}
	}
	switch x := x.(type) {
	case *ast.Ident:
		if v, ok := e.info.Uses[x].(*types.Var); ok {
			return e.vars[v]
		}
	case *ast.SelectorExpr:
		// row.status of a row read from a table.
		if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
			if v, ok := e.info.Uses[id].(*types.Var); ok && e.vars[v].lit != nil {
				return e.field(e.vars[v].lit, x.Sel.Name)
			}
		}
		if ix, ok := ast.Unparen(x.X).(*ast.IndexExpr); ok {
			if row, _ := e.index(ix); row.lit != nil {
				return e.field(row.lit, x.Sel.Name)
			}
		}
	case *ast.IndexExpr:
		v, _ := e.index(x)
		return v
	case *ast.CallExpr:
		return e.call(x)
	}
	return kval{}
}

// field is the value of a struct literal's field, by name or position.
func (e *keyEval) field(lit *ast.CompositeLit, name string) kval {
	st, ok := e.info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return kval{}
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return e.eval(kv.Value)
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == name {
			return e.eval(elt)
		}
	}
	return kval{}
}

// index looks the key up in a map literal held by a package-level
// variable: the value, and whether the key is in it (unknown: ok false).
func (e *keyEval) index(ix *ast.IndexExpr) (v kval, found kval) {
	lit := e.mapLiteral(ix.X)
	if lit == nil {
		return kval{}, kval{}
	}
	k := e.eval(ix.Index)
	if !k.ok && !(e.other && e.isKey(ix.Index)) {
		return kval{}, kval{}
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return kval{}, kval{}
		}
		c, ok := IntConst(e.info, kv.Key)
		if !ok {
			return kval{}, kval{}
		}
		if k.ok && c == k.n {
			if row := objectLiteral(kv.Value); row != nil {
				return kval{lit: row, ok: true}, kval{n: 1, ok: true}
			}
			return e.eval(kv.Value), kval{n: 1, ok: true}
		}
	}
	return kval{}, kval{n: 0, ok: true}
}

// mapLiteral is the composite literal a package-level map variable is
// initialised with, when nothing in the package assigns it again (not
// checked: a table is written once by convention).
func (e *keyEval) mapLiteral(x ast.Expr) *ast.CompositeLit {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := e.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Map); !ok {
		return nil
	}
	return e.idx.value(v)
}

// pkgIndex is what an evaluation reads of its package: the declarations
// of its functions and the values its package-level variables are
// declared with.
type pkgIndex struct {
	decls map[*types.Func]*ast.FuncDecl
	vars  map[*types.Var]*ast.CompositeLit
}

func newPkgIndex(info *types.Info, files []*ast.File) *pkgIndex {
	x := &pkgIndex{decls: map[*types.Func]*ast.FuncDecl{}, vars: map[*types.Var]*ast.CompositeLit{}}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, _ := info.Defs[d.Name].(*types.Func); fn != nil && d.Body != nil {
					x.decls[fn] = d
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, sp := range d.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i >= len(vs.Values) {
							break
						}
						if lit, ok := ast.Unparen(vs.Values[i]).(*ast.CompositeLit); ok {
							if v, _ := info.Defs[n].(*types.Var); v != nil {
								x.vars[v] = lit
							}
						}
					}
				}
			}
		}
	}
	return x
}

// value is the composite literal a package-level variable is declared
// with, or nil.
func (x *pkgIndex) value(v *types.Var) *ast.CompositeLit {
	if x == nil {
		return nil
	}
	return x.vars[v]
}

// call evaluates a call of a function of the package given the key (or
// constants): its return value.
func (e *keyEval) call(call *ast.CallExpr) kval {
	fn := Callee(e.info, call)
	if fn == nil || e.idx == nil || e.depth > 2 {
		return kval{}
	}
	decl := e.idx.decls[fn]
	if decl == nil || decl.Body == nil {
		return kval{}
	}
	sig := fn.Type().(*types.Signature)
	sub := &keyEval{info: e.info, idx: e.idx, kv: e.kv, other: e.other, vars: map[*types.Var]kval{}, depth: e.depth + 1}
	keyed := false
	for i, a := range call.Args {
		if i >= sig.Params().Len() {
			return kval{}
		}
		p := sig.Params().At(i)
		switch {
		case e.isKey(a):
			sub.key, keyed = keyRef{param: p}, true
		case e.key.field != "" && isIdentOf(e.info, a, e.key.param):
			sub.key, keyed = keyRef{param: p, field: e.key.field}, true
		default:
			if v := e.eval(a); v.ok {
				sub.vars[p] = v
			}
		}
	}
	if !keyed {
		return kval{}
	}
	ret, returned, ok := sub.exec(decl.Body.List, nil)
	if !ok || !returned {
		return kval{}
	}
	return ret
}

func isIdentOf(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// truth evaluates a condition: 1 true, 0 false, -1 unknown.
func (e *keyEval) truth(x ast.Expr) int {
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			if t := e.truth(x.X); t >= 0 {
				return 1 - t
			}
		}
		return -1
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			l, r := e.truth(x.X), e.truth(x.Y)
			if x.Op == token.LAND {
				switch {
				case l == 0 || r == 0:
					return 0
				case l == 1 && r == 1:
					return 1
				}
				return -1
			}
			switch {
			case l == 1 || r == 1:
				return 1
			case l == 0 && r == 0:
				return 0
			}
			return -1
		case token.EQL, token.NEQ:
			eq := -1
			l, r := e.eval(x.X), e.eval(x.Y)
			switch {
			case l.ok && r.ok && l.lit == nil && r.lit == nil:
				eq = b2i(l.n == r.n)
			case e.other && (e.isKey(x.X) && r.ok || e.isKey(x.Y) && l.ok):
				eq = 0
			}
			if eq < 0 {
				return -1
			}
			if x.Op == token.NEQ {
				return 1 - eq
			}
			return eq
		}
	case *ast.Ident:
		if v, ok := e.info.Uses[x].(*types.Var); ok && e.vars[v].ok && e.vars[v].lit == nil {
			return b2i(e.vars[v].n != 0)
		}
	}
	return -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// exec runs stmts until the statement holding stop (nil: to the end). It
// reports the value returned, whether a return ran, and ok false when the
// code is beyond what it evaluates (a loop or an unknown branch that
// returns).
func (e *keyEval) exec(stmts []ast.Stmt, stop ast.Node) (ret kval, returned, ok bool) {
	for _, st := range stmts {
		if stop != nil && st.Pos() <= stop.Pos() && stop.End() <= st.End() {
			return kval{}, false, true
		}
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) == 0 {
				return kval{}, true, true
			}
			return e.eval(st.Results[0]), true, true
		case *ast.AssignStmt:
			e.assign(st)
		case *ast.DeclStmt:
			if gd, ok := st.Decl.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok {
						for i, n := range vs.Names {
							if v, ok := e.info.Defs[n].(*types.Var); ok {
								if i < len(vs.Values) {
									e.vars[v] = e.eval(vs.Values[i])
								} else {
									e.vars[v] = kval{n: 0, ok: true}
								}
							}
						}
					}
				}
			}
		case *ast.IfStmt:
			if st.Init != nil {
				if a, ok := st.Init.(*ast.AssignStmt); ok {
					e.assign(a)
				} else {
					return kval{}, false, false
				}
			}
			var branch []ast.Stmt
			switch e.truth(st.Cond) {
			case 1:
				branch = st.Body.List
			case 0:
				switch el := st.Else.(type) {
				case *ast.BlockStmt:
					branch = el.List
				case *ast.IfStmt:
					branch = []ast.Stmt{el}
				}
			default:
				if !e.forget(st) {
					return kval{}, false, false
				}
				continue
			}
			if r, returned, ok := e.exec(branch, nil); !ok || returned {
				return r, returned, ok
			}
		case *ast.SwitchStmt:
			if st.Init != nil {
				if a, ok := st.Init.(*ast.AssignStmt); ok {
					e.assign(a)
				} else {
					return kval{}, false, false
				}
			}
			body, known := e.clause(st)
			if !known {
				if !e.forget(st) {
					return kval{}, false, false
				}
				continue
			}
			if r, returned, ok := e.exec(body, nil); !ok || returned {
				return r, returned, ok
			}
		case *ast.ExprStmt:
			if s, ok := e.answers[st]; ok {
				e.reached = s
				return kval{}, true, true
			}
			// Calls (w.Header().Set, a log line) change no status.
		case *ast.EmptyStmt, *ast.IncDecStmt:
		default:
			if !e.forget(st) {
				return kval{}, false, false
			}
		}
	}
	return kval{}, false, true
}

// clause picks the case a switch takes: its body, and false when the
// switch's choice is unknown.
func (e *keyEval) clause(st *ast.SwitchStmt) ([]ast.Stmt, bool) {
	var def []ast.Stmt
	hasDef := false
	var tag kval
	tagKey := false
	if st.Tag != nil {
		tagKey = e.isKey(st.Tag) && e.other
		tag = e.eval(st.Tag)
		if !tag.ok && !tagKey {
			return nil, false
		}
	}
	for _, s := range st.Body.List {
		cc := s.(*ast.CaseClause)
		if cc.List == nil {
			def, hasDef = cc.Body, true
			continue
		}
		for _, x := range cc.List {
			if st.Tag == nil {
				switch e.truth(x) {
				case 1:
					return cc.Body, true
				case -1:
					return nil, false
				}
				continue
			}
			c, ok := IntConst(e.info, x)
			if !ok {
				return nil, false
			}
			if !tagKey && c == tag.n {
				return cc.Body, true
			}
		}
	}
	if hasDef {
		return def, true
	}
	return nil, true
}

// assign records the values of an assignment: x := v, and the comma-ok
// index of a table (s, ok := statusOf[code]).
func (e *keyEval) assign(a *ast.AssignStmt) {
	if len(a.Lhs) == 2 && len(a.Rhs) == 1 {
		v, found := kval{}, kval{}
		if ix, ok := ast.Unparen(a.Rhs[0]).(*ast.IndexExpr); ok {
			v, found = e.index(ix)
		}
		e.set(a.Lhs[0], v)
		e.set(a.Lhs[1], found)
		return
	}
	for i, l := range a.Lhs {
		if len(a.Lhs) != len(a.Rhs) {
			e.set(l, kval{})
			continue
		}
		v := kval{}
		if ix, ok := ast.Unparen(a.Rhs[i]).(*ast.IndexExpr); ok && e.mapLiteral(ix.X) != nil {
			v, _ = e.index(ix)
		} else {
			v = e.eval(a.Rhs[i])
		}
		e.set(l, v)
	}
}

func (e *keyEval) set(l ast.Expr, v kval) {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return
	}
	obj := e.info.Defs[id]
	if obj == nil {
		obj = e.info.Uses[id]
	}
	if vv, ok := obj.(*types.Var); ok {
		e.vars[vv] = v
	}
}

// forget makes every variable st assigns unknown; false when st may
// return (its choice decides the result, which is unknown).
func (e *keyEval) forget(st ast.Stmt) bool {
	ok := true
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			ok = false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				e.set(l, kval{})
			}
		}
		return ok
	})
	return ok
}

// keyedStatus tabulates the status expression x of the helper decl as a
// function of one of its parameters. It returns the parameter (1-based),
// the field of it that is the key ("" for the parameter itself), and the
// table ("k:status,...,*:status"), or 0 when x is not such a function.
func keyedStatus(info *types.Info, decl *ast.FuncDecl, sig *types.Signature, x ast.Expr, stop ast.Node, idx *pkgIndex) (int, string, string) {
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		var refs []keyRef
		if isInteger(p.Type()) {
			refs = append(refs, keyRef{param: p})
		} else if f := codeField(p.Type()); f != "" {
			refs = append(refs, keyRef{param: p, field: f})
		}
		for _, k := range refs {
			if t := tabulate(info, decl, k, x, stop, idx); t != "" {
				return i + 1, k.field, t
			}
		}
	}
	return 0, "", ""
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// codeField is the integer field named Code of a struct or pointer to one.
func codeField(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == "Code" && isInteger(f.Type()) {
			return "Code"
		}
	}
	return ""
}

func tabulate(info *types.Info, decl *ast.FuncDecl, k keyRef, x ast.Expr, stop ast.Node, idx *pkgIndex) string {
	keys := tableKeys(info, decl, idx, 0)
	if len(keys) == 0 {
		return ""
	}
	run := func(kv int64, other bool) (int, bool) {
		e := &keyEval{info: info, idx: idx, key: k, kv: kv, other: other, vars: map[*types.Var]kval{}}
		if _, returned, ok := e.exec(decl.Body.List, stop); !ok || returned {
			return 0, false
		}
		v := e.eval(x)
		if !v.ok || v.lit != nil || v.n < 100 || v.n > 599 {
			return 0, false
		}
		return int(v.n), true
	}
	return statusTable(keys, run, false)
}

// statusTable is the status run gives for each key, and for any other
// ("k:status,...,*:status"): "" when a key gives none, and when any other
// gives none, the table without "*" (or "" when other is required).
func statusTable(keys []int64, run func(kv int64, other bool) (int, bool), other bool) string {
	var parts []string
	for _, kv := range keys {
		s, ok := run(kv, false)
		if !ok {
			return ""
		}
		parts = append(parts, strconv.FormatInt(kv, 10)+":"+strconv.Itoa(s))
	}
	if s, ok := run(0, true); ok {
		parts = append(parts, "*:"+strconv.Itoa(s))
	} else if other {
		return ""
	}
	return strings.Join(parts, ",")
}

// tableKeys are the integer constants the helper's tables name: case
// constants, map literal keys, operands of comparisons, in it and in the
// functions of the package it calls.
func tableKeys(info *types.Info, decl *ast.FuncDecl, idx *pkgIndex, depth int) []int64 {
	var keys []int64
	add := func(x ast.Expr) {
		if v, ok := IntConst(info, x); ok && !slices.Contains(keys, v) {
			keys = append(keys, v)
		}
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CaseClause:
			for _, x := range n.List {
				add(x)
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				add(n.X)
				add(n.Y)
			}
		case *ast.IndexExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
					if lit := idx.value(v); lit != nil {
						for _, elt := range lit.Elts {
							if kv, ok := elt.(*ast.KeyValueExpr); ok {
								add(kv.Key)
							}
						}
					}
				}
			}
		case *ast.CallExpr:
			if fn := Callee(info, n); fn != nil && idx != nil && depth < 2 {
				if d := idx.decls[fn]; d != nil && d != decl && d.Body != nil {
					for _, v := range tableKeys(info, d, idx, depth+1) {
						if !slices.Contains(keys, v) {
							keys = append(keys, v)
						}
					}
				}
			}
		}
		return true
	})
	slices.Sort(keys)
	return keys
}

// parseKeyed splits a Sink's Keyed into the parameter, its field and the
// table.
func parseKeyed(k string) (int, string, string) {
	head, table, _ := strings.Cut(k, "|")
	n, field, _ := strings.Cut(head, ".")
	arg, _ := strconv.Atoi(n)
	return arg, field, table
}

// statusByKey is the status a table ("k:s,...,*:s") gives key, or 0.
func statusByKey(table string, key int64) int {
	other := 0
	for _, p := range strings.Split(table, ",") {
		k, s, _ := strings.Cut(p, ":")
		n, _ := strconv.Atoi(s)
		if k == "*" {
			other = n
			continue
		}
		if kv, err := strconv.ParseInt(k, 10, 64); err == nil && kv == key {
			return n
		}
	}
	return other
}

// keyAt is the key a call gives a keyed helper: a constant, or the Code of
// an error object given as a literal or built by a constructor with a
// Builds summary.
func keyAt(info *types.Info, e ast.Expr, field string, sinkOf SinkOf) (int64, bool) {
	if field == "" {
		return IntConst(info, e)
	}
	if lit := objectLiteral(e); lit != nil {
		ev := &keyEval{info: info, vars: map[*types.Var]kval{}}
		if v := ev.field(lit, field); v.ok && v.lit == nil {
			return v.n, true
		}
		return 0, false
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && sinkOf != nil {
		if fn := Callee(info, call); fn != nil {
			if s := sinkOf(fn); s != nil && s.Builds && s.HasCode {
				return s.Code, true
			}
		}
	}
	return 0, false
}

// builds summarises a constructor of an error object: a function that
// writes nothing and returns, on every return, a literal of a struct with
// an integer Code field set to one constant, or an error object another
// constructor builds with one constant code (SessionRequired() returning
// NewRPCError(CodeSessionRequired, nil)), which ws, the function's answers,
// holds as an ErrorObject at that call.
func builds(info *types.Info, fn *types.Func, decl *ast.FuncDecl, ws []*Write) *Sink {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || codeField(sig.Results().At(0).Type()) == "" {
		return nil
	}
	var code int64
	n, ok := 0, true
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			lit := (*ast.CompositeLit)(nil)
			if len(x.Results) == 1 {
				lit = objectLiteral(x.Results[0])
				if lit == nil {
					if c, built := builtCode(info, x.Results[0], ws); built && (n == 0 || c == code) {
						code, n = c, n+1
						return true
					}
				}
			}
			if lit == nil {
				ok = false
				return false
			}
			ev := &keyEval{info: info, vars: map[*types.Var]kval{}}
			v := ev.field(lit, "Code")
			if !v.ok || v.lit != nil || n > 0 && v.n != code {
				ok = false
				return false
			}
			code, n = v.n, n+1
		}
		return ok
	})
	if !ok || n == 0 {
		return nil
	}
	return &Sink{Builds: true, Code: code, HasCode: true}
}

// builtCode is the code of the error object e, a call that ws holds as an
// ErrorObject with a constant code.
func builtCode(info *types.Info, e ast.Expr, ws []*Write) (int64, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	for _, w := range ws {
		if w.Node == call && w.Kind == ErrorObject && w.HasCode {
			if w.CodeExpr == nil {
				return w.Code, true
			}
			return IntConst(info, w.CodeExpr)
		}
	}
	return 0, false
}
