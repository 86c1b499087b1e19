package session

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// KeyTarget is a statement keyed by a local (a session stored in a map
// under it) whose key ReachedKeys follows.
type KeyTarget struct {
	Node ast.Node
	Key  *types.Var
}

// KeyReach is what the ways of one state bring to a KeyTarget.
type KeyReach struct {
	Node ast.Node
	// Client is that a way reaches the statement with the key holding the
	// id as the request carried it, and without entering an arm of a test
	// of that id the state does not decide (a check that may have found
	// it), a check's result or a call given the request.
	Client bool
	// Given is that a way reaches it with the key holding a value the way
	// assigned that is not the request's id: one the server minted.
	Given bool
}

// ReachedKeys walks the function under one state of the request's session,
// as Reached does, and tells for each target what its key holds on the
// ways that reach it. A test the state decides takes its one branch (under
// Unknown, `if id == "" { id = newID() }` is not taken, and a lookup that
// would have found the id misses); any other test takes both. Unlike
// Reached, a way goes on past an answer that does not return and past a
// call handed the ResponseWriter, since what is stored does not depend on
// what was written.
//
// clients are locals (a helper's parameter) taken to hold the request's
// id as it came when the walk starts.
func (s *Scan) ReachedKeys(state Kind, targets []KeyTarget, clients ...*types.Var) []KeyReach {
	if s.Body == nil || len(targets) == 0 || hasGoto(s.Body) {
		return nil
	}
	w := &reacher{s: s, state: state, keyed: targets, keysOut: map[ast.Node]*KeyReach{}}
	var st pathState
	for _, v := range clients {
		st = st.withKey(v, keyClient)
	}
	w.list(s.Body.List, st, nil, func(pathState) {})
	if w.steps > reachBudget {
		return nil
	}
	var out []KeyReach
	for _, t := range targets {
		if r := w.keysOut[t.Node]; r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// reachKeys records, for the targets inside n, what their keys hold on
// the way st.
func (w *reacher) reachKeys(n ast.Node, st pathState) {
	for _, t := range w.keyed {
		if p := t.Node.Pos(); p < n.Pos() || p >= n.End() {
			continue
		}
		r := w.keysOut[t.Node]
		if r == nil {
			r = &KeyReach{Node: t.Node}
			w.keysOut[t.Node] = r
		}
		switch w.keyOf(t.Key, st) {
		case keyClient:
			r.Client = r.Client || !st.tested
		case keyGiven:
			r.Given = true
		}
	}
}

// keyOf is what v holds on the way: what the way assigned it, or, for a
// parameter the package fills with the id, the id.
func (w *reacher) keyOf(v *types.Var, st pathState) keyVal {
	if k, ok := st.keys[v]; ok {
		return k
	}
	if ds := w.s.defs[v]; len(ds) > 0 && ds[0].pos == 0 && ds[0].kind == idDef {
		return keyClient
	}
	return 0
}

// assignKey records what lhs holds after it is assigned rhs (nil when the
// value is one of several a call returns, all).
func (w *reacher) assignKey(lhs, rhs ast.Expr, all []ast.Expr, st pathState) pathState {
	v := w.s.varOf(lhs)
	if v == nil {
		return st
	}
	if rhs == nil {
		// v, err := store.Get(id): a check when given the id.
		if len(all) == 1 && w.givenID(all[0], st) {
			return st.withKey(v, keyChecked)
		}
		return st.withKey(v, keyGiven)
	}
	if x := w.s.varOf(rhs); x != nil {
		if k := w.keyOf(x, st); k != 0 {
			return st.withKey(v, k)
		}
	}
	switch {
	case w.s.IsID(rhs) && w.s.varOf(rhs) == nil:
		// Read from the request: the header, a field it is kept in.
		return st.withKey(v, keyClient)
	case w.spellsClientID(rhs, st):
		// "session:" + id, fmt.Sprintf("s-%s", id): a key that still
		// names the id the client sent.
		return st.withKey(v, keyClient)
	case w.givenID(rhs, st):
		return st.withKey(v, keyChecked)
	}
	return st.withKey(v, keyGiven)
}

// spellsClientID reports a string built from the id as the client sent
// it and nothing the way checked: a concatenation or a fmt.Sprint of it
// with constants or other values. Such a string names the client's id as
// surely as the id does; formatting asks nobody whether it exists.
func (w *reacher) spellsClientID(e ast.Expr, st pathState) bool {
	client := false
	var spell func(e ast.Expr) bool
	spell = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			return e.Op == token.ADD && spell(e.X) && spell(e.Y)
		case *ast.CallExpr:
			if !formats(w.s.info, e) {
				return false
			}
			for _, a := range e.Args {
				if !spell(a) {
					return false
				}
			}
			return true
		case *ast.BasicLit:
			return true
		}
		if tv, ok := w.s.info.Types[e]; ok && tv.Value != nil {
			return true
		}
		if x := w.s.varOf(e); x != nil {
			switch w.keyOf(x, st) {
			case keyClient:
				client = true
				return true
			case keyChecked:
				return false
			}
		} else if w.s.IsID(e) {
			client = true
			return true
		}
		// Another value joined in (an agent's name, a counter) neither
		// checks the id nor stops the string naming it.
		return !w.givenID(e, st)
	}
	return spell(e) && client
}

// formats reports a call of fmt's Sprint, Sprintf or Sprintln.
func formats(info *types.Info, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" {
		return false
	}
	switch fn.Name() {
	case "Sprint", "Sprintf", "Sprintln":
		return true
	}
	return false
}

// givenID reports an expression with a call handed the id as the way
// holds it, or a check's result, or the request itself, or an index by
// the id (a map's lookup). Formatting the id into a string, or logging
// it, hands it to nothing that could look it up.
func (w *reacher) givenID(e ast.Expr, st pathState) bool {
	return anyIn(e, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			// m[key]: a lookup of the id, in whatever spelling.
			return w.mentionsID(ix.Index, st)
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || formats(w.s.info, call) || httpwrite.LogCall(w.s.info, call) {
			return false
		}
		for _, a := range call.Args {
			if w.mentionsID(a, st) || RequestLike(w.s.info.TypeOf(a)) && w.mayLookUp(call) {
				return true
			}
		}
		return false
	})
}

// anyIn reports a node of e, outside function literals, that holds.
func anyIn(e ast.Expr, holds func(ast.Node) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); found || lit {
			return false
		}
		found = n != nil && holds(n)
		return !found
	})
	return found
}

// mayLookUp reports a call given the request that may look its session
// up: a function of the package whose body can hold the id, a method of
// an interface or a function value (either may be such a check), not a
// function that never reads the id (a body's decoder, a version check)
// nor another package's concrete function.
func (w *reacher) mayLookUp(call *ast.CallExpr) bool {
	fn := httpwrite.Callee(w.s.info, call)
	if fn == nil {
		return true
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return true
	}
	return w.s.pkg != nil && w.s.pkg.readers[fn.Origin()]
}

// checksID reports a condition that may tell a known id from an unknown
// one: it reads the id (beyond its emptiness, which the state decides),
// a check's result, or calls something given the request.
func (w *reacher) checksID(cond ast.Expr, st pathState) bool {
	if cond == nil {
		return false
	}
	return w.mentionsID(cond, st) || w.givenID(cond, st)
}

// mentionsID reports an expression that reads a local holding the id or
// a check's result, or the id from the request.
func (w *reacher) mentionsID(e ast.Expr, st pathState) bool {
	return anyIn(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			v, _ := w.s.info.Uses[n].(*types.Var)
			k := w.keyOf(v, st)
			return v != nil && (k == keyClient || k == keyChecked)
		case ast.Expr:
			return w.s.IsID(n) && w.s.varOf(n) == nil
		}
		return false
	})
}
