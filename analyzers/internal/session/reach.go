package session

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// Reach is an answer a request reaches, as its first answer, when its
// session is in one state: the handler's answer to that row of the
// protocol's table, wherever the code that gives it sits.
type Reach struct {
	Write *httpwrite.Write
	// Cond is the last test on the way that the state decided: the
	// answer is given because of it.
	Cond Cond
	// Status is the status the answer goes out with on this way: the
	// write's own constant, or the value a variable the session test set
	// holds there (status = 404 in the miss's branch, written later). 0
	// when neither says.
	Status int
	// StatusAt is where Status was set, when a variable holds it.
	StatusAt token.Pos
	// Init and NotInit are what the way knows of the message: a branch
	// taken for an initialize, or one that rules it out.
	Init, NotInit bool
	// Method is the HTTP method a branch on the way was taken for
	// ("DELETE", "GET"), or "".
	Method string
}

// reachBudget bounds the statements one function's walk visits: a handler
// whose independent branches multiply past it is not judged.
const reachBudget = 20000

// Reached walks every way through the function under one state of the
// request's session -- Missing (no id) or Unknown (an id whose lookups
// miss, whose store lookups and validators fail) -- and returns, for each
// of writes (the function's answers) reached first on a way that passed a
// test the state decides, the first such way. A test the state decides
// takes its one branch; any other test takes both. Three things keep a way
// about the session:
//
//   - an answer inside a branch of a test the state does not decide (a
//     decode error, an Accept check), entered after the session's test, is
//     about that test, not the session, and is not returned;
//   - a status held in a variable counts only when the session's test set
//     it (in either of its branches): one a decode error set is not the
//     session's answer;
//   - a way ends, unjudged, at a return, at a call handed the
//     ResponseWriter or a framework context that is not an answer (it may
//     write one), and at a loop's body or a select (not entered).
//
// A boolean local the session's test set (found = true when the lookup
// hit) decides later tests as the lookup would.
func (s *Scan) Reached(state Kind, writes []*httpwrite.Write) []Reach {
	if s.Body == nil || len(writes) == 0 || !s.testsSession() || hasGoto(s.Body) {
		return nil
	}
	w := &reacher{s: s, state: state, writes: writes, seen: map[*httpwrite.Write]bool{}}
	w.list(s.Body.List, pathState{}, nil, func(pathState) {})
	if w.steps > reachBudget {
		return nil
	}
	return w.out
}

type reacher struct {
	s      *Scan
	state  Kind
	writes []*httpwrite.Write
	steps  int
	seen   map[*httpwrite.Write]bool
	out    []Reach
	// keyed, when not nil, are the statements ReachedKeys follows the
	// keys of; the walk then records no answer and goes on past calls
	// handed the ResponseWriter.
	keyed   []KeyTarget
	keysOut map[ast.Node]*KeyReach
	// rets, when not nil, collects the returns the walk reaches and
	// whether every way to each had the state decide a test first.
	rets map[*ast.ReturnStmt]*retWays
	// bools, when not nil, collects what the returns of a function
	// returning one bool say under the state (FalseForBoth).
	bools *boolReturns
}

// value is what a way knows of a local: a constant, and the session test
// that set it when one did.
type value struct {
	v       constant.Value
	at      token.Pos
	derived *Cond
	// other: set inside a branch of a test the state does not decide;
	// such a value is that test's, never the session's.
	other bool
}

type pathState struct {
	vals map[*types.Var]value
	cond *Cond
	// taint counts the branches of tests the state does not decide that
	// the way is inside of, entered after cond was decided.
	taint int
	// depth counts the branches of undecided tests the way is inside.
	depth int
	// inDecided is the session test whose taken arm the way is in: what
	// it assigns there is the session's doing.
	inDecided     *Cond
	init, notInit bool
	method        string
	// keys is, for ReachedKeys, what the way put in the locals it
	// assigned: the request's id, another value, or a call's result
	// given the id (a check of it).
	keys map[*types.Var]keyVal
	// tested is, for ReachedKeys, that the way entered an arm of a test
	// of the id, of a check's result, or of a call given the request,
	// that the state does not decide: the id may have been found there.
	tested bool
}

type keyVal int

const (
	keyClient  keyVal = iota + 1 // the id as the request carried it
	keyGiven                     // a value the way gave it (a minted id)
	keyChecked                   // the result of a call given the id
)

func (p pathState) withKey(v *types.Var, k keyVal) pathState {
	m := make(map[*types.Var]keyVal, len(p.keys)+1)
	for x, y := range p.keys {
		m[x] = y
	}
	m[v] = k
	p.keys = m
	return p
}

func (p pathState) with(v *types.Var, val value, ok bool) pathState {
	m := make(map[*types.Var]value, len(p.vals)+1)
	for k, x := range p.vals {
		m[k] = x
	}
	if ok {
		m[v] = val
	} else {
		delete(m, v)
	}
	p.vals = m
	return p
}

// list walks stmts and then k; brk continues after the enclosing switch
// (nil outside one).
func (w *reacher) list(stmts []ast.Stmt, st pathState, brk func(pathState), k func(pathState)) {
	if len(stmts) == 0 {
		k(st)
		return
	}
	w.stmt(stmts[0], st, brk, func(st pathState) { w.list(stmts[1:], st, brk, k) })
}

func (w *reacher) stmt(n ast.Stmt, st pathState, brk func(pathState), k func(pathState)) {
	w.steps++
	if w.steps > reachBudget {
		return
	}
	switch n := n.(type) {
	case *ast.BlockStmt:
		w.list(n.List, st, brk, k)
		return
	case *ast.LabeledStmt:
		// A labelled break leaves the way (BranchStmt below); a goto
		// makes the body unwalkable (Reached).
		w.stmt(n.Stmt, st, brk, k)
		return
	case *ast.IfStmt:
		if n.Init != nil {
			w.reachKeys(n.Init, st)
			if a := w.answerIn(n.Init); a != nil {
				w.record(a, st)
				return
			}
			st = w.assign(n.Init, st)
		}
		w.ifStmt(n, st, brk, k)
		return
	case *ast.SwitchStmt:
		w.switchStmt(n, st, k)
		return
	case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		// Not entered: what the loop leaves set is unknown after it.
		k(w.forget(n, st))
		return
	case *ast.BranchStmt:
		if n.Tok == token.BREAK && n.Label == nil && brk != nil {
			brk(st)
		}
		return
	case *ast.GoStmt, *ast.DeferStmt, *ast.EmptyStmt:
		k(st)
		return
	}
	w.reachKeys(n, st)
	if a := w.answerIn(n); a != nil {
		w.record(a, st)
		return
	}
	switch n := n.(type) {
	case *ast.ReturnStmt:
		if w.rets != nil {
			w.noteReturn(n, st)
		}
		if w.bools != nil {
			w.noteBool(n, st)
		}
		return
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && w.ends(call) {
			return
		}
	}
	if w.keyed == nil && w.handsWriter(n) {
		return
	}
	k(w.assign(n, st))
}

func (w *reacher) ifStmt(n *ast.IfStmt, st pathState, brk func(pathState), k func(pathState)) {
	w.branch(n.Cond, n.Body, n.Else, st, k,
		func(st pathState, k func(pathState)) { w.list(n.Body.List, st, brk, k) },
		func(st pathState, k func(pathState)) {
			if n.Else != nil {
				w.stmt(n.Else, st, brk, k)
			} else {
				k(st)
			}
		})
}

// branch takes the ways a test allows: the one the state decides, with
// what the other arm would have set marked as the session's doing, or
// both. then and els walk an arm and go on to their continuation.
func (w *reacher) branch(cond ast.Expr, thenArm, elseArm ast.Stmt, st pathState, k func(pathState), then, els func(pathState, func(pathState))) {
	t, c := w.eval(cond, st)
	if c == merged {
		st.cond, c = nil, nil
	}
	if t != unknownTruth {
		if c == nil {
			if t == isTrue {
				then(st, k)
			} else {
				els(st, k)
			}
			return
		}
		// The state decided the session's test: what the taken arm
		// assigns, and what the other would have, is the session's
		// doing.
		st.cond, st.taint = c, 0
		skipped := thenArm
		if t == isTrue {
			skipped = elseArm
		}
		if skipped != nil {
			st = w.derive(skipped, st, c)
		}
		saved := st.inDecided
		st.inDecided = c
		after := func(st pathState) { st.inDecided = saved; k(st) }
		if t == isTrue {
			then(st, after)
		} else {
			els(st, after)
		}
		return
	}
	// Both ways. An arm entered after the session's test is about its
	// own test; past the if, the way is the session's again.
	taint, depth, decided := st.taint, st.depth, st.inDecided
	after := func(st pathState) { st.taint, st.depth, st.inDecided = taint, depth, decided; k(st) }
	then(w.enter(cond, true, st), after)
	els(w.enter(cond, false, st), after)
}

// enter is the state inside the arm of a test the state does not decide.
func (w *reacher) enter(cond ast.Expr, arm bool, st pathState) pathState {
	if w.s.isInit(cond, arm) {
		st.init = true
	}
	if w.s.notInitialize(cond, arm) {
		st.notInit = true
	}
	if m := methodTest(w.s.info, cond, arm); m != "" {
		st.method = m
	}
	if w.keyed != nil && w.checksID(cond, st) {
		st.tested = true
	}
	return st.undecided()
}

// undecided is the state inside an arm of a test, or a case of a switch,
// that the state does not decide.
func (st pathState) undecided() pathState {
	if st.cond != nil {
		st.taint++
	}
	st.depth++
	st.inDecided = nil
	return st
}

func (w *reacher) switchStmt(n *ast.SwitchStmt, st pathState, k func(pathState)) {
	if n.Init != nil {
		w.reachKeys(n.Init, st)
		st = w.assign(n.Init, st)
	}
	taint, depth, decided := st.taint, st.depth, st.inDecided
	out := func(st pathState) { st.taint, st.depth, st.inDecided = taint, depth, decided; k(st) }
	if n.Tag == nil {
		// A tagless switch is an if-else chain: the body of the first
		// case that holds, else the next test, else the default.
		var def *ast.CaseClause
		var cases []*ast.CaseClause
		for _, c := range n.Body.List {
			if cc := c.(*ast.CaseClause); cc.List == nil {
				def = cc
			} else {
				cases = append(cases, cc)
			}
		}
		var walk func(i int, st pathState, k func(pathState))
		walk = func(i int, st pathState, k func(pathState)) {
			if i == len(cases) {
				if def != nil {
					w.list(def.Body, st, out, k)
				} else {
					k(st)
				}
				return
			}
			cc := cases[i]
			var cond ast.Expr = cc.List[0]
			for _, e := range cc.List[1:] {
				cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: e, OpPos: e.Pos()}
			}
			// The else arm is every later clause: what they assign is
			// what a decided case skips.
			var rest []ast.Stmt
			for _, c := range cases[i+1:] {
				rest = append(rest, &ast.BlockStmt{List: c.Body})
			}
			if def != nil {
				rest = append(rest, &ast.BlockStmt{List: def.Body})
			}
			w.branch(cond, &ast.BlockStmt{List: cc.Body}, &ast.BlockStmt{List: rest}, st, k,
				func(st pathState, k func(pathState)) { w.list(cc.Body, st, out, k) },
				func(st pathState, k func(pathState)) { walk(i+1, st, k) })
		}
		walk(0, st, out)
		return
	}
	method := MethodExpr(n.Tag)
	initCase := hasInitCase(w.s, n)
	if w.keyed != nil && w.checksID(n.Tag, st) {
		st.tested = true
	}
	hasDefault := false
	for _, c := range n.Body.List {
		cc := c.(*ast.CaseClause)
		hasDefault = hasDefault || cc.List == nil
		in := st.undecided()
		init := false
		for _, e := range cc.List {
			if w.s.isInitializeName(e) {
				init = true
			}
			if tv, ok := w.s.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && method && len(cc.List) == 1 {
				in.method = constant.StringVal(tv.Value)
			}
		}
		in.init = in.init || init
		in.notInit = in.notInit || initCase && !init && cc.List != nil
		w.list(cc.Body, in, out, out)
	}
	if !hasDefault {
		k(st)
	}
}

// hasInitCase reports a switch with a case for "initialize": its other
// cases are not an initialize.
func hasInitCase(s *Scan, n *ast.SwitchStmt) bool {
	for _, c := range n.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			if s.isInitializeName(e) {
				return true
			}
		}
	}
	return false
}

// record keeps the first way to a write: the answer the state gets.
func (w *reacher) record(a *httpwrite.Write, st pathState) {
	if st.cond == nil || st.taint > 0 || w.seen[a] {
		return
	}
	r := Reach{Write: a, Cond: *st.cond, Status: a.Status, Init: st.init, NotInit: st.notInit, Method: st.method}
	if r.Status == 0 && a.StatusExpr != nil {
		if v := w.s.varOf(a.StatusExpr); v != nil {
			if val, ok := st.vals[v]; ok && val.derived != nil && val.v.Kind() == constant.Int {
				if n, ok := constant.Int64Val(val.v); ok {
					r.Status, r.StatusAt = int(n), val.at
				}
			}
		}
		if r.Status == 0 {
			return
		}
	}
	w.seen[a] = true
	w.out = append(w.out, r)
}

// answerIn returns the first of the writes inside n, or nil.
func (w *reacher) answerIn(n ast.Node) *httpwrite.Write {
	var first *httpwrite.Write
	for _, a := range w.writes {
		if p := a.Node.Pos(); n.Pos() <= p && p < n.End() && (first == nil || p < first.Node.Pos()) {
			first = a
		}
	}
	return first
}

// ends reports a call that ends the way: panic, and the process's exits.
func (w *reacher) ends(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
		return true
	}
	fn := httpwrite.Callee(w.s.info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "os":
		return fn.Name() == "Exit"
	case "log":
		return slices.Contains([]string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}, fn.Name())
	}
	return false
}

// handsWriter reports a statement with a call given the ResponseWriter or
// a framework context: it may answer, so the way is not followed past it.
func (w *reacher) handsWriter(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		call, ok := x.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, arg := range call.Args {
			t := w.s.info.TypeOf(arg)
			if httpwrite.IsResponseWriter(t) || httpwrite.IsFrameworkContext(t) {
				found = true
			}
		}
		// A method of the writer other than Header (w.Write, c.String)
		// writes.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name != "Header" {
			t := w.s.info.TypeOf(sel.X)
			if httpwrite.IsResponseWriter(t) || httpwrite.IsFrameworkContext(t) {
				found = true
			}
		}
		return !found
	})
	return found
}

// assign records what an assignment or a declaration leaves in locals: a
// constant, or nothing known.
func (w *reacher) assign(n ast.Node, st pathState) pathState {
	set := func(lhs ast.Expr, rhs ast.Expr) {
		v := w.s.varOf(lhs)
		if v == nil {
			return
		}
		if rhs != nil {
			if tv, ok := w.s.info.Types[rhs]; ok && tv.Value != nil {
				st = st.with(v, value{v: tv.Value, at: rhs.Pos(), derived: st.inDecided, other: st.depth > 0 && st.inDecided == nil}, true)
				return
			}
		}
		st = st.with(v, value{}, false)
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			var rhs ast.Expr
			if len(n.Lhs) == len(n.Rhs) && n.Tok != token.ADD_ASSIGN && n.Tok != token.SUB_ASSIGN {
				rhs = n.Rhs[i]
			}
			set(lhs, rhs)
			if w.keyed != nil {
				st = w.assignKey(lhs, rhs, n.Rhs, st)
			}
		}
	case *ast.DeclStmt:
		if gd, ok := n.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, name := range vs.Names {
					var rhs ast.Expr
					if len(vs.Values) == len(vs.Names) {
						rhs = vs.Values[i]
					}
					set(name, rhs)
					if w.keyed != nil {
						st = w.assignKey(name, rhs, vs.Values, st)
					}
				}
			}
		}
	case *ast.IncDecStmt:
		set(n.X, nil)
	}
	return st
}

// forget drops what is known of the locals n assigns.
func (w *reacher) forget(n ast.Node, st pathState) pathState {
	for _, v := range w.assigned(n) {
		st = st.with(v, value{}, false)
	}
	return st
}

// derive marks the locals the arm a decided test skipped assigns: their
// values on this way (found = false when the lookup missed) are the
// session's doing.
func (w *reacher) derive(skipped ast.Node, st pathState, c *Cond) pathState {
	for _, v := range w.assigned(skipped) {
		if val, ok := st.vals[v]; ok && !val.other {
			val.derived = c
			st = st.with(v, val, true)
		}
	}
	return st
}

// assigned are the locals n assigns, outside function literals.
func (w *reacher) assigned(n ast.Node) []*types.Var {
	var out []*types.Var
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if v := w.s.varOf(l); v != nil {
					out = append(out, v)
				}
			}
		case *ast.IncDecStmt:
			if v := w.s.varOf(x.X); v != nil {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

type truth int

// merged is the cond of a test decided by the session and by something
// else at once: the way takes its branch, and what it reaches is not the
// session's answer alone.
var merged = &Cond{}

const (
	unknownTruth truth = iota
	isTrue
	isFalse
)

func not(t truth) truth {
	switch t {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknownTruth
}

// eval is what the state says of a condition, and the session test that
// says it (nil when the condition is decided by a constant the way set
// for another reason, or not at all).
func (w *reacher) eval(e ast.Expr, st pathState) (truth, *Cond) {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			t, c := w.eval(x.X, st)
			return not(t), c
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			short := isFalse // the value of X that decides the whole
			if x.Op == token.LOR {
				short = isTrue
			}
			l, lc := w.eval(x.X, st)
			r, rc := w.eval(x.Y, st)
			switch {
			case l == short && r == unknownTruth || r == short && l == unknownTruth:
				// !ok || denied(r): the branch is taken for the
				// session and for another reason at once; the way
				// goes on, its answer no longer the session's alone.
				return short, merged
			case l == short:
				return l, lc
			case r == short:
				return r, rc
			case l == not(short) && r == not(short):
				if lc != nil {
					return l, lc
				}
				return r, rc
			}
			return unknownTruth, nil
		}
	case *ast.Ident:
		if v, _ := w.s.info.ObjectOf(x).(*types.Var); v != nil {
			if val, ok := st.vals[v]; ok && val.v != nil && val.v.Kind() == constant.Bool {
				return truthOf(constant.BoolVal(val.v)), val.derived
			}
		}
	}
	if tv, ok := w.s.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return truthOf(constant.BoolVal(tv.Value)), nil
	}
	// A test the state makes hold is the reason the way goes on (cond); one
	// it makes fail only prunes (id == "" under an unknown id). test(e,
	// holds) names the session's state when e has the value holds.
	for _, holds := range []bool{true, false} {
		c, ok := w.s.test(e, holds)
		if !ok {
			continue
		}
		switch w.decides(c.Kind) {
		case isTrue:
			return truthOf(holds), &c
		case isFalse:
			return truthOf(!holds), nil
		}
	}
	return unknownTruth, nil
}

func truthOf(b bool) truth {
	if b {
		return isTrue
	}
	return isFalse
}

// decides is the value, under the walk's state, of a test that holds
// exactly when the session is in state k.
func (w *reacher) decides(k Kind) truth {
	switch w.state {
	case Missing:
		if k == Missing {
			return isTrue
		}
	case Unknown:
		if k == Missing {
			return isFalse
		}
		return isTrue
	}
	return unknownTruth
}

// methodTest is the HTTP method a condition, with value truth, says the
// request has: r.Method == "DELETE" (or http.MethodDelete) taken, or "".
func methodTest(info *types.Info, e ast.Expr, truth bool) string {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || (b.Op == token.EQL) != truth || b.Op != token.EQL && b.Op != token.NEQ {
		return ""
	}
	x, y := b.X, b.Y
	if !MethodExpr(x) {
		x, y = y, x
	}
	if !MethodExpr(x) {
		return ""
	}
	if tv, ok := info.Types[y]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// MethodExpr reports the request's method as handlers read it: r.Method,
// c.Request.Method, a framework context's c.Method().
func MethodExpr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Method"
}

// hasGoto reports a goto in body: its ways do not follow the source.
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// testsSession reports a condition in the body (an if's, a case's) that
// tests the session: most functions that answer have none, and need no
// walk.
func (s *Scan) testsSession() bool {
	found := false
	try := func(e ast.Expr) {
		for _, truth := range []bool{true, false} {
			for _, t := range httpwrite.Terms(e, truth) {
				if _, ok := s.test(t.E, t.Truth); ok {
					found = true
				}
			}
		}
	}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			try(n.Cond)
		case *ast.CaseClause:
			for _, e := range n.List {
				try(e)
			}
		}
		return !found
	})
	return found
}
