package session

import (
	"go/ast"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// retWays is what the ways that reach one return had decided.
type retWays struct {
	// unknown is that some way reached it past a test an unknown id
	// decides (a lookup that missed), outside any other test's branch.
	unknown bool
	// other is that some way reached it with no such test, or inside
	// the branch of another test entered after it.
	other bool
}

// noteReturn records the way st reaching ret.
func (w *reacher) noteReturn(ret *ast.ReturnStmt, st pathState) {
	r := w.rets[ret]
	if r == nil {
		r = &retWays{}
		w.rets[ret] = r
	}
	if st.cond != nil && st.cond.Kind == Unknown && st.taint == 0 {
		r.unknown = true
	} else {
		r.other = true
	}
}

// learnMisses finds the package's error variables that say "no such
// session" by where they are returned, whatever their names: every return
// of one, in any function of the package, is reached only on the way an
// id the lookups do not hold takes (`if !ok { return nil, errGone }` after
// a lookup keyed by the id), never on another way (a malformed id, a
// store that failed). A caller's errors.Is(err, errGone) is then an
// unknown id, as a sentinel named ErrSessionNotFound is.
func learnMisses(info *types.Info, pkg *types.Package, funcs []ast.Node, seeds map[*types.Var]bool, ids *pkgIDs) map[*types.Var]bool {
	if !declaresErrors(pkg, false) {
		return nil // most packages: no walk
	}
	returns := map[*types.Var][]*ast.ReturnStmt{}
	holders := map[ast.Node][]*ast.ReturnStmt{} // the functions returning one
	for _, n := range funcs {
		body, _ := funcBody(info, n)
		if body == nil {
			continue
		}
		ast.Inspect(body, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(x.Results) == 0 {
					return true
				}
				if v := returnedSentinel(info, x.Results[len(x.Results)-1]); v != nil && v.Pkg() == pkg {
					returns[v] = append(returns[v], x)
					holders[n] = append(holders[n], x)
				}
			}
			return true
		})
	}
	if len(returns) == 0 {
		return nil
	}
	ways := map[*ast.ReturnStmt]*retWays{}
	for n := range holders {
		fd, ok := n.(*ast.FuncDecl)
		if !ok {
			continue // a literal's returns are its own
		}
		body, params := funcBody(info, fd)
		// A string parameter may be the id a caller hands in (a store
		// of its own package, or of another that its facts reach): a
		// lookup keyed by one that missed is the unknown id's way.
		seed := seeded(params, seeds)
		for _, p := range params {
			if httpwrite.IsString(p.Type()) {
				seed[p] = true
			}
		}
		s := newScan(info, body, seed, ids)
		if hasGoto(body) || !s.testsSession() {
			continue
		}
		w := &reacher{s: s, state: Unknown, rets: map[*ast.ReturnStmt]*retWays{}}
		w.list(body.List, pathState{}, nil, func(pathState) {})
		if w.steps > reachBudget {
			continue
		}
		for r, x := range w.rets {
			ways[r] = x
		}
	}
	out := map[*types.Var]bool{}
	for v, rs := range returns {
		ok := true
		for _, r := range rs {
			x := ways[r]
			ok = ok && x != nil && x.unknown && !x.other
		}
		if ok {
			out[v] = true
		}
	}
	return out
}

// returnedSentinel is the package-level error variable an error result
// returns: named (errGone, store.ErrGone), or wrapped with %w by
// fmt.Errorf.
func returnedSentinel(info *types.Info, e ast.Expr) *types.Var {
	if v := SentinelRef(info, e); v != nil {
		return v
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !httpwrite.IsFunc(httpwrite.Callee(info, call), "fmt", "Errorf") || len(call.Args) < 2 {
		return nil
	}
	var found *types.Var
	for _, a := range call.Args[1:] {
		if v := SentinelRef(info, a); v != nil {
			if found != nil {
				return nil // two wrapped: either may be the one tested
			}
			found = v
		}
	}
	return found
}

// learnedMiss reports an error variable that its package's functions
// return only for an id the lookups do not hold (learnMisses): one of this
// package, or of another that a fact says so of.
func (s *Scan) learnedMiss(v *types.Var) bool {
	if v == nil || s.pkg == nil {
		return false
	}
	return s.pkg.misses[v] || s.pkg.importedMiss != nil && v.Pkg() != nil && s.pkg.importedMiss(v)
}

// MissSentinels are the exported error variables of a package that its
// functions return only for an id the lookups do not hold, for a fact,
// where the package looks like a store (StoreShaped): found with every
// string parameter taken for the id, since callers in other packages hand
// it in. A package Learn read has them already (Learned.Misses).
func MissSentinels(info *types.Info, pkg *types.Package, funcs []ast.Node) []*types.Var {
	if !declaresErrors(pkg, true) || !StoreShaped(pkg) {
		return nil
	}
	ids := &pkgIDs{funcs: map[*types.Func]bool{}, fields: map[*types.Var]bool{}, ctxKeys: map[any]bool{}}
	return exported(learnMisses(info, pkg, funcs, nil, ids))
}

// Misses are the exported error variables of the package its functions
// return only for an id the lookups do not hold.
func (l *Learned) Misses() []*types.Var { return exported(l.ids.misses) }

func exported(vs map[*types.Var]bool) []*types.Var {
	var out []*types.Var
	for v := range vs {
		if v.Exported() {
			out = append(out, v)
		}
	}
	return out
}

// declaresErrors reports a package-level variable of type error (an
// exported one, with exported).
func declaresErrors(pkg *types.Package, exported bool) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if v, ok := scope.Lookup(name).(*types.Var); ok && (!exported || v.Exported()) && httpwrite.IsErrorType(v.Type()) {
			return true
		}
	}
	return false
}

// StoreShaped reports, from the types alone, a package that may keep
// records by a string key: a struct of it with a field that is a map keyed
// by a string or a sync.Map, or an import of a database or key-value
// client whose not-found StoreMiss knows. Most packages are not; a fact of
// a "no such session" error is looked for only in those that are.
func StoreShaped(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if storeClient(imp.Path()) != "" {
			return true
		}
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			t := st.Field(i).Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if httpwrite.IsNamed(t, "sync", "Map") {
				return true
			}
			if m, ok := t.Underlying().(*types.Map); ok && httpwrite.IsString(m.Key()) {
				return true
			}
		}
	}
	return false
}

// ImportMisses tells the package's scans which error variables of other
// packages say the id is unknown (a fact of MissSentinels).
func (l *Learned) ImportMisses(f func(*types.Var) bool) { l.ids.importedMiss = f }

// boolReturns is what the returns of a bool function say under one state.
type boolReturns struct {
	// decided is that a way returns false because of a test the state
	// decided (a return after `if id == ""`, `return ok` of a lookup).
	decided bool
	// other is that a way returns false, or a value the walk cannot
	// tell, for no such reason: false does not say the state alone.
	other bool
}

func (w *reacher) noteBool(ret *ast.ReturnStmt, st pathState) {
	if len(ret.Results) != 1 {
		w.bools.other = true
		return
	}
	t, c := w.eval(ret.Results[0], st)
	if st.cond != nil && st.cond != merged && st.taint == 0 {
		c = st.cond
	}
	switch {
	case t == isTrue:
	case t == isFalse && c != nil && c != merged:
		w.bools.decided = true
	default:
		w.bools.other = true
	}
}

// FalseForBoth reports a function returning one bool, given the request
// and reading its Mcp-Session-Id itself, that returns false for a request
// without an id and for an id its lookups do not hold, and never for any
// other reason: whatever its name, its false merges the two rows the
// protocol answers 400 and 404.
func (s *Scan) FalseForBoth(decl *ast.FuncDecl) bool {
	if decl == nil || decl.Body == nil || hasGoto(decl.Body) {
		return false
	}
	inner := newScan(s.info, decl.Body, nil, s.pkg)
	if !inner.testsSession() {
		return false
	}
	for _, state := range []Kind{Missing, Unknown} {
		w := &reacher{s: inner, state: state, bools: &boolReturns{}}
		w.list(decl.Body.List, pathState{}, nil, func(pathState) {})
		if w.steps > reachBudget || !w.bools.decided || w.bools.other {
			return false
		}
	}
	return true
}
