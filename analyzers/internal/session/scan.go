// Package session follows an MCP request's Mcp-Session-Id through a
// function: the variables holding it, the lookups keyed by it, and the
// conditions under which an answer is given (no id, an unknown id, a failed
// store lookup). sessionstatus judges the status of those answers and
// errclass their JSON-RPC code.
package session

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/textproto"
	"strings"
	"unicode"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// Kind is what a branch knows about the request's session.
type Kind int

const (
	Missing   Kind = iota + 1 // the request carries no session id
	Unknown                   // the id is not in the session map
	LookupErr                 // looking the id up in a store failed
	Invalid                   // a validator of the id failed (malformed, unknown, or the store is down)
)

// Cond is the session condition an answer is given under.
type Cond struct {
	Kind Kind
	What string    // the lookup, for messages
	Pos  token.Pos // the lookup, for related information (NoPos for Missing)
	// NotInit is, for Missing, that a test of the message's method has
	// also established it is not initialize: a POSTed request, for which
	// 405 is no answer.
	NotInit bool
	// AlsoMissing is, for Unknown, LookupErr or Invalid, that the branch
	// is taken for a request without an id too: one disjunct of its test
	// is the id's emptiness (id == "" || !ok), so one answer is given to
	// two conditions the protocol answers differently (400 and 404).
	AlsoMissing bool
}

// defKind is what an assignment made a variable hold.
type defKind int

const (
	other      defKind = iota
	idDef              // the Mcp-Session-Id value
	valuesDef          // the header values: r.Header.Values(...), r.Header[...]
	foundDef           // ok of s, ok := sessions[id]
	valueDef           // s of s := sessions[id] or s, err := store.Get(id)
	errDef             // err of s, err := store.Get(ctx, id)
	invalidDef         // err of err := v.Validate(id) or ok, err := store.Exists(ctx, id)
	emptyDef           // id := "": a string that is empty (an id read only in some modes)
	// callErrDef is err of err := mgr.Touch(id): the only result of a call
	// given the id. Its err != nil may be a malformed id, so alone it says
	// nothing; tested against a sentinel naming a session not there
	// (errors.Is(err, ErrExpired)), it is an unknown session.
	callErrDef
)

// def is one assignment to a variable, at pos.
type def struct {
	pos  token.Pos
	kind defKind
	what string // the lookup, for messages
	// neg is, for a foundDef, that true (not false) means the session is
	// unknown: expired, terminated.
	neg bool
	// scope is the innermost block (or if, switch or for statement, for
	// an assignment in its init) holding the assignment; nil for a seed.
	scope ast.Node
	// branches are the branches around the assignment, each with the
	// statement that chooses it: an if's then or else block, a switch's
	// case. The assignment never reaches the statement's other branches.
	branches [][2]ast.Node
	lpos     token.Pos // the value assigned: the lookup, for Cond.Pos
	// call is the call whose result was assigned (err of s, err :=
	// store.Get(ctx, id)), or nil.
	call *ast.CallExpr
	// header is, for an idDef, that the value is read from the request's
	// header right there (not passed in, returned by a helper, a field).
	header bool
	// record is, for an idDef, that the value is a header record's, read
	// in a loop over the records under a test of its key: before the loop
	// the variable holds "" (no such header), which the id test reads as
	// a missing id, so the merge of the two is still the id.
	record bool
	// strict is, for a callErrDef of a call that also returns a value
	// (streamID, err := store.Replay(ctx, id, last)), that only a sentinel
	// named for a session that is gone says the id is unknown: the call
	// may be about something else the request names (an event id).
	strict bool
	// rhs is the value assigned when it is one expression per variable
	// (x := y), or nil: a copy of the id is followed through it.
	rhs ast.Expr
	// search is, for a valueDef or a foundDef, that the value is a
	// match of a loop over a collection under a test that an element
	// equals the id: before the loop the variable holds its zero value
	// (nil, false), which says the id was not found.
	search bool
}

// Scan is what one function knows: every assignment to its variables, so
// that a test of ok or err is judged by the assignment that reaches it (ok
// is often reused: v, ok := m.Load(id) and then s, ok := v.(*session)).
type Scan struct {
	Body *ast.BlockStmt
	info *types.Info
	defs map[*types.Var][]def // in source order
	pkg  *pkgIDs              // the package's id helpers and fields, or nil
	// stack is, while NewScan walks, the path to the statement it
	// records: a def's scope and branches are found from it when the def
	// is recorded (most nodes record none, so not for every node).
	stack []ast.Node
	// lpos and lcall are, while assign runs, the position of the value
	// assigned and the call it comes from (nil if it is not a call).
	lpos  token.Pos
	lcall *ast.CallExpr
	lrhs  ast.Expr
}

// pkgIDs is what a package knows about where session ids live beyond a
// function's variables: functions that return the request's id
// (sessionID(r) string), and struct fields it is stored in (req.SessionID).
type pkgIDs struct {
	funcs  map[*types.Func]bool
	fields map[*types.Var]bool
	// ctxKeys are the keys the package puts the id in a context under
	// (context.WithValue(ctx, k, id)); see ctxKeyOf.
	ctxKeys map[any]bool
	// imported reports a function of another package known, through a
	// fact, to return the request's id; it may be nil.
	imported func(*types.Func) bool
	// readers are the package's functions whose bodies can hold the id
	// (they name its header, a function returning it, a field keeping
	// it): given the request, such a function may look the session up.
	readers map[*types.Func]bool
	// misses are the package's error variables returned only for an id
	// the lookups do not hold (learnMisses).
	misses map[*types.Var]bool
	// importedMiss reports such a variable of another package, known
	// through a fact; it may be nil.
	importedMiss func(*types.Var) bool
}

// idFunc reports a function that returns the request's id: one of the
// package's, or one of another package's that a fact says does.
func (p *pkgIDs) idFunc(fn *types.Func) bool {
	if fn = fn.Origin(); p.funcs[fn] {
		return true
	}
	return p.imported != nil && fn.Pkg() != nil && p.imported(fn)
}

// NewScan records the assignments of body (seeded with the parameters that
// receive a session id). The assignment reaching a use is taken to be the
// last one before it in the source, which is exact for the straight-line
// code handlers are made of.
func NewScan(info *types.Info, body *ast.BlockStmt, ids map[*types.Var]bool) *Scan {
	return newScan(info, body, ids, nil)
}

func newScan(info *types.Info, body *ast.BlockStmt, ids map[*types.Var]bool, pkg *pkgIDs) *Scan {
	s := &Scan{Body: body, info: info, defs: map[*types.Var][]def{}, pkg: pkg}
	for v := range ids {
		s.defs[v] = []def{{pos: token.NoPos, kind: idDef}}
	}
	var scopes []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			scopes = scopes[:len(scopes)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		scopes = append(scopes, n)
		s.stack = scopes
		switch n := n.(type) {
		case *ast.AssignStmt:
			s.assign(n.Lhs, n.Rhs, n.TokPos)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			if len(n.Values) == 0 {
				// var sid string: the zero value, empty.
				for _, id := range n.Names {
					if v := s.varOf(id); v != nil {
						if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
							s.set(id, n.Pos(), emptyDef, "")
						}
					}
				}
				break
			}
			s.assign(lhs, n.Values, n.Pos())
		case *ast.RangeStmt:
			s.lcall, s.lrhs = nil, nil
			s.set(n.Key, n.TokPos, other, "")
			s.set(n.Value, n.TokPos, other, "")
		}
		return true
	})
	s.stack = nil
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
	s.setNeg(e, pos, kind, what, false)
}

func (s *Scan) setNeg(e ast.Expr, pos token.Pos, kind defKind, what string, neg bool) {
	if v := s.varOf(e); v != nil {
		s.defs[v] = append(s.defs[v], def{pos: pos, kind: kind, what: what, neg: neg, scope: innermostScope(s.stack), branches: branchesOf(s.stack), lpos: s.lpos, call: s.lcall, rhs: s.lrhs})
	}
}

// innermostScope is the innermost node of stack (the path to the node
// being visited, itself included) that bounds where an assignment made in
// it reaches without a merge: a block, a case, or the if, switch or for
// statement whose init holds it.
func innermostScope(stack []ast.Node) ast.Node {
	for i := len(stack) - 2; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause,
			*ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.ForStmt, *ast.RangeStmt:
			return stack[i]
		}
	}
	return nil
}

// at returns the assignment to v that reaches pos: the last one before pos
// whose scope holds pos (so it runs on every way there). An assignment
// after it in a nested scope that does not hold pos reaches pos only if
// that scope can fall through to it; one that ends in a return does not
// reach, and one that may leaves the value unknown (a merge), which is
// never the id nor a lookup's result.
func (s *Scan) at(v *types.Var, pos token.Pos) def {
	var d def
	for _, x := range s.defs[v] {
		if x.pos >= pos {
			continue
		}
		switch {
		case x.scope == nil || x.scope.Pos() <= pos && pos < x.scope.End():
			d = x
		case terminates(x.scope), otherBranch(x.branches, pos), branchEnds(x.branches, pos):
		case d.kind == idDef && x.rhs != nil && readsRequest(s.info, x.rhs) && s.whenEmpty(v, x.branches):
			// id := hdr; if id == "" { id = r.URL.Query().Get(k) }: a
			// fallback to another of the client's values for a missing
			// header leaves the id the header's whenever it was sent. (A
			// minted fallback is the server's: not the client's id.)
		case x.search && d.kind == other && (!d.pos.IsValid() || d.rhs != nil && s.isZero(d.rhs)):
			// var sess *session; for ... { if c.id == id { sess = c } }:
			// the match, or the zero value when the id is not there,
			// which a nil (or false) test reads as an unknown id.
			d = x
		case (x.record || x.kind == idDef) && (d.kind == emptyDef || d.kind == other && !d.pos.IsValid()):
			// var sid string; if vals := r.Header[k]; len(vals) > 0 {
			// sid = vals[0] }: the id, or "" when the header is absent,
			// which the id's tests read as a missing id.
			d = x
		default:
			d = def{}
		}
	}
	return d
}

// readsRequest reports whether e reads from a request (or its header, or a
// framework's context).
func readsRequest(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if v, ok := info.Uses[id].(*types.Var); ok && RequestLike(v.Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// ctxKeyOf is what identifies a context key: the type of a composite
// literal (ctxKey{}), the constant or variable an identifier names, or a
// string literal's value; nil for anything else.
func ctxKeyOf(info *types.Info, e ast.Expr) any {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if t := info.TypeOf(e); t != nil {
			if n, ok := types.Unalias(t).(*types.Named); ok {
				return n.Obj()
			}
		}
	case *ast.Ident:
		if o := info.Uses[e]; o != nil {
			if _, ok := o.(*types.Const); ok {
				return o
			}
			if v, ok := o.(*types.Var); ok && !v.IsField() && v.Parent() == v.Pkg().Scope() {
				return o
			}
		}
	case *ast.SelectorExpr:
		if o := info.Uses[e.Sel]; o != nil {
			if _, ok := o.(*types.Const); ok {
				return o
			}
		}
	case *ast.BasicLit:
		if v, ok := httpwrite.StringConst(info, e); ok {
			return "lit:" + v
		}
	}
	return nil
}

// isContextValue reports a call of a context.Context's Value method.
func isContextValue(info *types.Info, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	return fn != nil && fn.Name() == "Value" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// whenEmpty reports whether the innermost of branches is the body of an
// if that runs only when v is empty (v == "", len(v) == 0).
func (s *Scan) whenEmpty(v *types.Var, branches [][2]ast.Node) bool {
	if len(branches) == 0 {
		return false
	}
	b := branches[len(branches)-1]
	is, ok := b[0].(*ast.IfStmt)
	if !ok || b[1] != is.Body {
		return false
	}
	c, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.EQL {
		return false
	}
	x := ast.Unparen(c.X)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		// len(v) == 0
		if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && fn.Name == "len" {
			n, ok := httpwrite.IntConst(s.info, c.Y)
			id, isID := ast.Unparen(call.Args[0]).(*ast.Ident)
			return ok && n == 0 && isID && s.info.ObjectOf(id) == v
		}
	}
	id, ok := x.(*ast.Ident)
	return ok && s.info.ObjectOf(id) == v && isEmptyString(s.info, c.Y)
}

// branchesOf lists the branches around the last node of stack (see
// def.branches).
func branchesOf(stack []ast.Node) [][2]ast.Node {
	var out [][2]ast.Node
	for i := 0; i+1 < len(stack)-1; i++ {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if c := stack[i+1]; c == n.Body || c == n.Else {
				out = append(out, [2]ast.Node{n, c})
			}
		case *ast.BlockStmt:
			// The body of a switch: its clauses are the branches.
			if c, ok := stack[i+1].(*ast.CaseClause); ok {
				out = append(out, [2]ast.Node{n, c})
			} else if c, ok := stack[i+1].(*ast.CommClause); ok {
				out = append(out, [2]ast.Node{n, c})
			}
		}
	}
	return out
}

// otherBranch reports whether pos lies in another branch of a statement
// one of whose branches holds the assignment: in the else of its then.
func otherBranch(branches [][2]ast.Node, pos token.Pos) bool {
	for _, b := range branches {
		stmt, branch := b[0], b[1]
		if !inside(stmt, pos) || inside(branch, pos) {
			continue
		}
		if ifs, ok := stmt.(*ast.IfStmt); ok {
			// The other branch, not the condition.
			if inside(ifs.Body, pos) || ifs.Else != nil && inside(ifs.Else, pos) {
				return true
			}
			continue
		}
		return true
	}
	return false
}

func inside(n ast.Node, pos token.Pos) bool { return n.Pos() <= pos && pos < n.End() }

// branchEnds reports whether a branch around an assignment that does not
// hold pos ends in a return: `if init { if id == "" { id = mint() };
// ...; return }` never reaches what follows the if.
func branchEnds(branches [][2]ast.Node, pos token.Pos) bool {
	for _, b := range branches {
		if !inside(b[1], pos) && terminates(b[1]) {
			return true
		}
	}
	return false
}

// terminates reports whether the block ends in a return or a panic, so an
// assignment in it never reaches code after it.
func terminates(scope ast.Node) bool {
	list := httpwrite.Stmts(scope)
	if len(list) == 0 {
		return false
	}
	switch last := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := last.X.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

func (s *Scan) assign(lhs, rhs []ast.Expr, pos token.Pos) {
	switch {
	case len(lhs) == len(rhs):
		for i := range lhs {
			s.lpos = rhs[i].Pos()
			s.lcall, _ = ast.Unparen(rhs[i]).(*ast.CallExpr)
			s.lrhs = rhs[i]
			v := s.varOf(lhs[i])
			if v == nil {
				continue
			}
			kind, what := other, ""
			if w, ok := s.searchMatch(v, rhs[i]); ok {
				// for _, c := range s.list { if c.id == id { sess = c } }
				kind, neg := valueDef, false
				if isBool(v.Type()) {
					// found = true; revoked = true says the opposite.
					kind = foundDef
					neg, _ = polarity(v.Name())
				}
				s.setNeg(lhs[i], pos, kind, w, neg)
				s.defs[v][len(s.defs[v])-1].search = true
				continue
			}
			if record := s.recordID(rhs[i]); record || s.IsID(rhs[i]) {
				kind = idDef
				if record || s.isHeaderRead(rhs[i]) {
					s.set(lhs[i], pos, kind, what)
					ds := s.defs[v]
					ds[len(ds)-1].header = true
					ds[len(ds)-1].record = record
					continue
				}
			} else if isEmptyString(s.info, rhs[i]) {
				kind = emptyDef
			} else if s.isValues(rhs[i]) {
				kind = valuesDef
			} else if w, ok := s.errValidator(rhs[i]); ok && httpwrite.IsErrorType(v.Type()) {
				// err := sessions.Validate(id)
				kind, what = invalidDef, w
			} else if w, ok := s.lookup(rhs[i]); ok && httpwrite.IsErrorType(v.Type()) && s.lcall != nil {
				// err := db.QueryRow(q, id).Scan(&v) is a lookup's
				// failure; err := mgr.Touch(id) may be a refusal of
				// the id's form as well.
				kind, what = callErrDef, w
				if scansRow(s.lcall) {
					kind = errDef
				}
			} else if nilable(v.Type()) && !httpwrite.IsErrorType(v.Type()) {
				// An error is not the session: err == nil is success.
				if w, ok := s.lookup(rhs[i]); ok {
					kind, what = valueDef, w
				}
			} else if w, ok := s.boolIndex(rhs[i]); ok && isBool(v.Type()) {
				// ok := sessions[id] on a map[string]bool: false
				// is the zero value of an id not in the map.
				kind, what = foundDef, w
			} else if w, neg, ok := s.boolValidator(rhs[i], v); ok {
				// known := store.Exists(id), expired := s.IsExpired(id)
				s.setNeg(lhs[i], pos, foundDef, w, neg)
				continue
			}
			s.set(lhs[i], pos, kind, what)
		}
	case len(rhs) == 1:
		s.lrhs = nil
		s.lpos = rhs[0].Pos()
		s.lcall, _ = ast.Unparen(rhs[0]).(*ast.CallExpr)
		for _, l := range lhs {
			s.set(l, pos, other, "")
		}
		if len(lhs) == 3 {
			// sess, ok, err := store.Get(ctx, id): ok says whether the
			// id is held, err that the store could not tell, as with
			// ok, err := store.Exists(ctx, id).
			s.lookup3(lhs, rhs[0], pos)
			return
		}
		if len(lhs) != 2 {
			return
		}
		if ta, ok := ast.Unparen(rhs[0]).(*ast.TypeAssertExpr); ok {
			// id, _ := ctx.Value(k).(string)
			if s.IsID(ta) {
				s.set(lhs[0], pos+1, idDef, "")
			}
			return
		}
		what, ok := s.lookup(rhs[0])
		if !ok {
			return
		}
		v0, v1 := s.varOf(lhs[0]), s.varOf(lhs[1])
		// ok, err := store.Exists(ctx, id); terminated, err :=
		// m.Validate(id): a validator, the bool saying whether the
		// session is known (or, by its name, gone) and the error that
		// it could not tell.
		if v0 != nil && isBool(v0.Type()) && v1 != nil && httpwrite.IsErrorType(v1.Type()) {
			call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
			if !ok || excludedName(funcName(call)) {
				return
			}
			// The variable's name may say what a neutral name (Check)
			// does not: terminated, err := m.Check(id).
			neg, byVar := polarity(v0.Name())
			if !byVar && !validatorName(funcName(call)) {
				return
			}
			if !byVar {
				neg, byVar = polarity(funcName(call))
			}
			if byVar {
				s.setNeg(lhs[0], pos+1, foundDef, what, neg)
			}
			s.set(lhs[1], pos+1, invalidDef, what)
			return
		}
		// A call given the id counts as a lookup only when it yields
		// something that can be absent (a *Session, an interface): that
		// keeps validateID(id) (string, error) and parse(id) out.
		_, isIndex := ast.Unparen(rhs[0]).(*ast.IndexExpr)
		if !isIndex && (v0 == nil || !nilable(v0.Type())) && !(v1 != nil && commaOkMethod(s.info, rhs[0], v1.Pkg())) {
			if t := s.info.TypeOf(rhs[0]); t == nil || !firstNilable(t) {
				if v1 != nil && httpwrite.IsErrorType(v1.Type()) {
					// sess, err := store.Load(ctx, id) returning a
					// Session value: like err := mgr.Touch(id), its
					// err says the session is not there only when
					// tested against a sentinel naming that.
					s.set(lhs[1], pos+1, callErrDef, what)
					ds := s.defs[s.varOf(lhs[1])]
					ds[len(ds)-1].strict = true
				}
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

// lookup3 reads sess, ok, err := store.Get(ctx, id), a lookup whose bool
// says whether the id is held and whose error says the store could not
// tell: ok is found, err the lookup's failure (as a validator's).
func (s *Scan) lookup3(lhs []ast.Expr, rhs ast.Expr, pos token.Pos) {
	what, ok := s.lookup(rhs)
	if !ok {
		return
	}
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || excludedName(funcName(call)) {
		return
	}
	v1, v2 := s.varOf(lhs[1]), s.varOf(lhs[2])
	if v1 == nil || !isBool(v1.Type()) || v2 == nil || !httpwrite.IsErrorType(v2.Type()) {
		return
	}
	s.set(lhs[1], pos+1, foundDef, what)
	s.set(lhs[2], pos+1, invalidDef, what)
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
			if s.IsID(a) || s.keyOfID(a) {
				return render(e.Fun) + "(...)", true
			}
		}
		// rdb.Get(ctx, key(id)).Bytes(), row.Scan(&v) of a query given
		// the id: a result read from the lookup's call.
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
				if w, ok := s.lookup(inner); ok {
					return w, true
				}
			}
		}
	}
	return "", false
}

// commaOkMethod reports a call of a method of a type the calling package
// declares that answers (T, bool), as a map index does: the package's own
// session table (s.sessions.get(id)), whose bool says whether the id is in
// it. A function (strings.CutPrefix(id, p)) or another package's method
// says something else with its bool.
func commaOkMethod(info *types.Info, e ast.Expr, pkg *types.Package) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || excludedName(fn.Name()) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Results().Len() != 2 || !isBool(sig.Results().At(1).Type()) {
		return false
	}
	rt := sig.Recv().Type()
	if p, ok := types.Unalias(rt).(*types.Pointer); ok {
		rt = p.Elem()
	}
	named, ok := types.Unalias(rt).(*types.Named)
	if !ok {
		return false
	}
	// The package's own store, a struct or an interface it declares
	// (Get(id) (*Session, bool)) that its handlers look the id up in.
	return fn.Pkg() == pkg && named.Obj().Pkg() == pkg
}

// scansRow reports call X.Scan(...) on the result of another call: a row
// a query returned, read into variables.
func scansRow(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" {
		return false
	}
	_, ok = ast.Unparen(sel.X).(*ast.CallExpr)
	return ok
}

// keyOfID reports whether e is a key made of the id: "prefix:"+id,
// fmt.Sprintf("sess:%s", id), or any function given the id that returns a
// string (key(id)).
func (s *Scan) keyOfID(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (s.IsID(e.X) || s.IsID(e.Y))
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, e)
		if fn == nil || !returnsString(fn) {
			return false
		}
		for _, a := range e.Args {
			if s.IsID(a) {
				return true
			}
		}
	}
	return false
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
func (s *Scan) IsID(e ast.Expr) bool { return s.isID(e, false) }

// isHeaderRead reports whether e reads the Mcp-Session-Id header right
// there: r.Header.Get, Values(...)[0], a framework's accessor, through a
// conversion or a strings function, but not a variable, a field or a
// helper of the package.
func (s *Scan) isHeaderRead(e ast.Expr) bool { return s.isID(e, true) }

// isID is IsID, or with here set isHeaderRead: the id only as the header
// read in e itself.
func (s *Scan) isID(e ast.Expr, here bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if here {
			return false
		}
		v, _ := s.info.ObjectOf(e).(*types.Var)
		return v != nil && s.at(v, e.Pos()).kind == idDef
	case *ast.IndexExpr:
		// r.Header.Values("Mcp-Session-Id")[0], vals[0]
		if id, _ := httpwrite.HeaderMapIndex(s.info, e); id {
			return true
		}
		if _, isVar := ast.Unparen(e.X).(*ast.Ident); isVar && here {
			return false
		}
		return s.isValues(e.X)
	case *ast.SelectorExpr:
		// req.SessionID, a field the package stores the id in.
		if s.pkg != nil && !here {
			if sel, ok := s.info.Selections[e]; ok && sel.Kind() == types.FieldVal {
				return s.pkg.fields[sel.Obj().(*types.Var)]
			}
		}
	case *ast.TypeAssertExpr:
		// ctx.Value(k).(string) under a key the package puts the id in.
		if here || s.pkg == nil || len(s.pkg.ctxKeys) == 0 || e.Type == nil {
			return false
		}
		// The asserted type, not the expression's: a comma-ok
		// assertion's is the tuple (string, bool).
		t := s.info.TypeOf(e.Type)
		if t == nil {
			return false
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return false
		}
		call, ok := ast.Unparen(e.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !isContextValue(s.info, call) {
			return false
		}
		k := ctxKeyOf(s.info, call.Args[0])
		return k != nil && s.pkg.ctxKeys[k]
	case *ast.CallExpr:
		// SessionID(r.Header.Get(...)), string(id): a conversion to a
		// string type keeps the value.
		if tv, ok := s.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return s.isID(e.Args[0], here)
			}
			return false
		}
		fn := httpwrite.Callee(s.info, e)
		if httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Get") && len(e.Args) == 1 {
			sel, _ := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			return IDHeader(s.info, e.Args[0]) && (sel == nil || !httpwrite.NotRequestHeader(s.info, sel.X))
		}
		if httpwrite.IsFrameworkHeader(s.info, e) || httpwrite.IsHeaderAccessor(s.info, e) {
			return true
		}
		if fn != nil && s.pkg != nil && s.pkg.idFunc(fn) && !here {
			return true
		}
		// strings.TrimSpace(r.Header.Get(...)) and the like.
		if v := httpwrite.StringsKept(s.info, e); v != nil {
			return s.isID(v, here)
		}
	}
	return false
}

// Condition finds the session condition an answer is given under: the
// innermost if around the answer must test it (id == "", !ok, s == nil,
// err != nil of a lookup), alone or in a conjunction. An answer under any
// other innermost condition (an Accept check, another error) is not judged.
//
// A failed lookup whose error the branch first tests for a sentinel named
// for a refused session (if errors.Is(err, ErrSessionClosed) { 404 }) is
// told apart: what falls through is the lookup's other errors, not "the
// lookup failed", and is not judged as one.
func (s *Scan) Condition(stack []ast.Node) (Cond, bool) {
	// notInit is that an inner test has established the request is not an
	// initialize: under it only a missing id still decides the answer (no
	// id and not initialize is the protocol's 400 row), so the walk goes on
	// outward looking for that one condition.
	if c, decided := s.caseCondition(stack); decided {
		return c, c.Kind != 0
	}
	notInit, chain := false, false
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		for _, c := range httpwrite.Terms(ifs.Cond, inThen) {
			k, ok := s.test(c.E, c.Truth)
			if !ok {
				k, ok = s.anyOf(stack, c.E, c.Truth)
			}
			if ok {
				if notInit && k.Kind != Missing || chain && k.Kind != Missing && s.unknownRefused(stack) {
					return Cond{}, false
				}
				// id == "" && method != "initialize": the same test
				// says the request is not an initialize.
				k.NotInit = notInit || k.Kind == Missing && inThen && s.notInitialize(ifs.Cond, true)
				if k.Kind == LookupErr && inThen && s.refusalToldApart(stack, ifs, c.E) {
					return Cond{}, false
				}
				return k, true
			}
		}
		if !inThen && !notInit && s.initializeLink(ifs.Cond) {
			// The else of `id == "" && isInitialize(msg)`: the chain's
			// last answer, given to whatever the links before it did
			// not take, an unknown id among them.
			chain = true
			continue
		}
		if !s.notInitialize(ifs.Cond, inThen) {
			return Cond{}, false
		}
		notInit = true
	}
	if notInit {
		return s.missingGuard(stack)
	}
	return Cond{}, false
}

// defaultCondition is the session condition of the default clause of a
// tagless switch, which runs when no case holds: `case ok:` serving a
// known id leaves the default an unknown one's, as an if's else would.
func (s *Scan) defaultCondition(stack []ast.Node, sw *ast.SwitchStmt) (Cond, bool) {
	for _, st := range sw.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			for _, t := range httpwrite.Terms(e, false) {
				k, ok := s.test(t.E, t.Truth)
				if !ok {
					k, ok = s.anyOf(stack, t.E, t.Truth)
				}
				if !ok {
					continue
				}
				if k.Kind != Missing && s.unknownRefused(stack) {
					return Cond{}, false
				}
				return k, true
			}
		}
	}
	return Cond{}, false
}

// initializeLink reports whether e is the test of an initialize branch of an
// if-else chain: a conjunction of an initialize test and a test that the
// request has no id (`id == "" && isInitializeRequest(msg)`).
func (s *Scan) initializeLink(e ast.Expr) bool {
	init, missing := false, false
	for _, t := range httpwrite.Terms(e, true) {
		if s.isInit(t.E, t.Truth) {
			init = true
		} else if k, ok := s.test(t.E, t.Truth); ok && k.Kind == Missing {
			missing = true
		}
	}
	return init && missing
}

// caseCondition decides the condition of an answer in a switch clause,
// inside the innermost if around it, that tests the error
// (errors.Is(err, ErrX), err == ErrX, a switch on err): the clause's own
// test decides, not the if err != nil around the switch. Under err != nil,
// a clause answering ErrForbiddenSession 403 is about another principal's
// session, not a failed lookup. decided is false when there is no such
// clause; a clause whose test says nothing of the session decides "no
// condition" (Cond{}).
func (s *Scan) caseCondition(stack []ast.Node) (c Cond, decided bool) {
	for i := len(stack) - 2; i >= 2; i-- {
		if _, ok := stack[i].(*ast.IfStmt); ok {
			return Cond{}, false
		}
		cc, ok := stack[i].(*ast.CaseClause)
		if !ok {
			continue
		}
		sw, ok := stack[i-2].(*ast.SwitchStmt)
		if !ok {
			continue
		}
		if len(cc.List) == 0 {
			// default: taken when every case is false.
			if sw.Tag == nil {
				if c, ok := s.defaultCondition(stack, sw); ok {
					return c, true
				}
			}
			continue
		}
		if sw.Tag != nil {
			// switch id { case "": }, switch err { case ErrSessionClosed: }
			for _, e := range cc.List {
				if s.isEmpty(e) && s.IsID(sw.Tag) {
					return Cond{Kind: Missing}, true
				}
				if c, ok := s.refusedErr(sw.Tag, e); ok {
					return c, true
				}
			}
			if !httpwrite.IsErrorType(s.info.TypeOf(sw.Tag)) {
				continue
			}
			return Cond{}, true
		}
		about := false
		for _, e := range cc.List {
			// case !ok:, case id != "" && !known:
			for _, t := range httpwrite.Terms(e, true) {
				if k, ok := s.test(t.E, t.Truth); ok {
					if k.Kind == LookupErr && s.earlierCaseRefuses(sw, cc, t.E) {
						// case errors.Is(err, ErrGone): first; what
						// is left is the lookup's other errors.
						return Cond{}, true
					}
					return k, true
				}
			}
			about = about || s.testsError(e)
		}
		if about {
			return Cond{}, true
		}
	}
	return Cond{}, false
}

// comparedVar is the local a comparison tests (err of err != nil), or nil.
func (s *Scan) comparedVar(e ast.Expr) *types.Var {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if v := s.varOf(b.X); v != nil {
		return v
	}
	return s.varOf(b.Y)
}

// earlierCaseRefuses reports, for a case of sw whose term e is err != nil,
// an earlier case that tests err for a refusal sentinel.
func (s *Scan) earlierCaseRefuses(sw *ast.SwitchStmt, cc *ast.CaseClause, e ast.Expr) bool {
	v := s.comparedVar(e)
	if v == nil {
		return false
	}
	for _, c := range sw.Body.List {
		if c == cc {
			return false
		}
		for _, x := range c.(*ast.CaseClause).List {
			if sv := s.SentinelTest(x, v); RefusalSentinel(sv) || s.learnedMiss(sv) {
				return true
			}
		}
	}
	return false
}

// testsError reports whether e tests an error value: errors.Is or
// errors.As, or a comparison with an error-typed operand.
func (s *Scan) testsError(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Is" || sel.Sel.Name == "As") {
				if id, ok := sel.X.(*ast.Ident); ok {
					if pn, ok := s.info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "errors" {
						found = true
					}
				}
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (httpwrite.IsErrorType(s.info.TypeOf(n.X)) || httpwrite.IsErrorType(s.info.TypeOf(n.Y))) {
				found = true
			}
		}
		return !found
	})
	return found
}

// notInitialize reports whether the branch of an if whose condition is e
// (then when truth) is taken only for a message that is not an initialize
// request: m != "initialize", or a disjunction of such tests and nil tests
// (req == nil || req.Method != "initialize") in the then branch; in the else
// branch, m == "initialize" or a conjunction holding it.
func (s *Scan) notInitialize(e ast.Expr, truth bool) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return s.notInitialize(u.X, !truth)
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch {
	case b.Op == token.LOR && truth:
		// Every disjunct is a nil test or a method test; one at least is
		// the method test.
		l, r := s.notInitialize(b.X, true), s.notInitialize(b.Y, true)
		return (l || s.isNilTest(b.X)) && (r || s.isNilTest(b.Y)) && (l || r)
	case b.Op == token.LAND && !truth:
		return s.notInitialize(b.X, false) || s.notInitialize(b.Y, false)
	case b.Op == token.LAND && truth:
		return s.notInitialize(b.X, true) || s.notInitialize(b.Y, true)
	case b.Op == token.NEQ || b.Op == token.EQL:
		if !s.isInitializeName(b.X) && !s.isInitializeName(b.Y) {
			return false
		}
		return (b.Op == token.NEQ) == truth
	}
	return false
}

// isNilTest reports whether e is x == nil.
func (s *Scan) isNilTest(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.EQL && (s.isNil(b.X) || s.isNil(b.Y))
}

// isInitializeName reports whether e is a string constant (of any string
// type, converted or not) whose value is "initialize".
func (s *Scan) isInitializeName(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := s.info.Types[call.Fun]; ok && tv.IsType() {
			e = call.Args[0]
		}
	}
	tv, ok := s.info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "initialize"
}

// refusalToldApart reports whether a test of err for a refusal sentinel
// that returns comes before the answer on stack, in the then branch of ifs
// (whose term e is err != nil) or in the block before ifs.
func (s *Scan) refusalToldApart(stack []ast.Node, ifs *ast.IfStmt, e ast.Expr) bool {
	v := s.comparedVar(e)
	if v == nil {
		return false
	}
	var holder ast.Node
	var before []ast.Stmt // the statements of ifs's block before it
	for i := range stack {
		if stack[i] == ifs.Body && i+1 < len(stack) {
			holder = stack[i+1]
		}
		if stack[i] == ifs && i > 0 {
			if b, ok := stack[i-1].(*ast.BlockStmt); ok {
				for _, st := range b.List {
					if st == ifs {
						break
					}
					before = append(before, st)
				}
			}
		}
	}
	toldApart := func(st ast.Stmt) bool {
		inner, ok := st.(*ast.IfStmt)
		if !ok || !terminates(inner.Body) {
			return false
		}
		for _, t := range httpwrite.Terms(inner.Cond, false) {
			if sv := s.SentinelTest(t.E, v); !t.Truth && (RefusalSentinel(sv) || s.learnedMiss(sv)) {
				return true
			}
		}
		return false
	}
	// if errors.Is(err, ErrGone) { 404; return } before the if, or first
	// inside its branch.
	for _, st := range before {
		if toldApart(st) {
			return true
		}
	}
	for _, st := range ifs.Body.List {
		if st == holder {
			return false
		}
		if toldApart(st) {
			return true
		}
	}
	return false
}

// test reports what e having value truth says about the session.
func (s *Scan) test(e ast.Expr, truth bool) (Cond, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if v, _ := s.info.ObjectOf(e).(*types.Var); v != nil {
			if d := s.at(v, e.Pos()); d.kind == foundDef && truth == d.neg {
				return Cond{Kind: Unknown, What: d.what, Pos: d.lpos}, true
			}
		}
	case *ast.IndexExpr:
		// if !sessions[id] on a map[string]bool
		if w, ok := s.boolIndex(e); ok && !truth {
			return Cond{Kind: Unknown, What: w, Pos: e.Pos()}, true
		}
	case *ast.CallExpr:
		// if !store.Exists(id), if s.IsExpired(id)
		if w, neg, ok := s.boolValidator(e, nil); ok && truth == neg {
			return Cond{Kind: Unknown, What: w, Pos: e.Pos()}, true
		}
		// if errors.Is(err, ErrSessionNotFound), err of a lookup
		if fn := httpwrite.Callee(s.info, e); truth && httpwrite.IsFunc(fn, "errors", "Is") && len(e.Args) == 2 {
			if c, ok := s.refusedErr(e.Args[0], e.Args[1]); ok {
				return c, true
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return Cond{}, false
		}
		equal := (e.Op == token.EQL) == truth
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		// if err == ErrSessionClosed
		if equal {
			if c, ok := s.refusedErr(x, y); ok {
				return c, true
			}
			if c, ok := s.refusedErr(y, x); ok {
				return c, true
			}
		}
		// if id != t.sessionID: the one session a server holds, a table
		// of one entry; an id that differs from it is unknown.
		if !equal && (s.IsID(x) && s.heldID(y) || s.IsID(y) && s.heldID(x)) {
			return Cond{Kind: Unknown, What: render(e), Pos: e.Pos()}, true
		}
		if s.isEmpty(x) || s.isNil(x) {
			x, y = y, x
		}
		switch {
		case s.isEmpty(y) && equal && s.isIDOrLen(x):
			return Cond{Kind: Missing, What: "", Pos: token.NoPos}, true
		case s.isNil(y):
			// if v.Validate(id) != nil
			if w, ok := s.errValidator(x); ok && !equal {
				return Cond{Kind: Invalid, What: w, Pos: x.Pos()}, true
			}
			// if sessions[id] == nil, if store.Get(id) == nil
			if t := s.typeOf(x); equal && nilable(t) && !httpwrite.IsErrorType(t) {
				if w, ok := s.lookup(x); ok {
					return Cond{Kind: Unknown, What: w, Pos: x.Pos()}, true
				}
			}
			v := s.varOf(x)
			if v == nil {
				return Cond{}, false
			}
			switch d := s.at(v, x.Pos()); {
			case d.kind == valueDef && equal:
				return Cond{Kind: Unknown, What: d.what, Pos: d.lpos}, true
			case d.kind == errDef && !equal:
				return Cond{Kind: LookupErr, What: d.what, Pos: d.lpos}, true
			case d.kind == invalidDef && !equal:
				return Cond{Kind: Invalid, What: d.what, Pos: d.lpos}, true
			}
		}
	}
	return Cond{}, false
}

// heldID reports a string field named for a session id (t.sessionID,
// s.SessionId) that is not the request's: the id a server that holds one
// session minted and keeps.
func (s *Scan) heldID(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || s.IsID(e) || readsRequest(s.info, sel.X) {
		return false
	}
	v, ok := s.info.Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() || !httpwrite.IsString(v.Type()) {
		return false
	}
	n := strings.ToLower(strings.ReplaceAll(v.Name(), "_", ""))
	return strings.HasSuffix(n, "sessionid")
}

// refusedErr reports whether errExpr is the error of a lookup or a
// validator keyed by the id and sentinel a package-level error named for a
// session that is not there (ErrSessionNotFound, ErrSessionClosed): the
// error being that sentinel is an unknown session. A sentinel about the
// id's form or another principal is not one.
func (s *Scan) refusedErr(errExpr, sentinel ast.Expr) (Cond, bool) {
	v := s.varOf(errExpr)
	sv := s.sentinel(sentinel)
	learned := s.learnedMiss(sv)
	if v == nil || !GoneSentinel(sv) && !learned {
		return Cond{}, false
	}
	switch d := s.at(v, errExpr.Pos()); d.kind {
	case errDef, invalidDef, callErrDef:
		if d.strict && !RefusalSentinel(sv) && !StoreMiss(sv) && !learned {
			return Cond{}, false
		}
		return Cond{Kind: Unknown, What: d.what, Pos: d.lpos}, true
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
		sel, _ := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		return httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Values") && len(e.Args) == 1 && IDHeader(s.info, e.Args[0]) &&
			(sel == nil || !httpwrite.NotRequestHeader(s.info, sel.X))
	case *ast.IndexExpr:
		if _, values := httpwrite.HeaderMapIndex(s.info, e); values {
			return true
		}
		t := s.info.TypeOf(e.X)
		if t == nil || !httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Header") || httpwrite.NotRequestHeader(s.info, e.X) {
			return false
		}
		k, ok := httpwrite.StringConst(s.info, e.Index)
		return ok && (k == "Mcp-Session-Id" || AltIDHeader(k) && textproto.CanonicalMIMEHeaderKey(k) == k)
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
// caller in the package, and knowing the package's functions that return
// the id and the fields it is stored in. That knowledge comes from every
// function in funcs; only the scans are limited, because a caller's scan is
// only read where it writes an answer.
func ScanPackage(info *types.Info, pkg *types.Package, funcs []ast.Node, imported func(*types.Func) bool, want func(ast.Node) bool) map[ast.Node]*Scan {
	return Learn(info, pkg, funcs, imported).Scans(want)
}

// Learned is what a package tells of where its session ids live (see
// learn), from which its functions' scans are made.
type Learned struct {
	info  *types.Info
	funcs []ast.Node
	seeds map[*types.Var]bool
	ids   *pkgIDs
}

// Learn learns where the package's functions pass the session id on;
// imported, which may be nil, reports a function of another package that
// returns the request's id.
func Learn(info *types.Info, pkg *types.Package, funcs []ast.Node, imported func(*types.Func) bool) *Learned {
	seeds, ids := learn(info, pkg, funcs, imported, nil)
	return &Learned{info: info, funcs: funcs, seeds: seeds, ids: ids}
}

// LearnSeeded is Learn with params taken to receive the session id from
// the start, whatever the package passes them: an exported function's
// parameter that another package fills with the request's id.
func LearnSeeded(info *types.Info, pkg *types.Package, funcs []ast.Node, imported func(*types.Func) bool, params []*types.Var) *Learned {
	seeds, ids := learn(info, pkg, funcs, imported, params)
	return &Learned{info: info, funcs: funcs, seeds: seeds, ids: ids}
}

// Seeded reports a parameter that receives the session id.
func (l *Learned) Seeded(v *types.Var) bool { return l.seeds[v] }

// Scans scans the functions want selects (all, when want is nil).
func (l *Learned) Scans(want func(ast.Node) bool) map[ast.Node]*Scan {
	out := map[ast.Node]*Scan{}
	for _, n := range l.funcs {
		if want != nil && !want(n) {
			continue
		}
		if body, params := funcBody(l.info, n); body != nil {
			out[n] = newScan(l.info, body, seeded(params, l.seeds), l.ids)
		}
	}
	return out
}

// IDFuncs are the functions of the package that return the request's id
// whatever their callers pass (sessionID(r) string, an interface's
// method its types implement so), for a fact: not those that return a
// parameter a caller of the package fills with the id, which say nothing
// of what another package passes them.
func (l *Learned) IDFuncs() []*types.Func {
	var out []*types.Func
	for fn := range l.ids.funcs {
		sig := fn.Type().(*types.Signature)
		own := true
		for i := range sig.Params().Len() {
			if l.seeds[sig.Params().At(i)] {
				own = false
			}
		}
		if own {
			out = append(out, fn)
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

// learn finds where the package passes the session id on: the parameters
// of its functions that receive it (lookupSession(w, r, id) looks the id up
// just as its caller would), the functions that return it (sessionID(r)
// string, with a framework accessor or a fallback inside), and the struct
// fields it is stored in (req.SessionID = r.Header.Get(...), or a literal
// T{SessionID: id}). It repeats so that ids passed on twice are followed
// too.
func learn(info *types.Info, pkg *types.Package, funcs []ast.Node, imported func(*types.Func) bool, given []*types.Var) (map[*types.Var]bool, *pkgIDs) {
	seeds := map[*types.Var]bool{}
	for _, v := range given {
		seeds[v] = true
	}
	ids := &pkgIDs{funcs: map[*types.Func]bool{}, fields: map[*types.Var]bool{}, ctxKeys: map[any]bool{}, imported: imported}
	refs := learnRefs(info, pkg, funcs, ids)
	for round := 0; round < 3; round++ {
		changed := false
		mark := func(m map[*types.Var]bool, v *types.Var) {
			if v != nil && !m[v] {
				m[v] = true
				changed = true
			}
		}
		for i, n := range funcs {
			body, params := funcBody(info, n)
			if body == nil {
				continue
			}
			seed := seeded(params, seeds)
			if len(seed) == 0 && !refs[i].reaches(ids) {
				// Nothing in it can be the id: no scan.
				continue
			}
			s := newScan(info, body, seed, ids)
			var self *types.Func
			if fd, ok := n.(*ast.FuncDecl); ok {
				self, _ = info.Defs[fd.Name].(*types.Func)
				if self != nil && !returnsString(self) {
					self = nil
				}
			}
			ast.Inspect(body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					if self != nil && !ids.funcs[self] && len(n.Results) > 0 && s.IsID(n.Results[0]) {
						ids.funcs[self] = true
						changed = true
					}
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							if f := fieldOf(info, l); f != nil && s.IsID(n.Rhs[i]) {
								mark(ids.fields, f)
							}
						}
					}
				case *ast.KeyValueExpr:
					if key, ok := n.Key.(*ast.Ident); ok {
						if f, ok := info.Uses[key].(*types.Var); ok && f.IsField() && s.IsID(n.Value) {
							mark(ids.fields, f)
						}
					}
				case *ast.CallExpr:
					fn := httpwrite.Callee(info, n)
					if httpwrite.IsFunc(fn, "context", "WithValue") && len(n.Args) == 3 && s.IsID(n.Args[2]) {
						if k := ctxKeyOf(info, n.Args[1]); k != nil && !ids.ctxKeys[k] {
							ids.ctxKeys[k] = true
							changed = true
						}
					}
					if fn == nil || fn.Pkg() != pkg {
						return true
					}
					sig := fn.Type().(*types.Signature)
					for i, a := range n.Args {
						if i < sig.Params().Len() && s.IsID(a) {
							mark(seeds, sig.Params().At(i))
						}
					}
				}
				return true
			})
		}
		if ifaceIDs(pkg, ids) {
			changed = true
		}
		if !changed {
			break
		}
	}
	ids.misses = learnMisses(info, pkg, funcs, seeds, ids)
	ids.readers = map[*types.Func]bool{}
	for i, n := range funcs {
		if fd, ok := n.(*ast.FuncDecl); ok && refs[i].reaches(ids) {
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				ids.readers[fn] = true
			}
		}
	}
	return seeds, ids
}

// fieldOf is the struct field e selects (x.SessionID), or nil.
func fieldOf(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	selection, ok := info.Selections[sel]
	if !ok || selection.Kind() != types.FieldVal {
		return nil
	}
	return selection.Obj().(*types.Var)
}

// returnsString reports a function whose first result is a string: one
// that may return the session id.
func returnsString(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// boolValidator reports whether e is a call given the session id that
// answers whether the session is known (store.Exists(ctx, id),
// h.sessions.IsValid(id)) or gone (s.IsExpired(id)), as its name says; neg
// is true for the latter. v, when not nil, is the variable the result goes
// to, whose name may say which instead (gone := s.store.Validate(id)).
func (s *Scan) boolValidator(e ast.Expr, v *types.Var) (what string, neg, ok bool) {
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall || !isBool(s.typeOf(call)) {
		return "", false, false
	}
	what, ok = s.lookup(call)
	if ok && s.membership(call) {
		// slices.Contains(s.issued, id): the id among those kept.
		return what, false, true
	}
	if !ok || !validatorName(funcName(call)) || !s.isMethodCall(call) {
		return "", false, false
	}
	if v != nil {
		if neg, ok := polarity(v.Name()); ok {
			return what, neg, true
		}
	}
	neg, ok = polarity(funcName(call))
	return what, neg, ok
}

// searchMatch reports an assignment, to a variable declared before the
// loop, in a loop over a collection under a test that an element (or a
// member of one) equals the id: the loop searches the collection for the
// id. A nilable value (the element) or true (found = true) is assigned;
// what names the collection searched.
func (s *Scan) searchMatch(v *types.Var, rhs ast.Expr) (string, bool) {
	if v == nil || httpwrite.IsErrorType(v.Type()) || !nilable(v.Type()) && !(isBool(v.Type()) && s.isTrue(rhs)) {
		return "", false
	}
	var ifs *ast.IfStmt
	for i := len(s.stack) - 1; i >= 0; i-- {
		switch n := s.stack[i].(type) {
		case *ast.FuncLit:
			return "", false
		case *ast.IfStmt:
			if ifs == nil && i+1 < len(s.stack) && s.stack[i+1] == n.Body {
				ifs = n
			}
		case *ast.RangeStmt:
			if ifs == nil || v.Pos() >= n.Pos() || !s.equalsID(ifs.Cond) {
				return "", false
			}
			return "the search of " + render(n.X), true
		}
	}
	return "", false
}

// equalsID reports a condition that holds exactly when a value equals the
// id (x == id). A conjunction (c.id == id && c.user == user) misses for
// another user's session too, whose answer differs: not a search of the
// id alone.
func (s *Scan) equalsID(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.EQL && s.IsID(b.X) != s.IsID(b.Y)
}

// isTrue and isZero report the constants true, and nil or false.
func (s *Scan) isTrue(e ast.Expr) bool {
	tv, ok := s.info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

func (s *Scan) isZero(e ast.Expr) bool {
	tv, ok := s.info.Types[e]
	return ok && (tv.IsNil() || tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value))
}

// membership reports slices.Contains(xs, id) over a collection the
// function does not make itself (a field, a package variable): whether
// the id is among the ones the server keeps.
func (s *Scan) membership(call *ast.CallExpr) bool {
	fn := httpwrite.Callee(s.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "slices" || fn.Name() != "Contains" || len(call.Args) != 2 || !s.IsID(call.Args[1]) {
		return false
	}
	switch x := ast.Unparen(call.Args[0]).(type) {
	case *ast.SelectorExpr:
		return true
	case *ast.Ident:
		v, _ := s.info.Uses[x].(*types.Var)
		return v != nil && v.Parent() == v.Pkg().Scope()
	}
	return false
}

// isMethodCall reports a call of a method of a value (s.store.Exists(id)),
// or of a function held in a field of one (cfg.SessionValidator(id), a hook
// the server is configured with), not of a package-level function: a plain
// function of the id alone is more often a check of its format than a
// lookup.
func (s *Scan) isMethodCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	selection, ok := s.info.Selections[sel]
	if !ok {
		return false
	}
	switch selection.Kind() {
	case types.MethodVal:
		return true
	case types.FieldVal:
		_, fn := selection.Type().Underlying().(*types.Signature)
		return fn
	}
	return false
}

// errValidator reports whether e is a call given the session id whose only
// result is an error and whose name says it validates the session
// (sessions.Validate(id), store.EnsureExists(ctx, id)).
func (s *Scan) errValidator(e ast.Expr) (string, bool) {
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall || !httpwrite.IsErrorType(s.typeOf(call)) || !validatorName(funcName(call)) {
		return "", false
	}
	return s.lookup(call)
}

func (s *Scan) typeOf(e ast.Expr) types.Type {
	t := s.info.TypeOf(e)
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return t
}

// funcName is the name a call is spelled with: Validate in s.v.Validate(id).
func funcName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr: // a generic function instantiated explicitly
		if id, ok := f.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// validatorName reports a name that says the call checks whether the
// session exists (Validate, IsValid, Exists, HasSession, IsExpired), and
// not something else about it: its format (isValidSessionID checks the
// id's characters), its owner, the caller's rights, which are rightly
// answered 400 or 403.
// ValidatorName reports whether name reads as a check that a session
// exists (validateSession, IsValid, Exists).
func ValidatorName(name string) bool { return validatorName(name) }

func validatorName(name string) bool {
	ws := words(name)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "id", "ids", "format", "syntax":
		return false
	}
	if excludedName(name) {
		return false
	}
	for _, w := range ws {
		switch w {
		case "validate", "validator", "valid", "exists", "exist", "has", "contains", "known", "active", "alive", "expired", "terminated":
			return true
		}
	}
	return false
}

// excludedName reports a name that says the call checks something about
// the session other than whether it exists.
func excludedName(name string) bool {
	for _, w := range words(name) {
		switch w {
		case "format", "owner", "owned", "auth", "authorized", "authorize", "permission", "permissions",
			"access", "parse", "syntax", "shape", "token", "scope", "user", "role":
			return true
		}
	}
	return false
}

// polarity reads from a name whether true means the session is gone
// (expired, terminated, invalid: neg) or there (exists, valid, known). ok is
// false when the name says neither ("ok" says nothing about which).
func polarity(name string) (neg, ok bool) {
	ws := words(name)
	for _, w := range ws {
		switch w {
		case "expired", "terminated", "invalid", "unknown", "missing", "closed", "deleted", "revoked", "gone", "stale":
			return true, true
		}
	}
	for _, w := range ws {
		switch w {
		case "valid", "validate", "validator", "exists", "exist", "has", "contains", "known", "active", "alive", "found":
			return false, true
		}
	}
	return false, false
}

// words splits a Go name into its lower-cased words: isValidSessionID is
// is, valid, session, id; session_exists is session, exists.
func words(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		if r == '_' {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			// A word starts at a capital after a lower-case letter or
			// digit, or at the last capital of an acronym (IDExists).
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
