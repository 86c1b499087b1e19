package session

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// This file holds what sessionstatus needs beyond the condition an answer is
// given under: the call an error comes from and whether it is given the
// session id, the package sentinels named for a refused session, and
// whether a missing id can reach a lookup untested.

// CallOf is the call whose result the variable e holds where e is used
// (err of out, err := t.receiver.Receive(ctx, id, body)), or nil.
func (s *Scan) CallOf(e ast.Expr) *ast.CallExpr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := s.info.ObjectOf(id).(*types.Var)
	if v == nil {
		return nil
	}
	return s.at(v, id.Pos()).call
}

// TakesID reports whether call is given the session id: the id itself, or
// a variable that holds either the id or "" on the ways there (an id read
// from the header only in stateful mode, sessionID := "" before).
func (s *Scan) TakesID(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if s.IsID(a) || s.mayBeID(a) {
			return true
		}
	}
	return false
}

// mayBeID reports whether e is a variable every assignment reaching it
// makes the id or "", and at least one makes it the id.
func (s *Scan) mayBeID(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := s.info.ObjectOf(id).(*types.Var)
	if v == nil {
		return false
	}
	isID := false
	for _, d := range s.reaching(v, id.Pos()) { // more than one: a merge, either value
		switch d.kind {
		case idDef:
			isID = true
		case emptyDef:
		default:
			return false
		}
	}
	return isID
}

// SentinelTest reports whether e (a term of a condition, true in the
// branch) tests the error variable v for a package-level sentinel:
// errors.Is(v, S) or v == S. It returns S.
func (s *Scan) SentinelTest(e ast.Expr, v *types.Var) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, e)
		if fn == nil || !httpwrite.IsFunc(fn, "errors", "Is") || len(e.Args) != 2 || s.varOf(e.Args[0]) != v {
			return nil
		}
		return s.sentinel(e.Args[1])
	case *ast.BinaryExpr:
		if e.Op != token.EQL {
			return nil
		}
		switch {
		case s.varOf(e.X) == v:
			return s.sentinel(e.Y)
		case s.varOf(e.Y) == v:
			return s.sentinel(e.X)
		}
	}
	return nil
}

// sentinel is the package-level error variable e names (ErrX, pkg.ErrX).
func (s *Scan) sentinel(e ast.Expr) *types.Var { return SentinelRef(s.info, e) }

// SentinelRef is the package-level error variable e names (ErrX,
// pkg.ErrX), or nil.
func SentinelRef(info *types.Info, e ast.Expr) *types.Var {
	id := httpwrite.NameOf(e)
	if id == nil {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !httpwrite.IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// RefusalSentinel reports whether v is a package-level error variable
// whose name says the session it is about is not there: closed, expired,
// terminated, lacking, unknown, not found (ErrSessionClosed,
// ErrLackSession, ErrSessionNotFound). A name about the id's presence or
// form (ErrMissingSessionID, ErrInvalidSession) is not one: those are the
// client's malformed request, rightly 400.
func RefusalSentinel(v *types.Var) bool {
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !httpwrite.IsErrorType(v.Type()) {
		return false
	}
	ws := words(v.Name())
	session, gone := false, false
	for i, w := range ws {
		switch w {
		case "session", "sessions":
			session = true
		case "missing", "required", "empty", "header", "invalid", "malformed", "format":
			return false
		case "closed", "expired", "terminated", "gone", "lack", "lacking", "unknown", "notfound", "nonexistent", "deleted", "revoked", "ended":
			gone = true
		case "found":
			gone = gone || i > 0 && ws[i-1] == "not"
		case "such":
			gone = gone || i > 0 && ws[i-1] == "no"
		}
	}
	return session && gone
}

// StoreMiss reports whether v is a store's own "no such record" sentinel:
// database/sql's ErrNoRows, go-redis's Nil, gorm's ErrRecordNotFound,
// mongo's ErrNoDocuments. Tested against a lookup keyed by the id, it is
// an unknown id whatever else the call returns.
func StoreMiss(v *types.Var) bool {
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	return storeClients[storeClient(v.Pkg().Path())] == v.Name()
}

// storeClients are the storage libraries whose "no such key" StoreMiss
// knows, by storeClient's name for each, with that sentinel's name.
var storeClients = map[string]string{"sql": "ErrNoRows", "redis": "Nil", "gorm": "ErrRecordNotFound", "mongo": "ErrNoDocuments"}

// storeClient names the storage library at path (database/sql, go-redis,
// gorm, mongo's driver), or "".
func storeClient(path string) string {
	switch {
	case path == "database/sql":
		return "sql"
	case strings.Contains(path, "go-redis"):
		return "redis"
	case strings.HasSuffix(path, "gorm.io/gorm"):
		return "gorm"
	case strings.Contains(path, "mongo-driver"):
		return "mongo"
	}
	return ""
}

// GoneSentinel reports whether v, tested against the error of a call
// keyed by the session id, says the session is not there: a
// RefusalSentinel, a sentinel of a package named for sessions whose name
// says gone (session.ErrExpired), a not-found sentinel of any name
// (store.ErrNotFound, ErrUnknownID), or a storage library's "no such key"
// (sql.ErrNoRows, go-redis's Nil, gorm's ErrRecordNotFound, mongo's
// ErrNoDocuments). "No session" (ErrNoSession) is not gone: it names a
// missing id as often as an unknown one. Closed is not gone there: a closed store or
// connection is the server's failure.
func GoneSentinel(v *types.Var) bool {
	if RefusalSentinel(v) {
		return true
	}
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !httpwrite.IsErrorType(v.Type()) {
		return false
	}
	if StoreMiss(v) {
		return true
	}
	ws := words(v.Name())
	sessionPkg := false
	for _, w := range words(v.Pkg().Name()) {
		sessionPkg = sessionPkg || w == "session" || w == "sessions"
	}
	for _, w := range ws {
		switch w {
		case "missing", "required", "empty", "header", "invalid", "malformed", "format", "closed", "conn", "connection", "timeout", "unavailable":
			return false
		}
	}
	for i, w := range ws {
		switch {
		case w == "notfound", w == "unknown", w == "nonexistent":
			return true
		case w == "found" && i > 0 && ws[i-1] == "not", w == "such" && i > 0 && ws[i-1] == "no":
			return true
		case sessionPkg && (w == "expired" || w == "terminated" || w == "gone" || w == "deleted" || w == "ended"):
			return true
		}
	}
	return false
}

// SessionSentinel reports whether v is a package-level error variable
// whose name is about the session (errNoSession, ErrMissingSessionID): one
// of the errors a helper that resolves the request's session returns.
func SessionSentinel(v *types.Var) bool {
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !httpwrite.IsErrorType(v.Type()) {
		return false
	}
	for _, w := range words(v.Name()) {
		if w == "session" || w == "sessions" || w == "sid" {
			return true
		}
	}
	return false
}

// TakesRequest reports whether call is given the request (or its header,
// or a framework's context): a helper that reads the session id itself.
func TakesRequest(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if RequestLike(info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// Unguarded reports, for an answer given under c (an id not in a map, a
// failed store lookup), whether a request without Mcp-Session-Id reaches
// that lookup: the id is read from the header in this function and nothing
// on the way there uses it (no id == "" test, no helper given it) or hands
// the request to a function of the package that reads the header itself.
// A validator (Validate, Exists) is not a lookup here: whether an absent id
// is acceptable is its decision (a stateless id manager accepts every id).
// decls are the package's function declarations.
func (s *Scan) Unguarded(c Cond, decls map[*types.Func]*ast.FuncDecl) bool {
	if c.Kind != Unknown && c.Kind != LookupErr || !c.Pos.IsValid() {
		return false
	}
	look := s.lookupAt(c.Pos)
	if look == nil {
		return false
	}
	var arg ast.Expr
	switch e := look.(type) {
	case *ast.IndexExpr:
		arg = e.Index
	case *ast.CallExpr:
		if validatorName(funcName(e)) || excludedName(funcName(e)) {
			return false
		}
		if arg = s.onlyIDArg(e); arg == nil {
			return false
		}
	}
	return s.unguardedArg(look, arg, decls)
}

// OwnCallLookup reports whether the lookup c names is a call of a function
// declared in the package (decls): what it does with an empty id is in its
// body, where it may resolve or mint a session rather than fail.
func (s *Scan) OwnCallLookup(c Cond, decls map[*types.Func]*ast.FuncDecl) bool {
	call, ok := s.lookupAt(c.Pos).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpwrite.Callee(s.info, call)
	return fn != nil && decls[fn.Origin()] != nil
}

// onlyIDArg is the one argument of call that is the session id, or nil.
func (s *Scan) onlyIDArg(call *ast.CallExpr) ast.Expr {
	var arg ast.Expr
	for _, a := range call.Args {
		if s.IsID(a) {
			if arg != nil {
				return nil
			}
			arg = a
		}
	}
	return arg
}

// UnguardedValidator is Unguarded for a validator's call (the failed
// condition c of !s.validateSession(id)): it returns the call when the
// header's id reaches it untested. Whether the validator refuses an empty
// id is the caller's to read in its body.
func (s *Scan) UnguardedValidator(c Cond, decls map[*types.Func]*ast.FuncDecl) *ast.CallExpr {
	if c.Kind != Unknown || !c.Pos.IsValid() {
		return nil
	}
	call, ok := s.lookupAt(c.Pos).(*ast.CallExpr)
	if !ok || !validatorName(funcName(call)) {
		return nil
	}
	arg := s.onlyIDArg(call)
	if arg == nil || !s.unguardedArg(call, arg, decls) {
		return nil
	}
	return call
}

// UnguardedCall reports whether call is given only the request's id, read
// from the header in this function with nothing testing it on the way.
func (s *Scan) UnguardedCall(call *ast.CallExpr, decls map[*types.Func]*ast.FuncDecl) bool {
	arg := s.onlyIDArg(call)
	return arg != nil && s.unguardedArg(call, arg, decls)
}

// ReadsIDHeader reports whether decl's body itself reads the request's
// Mcp-Session-Id header.
func (s *Scan) ReadsIDHeader(decl *ast.FuncDecl) bool {
	if decl == nil || decl.Body == nil {
		return false
	}
	inner := &Scan{Body: decl.Body, info: s.info, defs: map[*types.Var][]def{}, pkg: s.pkg}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && inner.isHeaderRead(c) {
			found = true
		}
		return !found
	})
	return found
}

// unguardedArg reports whether arg, the id given to look, is read from the
// header in this function and reaches look with nothing testing it.
func (s *Scan) unguardedArg(look, arg ast.Expr, decls map[*types.Func]*ast.FuncDecl) bool {
	if arg == nil || !s.IsID(arg) {
		return false
	}
	// Where the id comes from: a header read here, into a variable or
	// straight into the lookup.
	var idVar *types.Var
	src := token.NoPos
	if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
		idVar, _ = s.info.ObjectOf(id).(*types.Var)
		d := s.at(idVar, id.Pos())
		if d.kind != idDef || !d.header {
			return false
		}
		src = d.lpos
	} else if !s.isHeaderRead(arg) {
		return false
	}
	// Assignments to the variable are not uses of it.
	lhs := map[*ast.Ident]bool{}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					lhs[id] = true
				}
			}
		}
		return true
	})
	guarded := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if guarded || n == nil || n.Pos() >= look.Pos() {
			return false
		}
		if n.Pos() == src {
			return false // the read the id comes from
		}
		use := false
		switch n := n.(type) {
		case *ast.Ident:
			use = idVar != nil && !lhs[n] && s.info.Uses[n] == idVar
		case *ast.IndexExpr:
			use = s.isValues(n.X) // r.Header["Mcp-Session-Id"][0]
		case *ast.CallExpr:
			switch {
			case s.isHeaderRead(n),
				s.isValues(n), // len(r.Header.Values(...)) == 0
				s.readsHeaderThrough(n, decls, 0):
				use = true
			}
		}
		if use && !exclusive(s.Body, n.Pos(), look.Pos()) {
			guarded = true
		}
		return !guarded
	})
	return !guarded
}

// lookupAt is the outermost index or call expression starting at pos.
func (s *Scan) lookupAt(pos token.Pos) ast.Expr {
	var out ast.Expr
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if out != nil || n == nil || n.End() <= pos || n.Pos() > pos {
			return false
		}
		if n.Pos() == pos {
			switch n := n.(type) {
			case *ast.IndexExpr:
				out = n
			case *ast.CallExpr:
				out = n
			}
		}
		return out == nil
	})
	return out
}

// readsHeaderThrough reports whether call hands the request (or a
// framework context) to a function that may read the Mcp-Session-Id header
// itself: one of the package whose body reads it (directly or through such
// a call, a few levels deep), or one outside the package and the standard
// library, which cannot be seen.
func (s *Scan) readsHeaderThrough(call *ast.CallExpr, decls map[*types.Func]*ast.FuncDecl, depth int) bool {
	given := false
	for _, a := range call.Args {
		if RequestLike(s.info.TypeOf(a)) {
			given = true
		}
	}
	if !given {
		return false
	}
	fn := httpwrite.Callee(s.info, call)
	if fn == nil {
		return true // a function value: unknown
	}
	if fn.Pkg() == nil || httpwrite.IsStd(fn.Pkg().Path()) {
		return false
	}
	decl := decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return true // another package's function, or one without a body
	}
	if depth >= 3 {
		return true
	}
	inner := &Scan{Body: decl.Body, info: s.info, defs: map[*types.Var][]def{}, pkg: s.pkg}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && (inner.isHeaderRead(c) || inner.readsHeaderThrough(c, decls, depth+1)) {
			found = true
		}
		return !found
	})
	return found
}

// RequestLike is *http.Request, http.Header or a framework's context.
func RequestLike(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Header") {
		return true
	}
	for _, p := range httpwrite.FrameworkPkgs {
		if httpwrite.IsNamed(t, p, "Context") || httpwrite.IsNamed(t, p, "Ctx") {
			return true
		}
	}
	return false
}

// exclusive reports whether no run passes p and then q: they lie in
// different branches of one statement (the then and the else of an if, two
// clauses of a switch), or p in a block that ends in a return and does not
// hold q (if initialize { ...p...; return }; q).
func exclusive(root ast.Node, p, q token.Pos) bool {
	return otherBranches(root, p, q) || returnsFirst(root, p, q)
}

// returnsFirst reports whether p lies in a block (not a function
// literal's body) that ends in a return or a panic and does not hold q.
func returnsFirst(root ast.Node, p, q token.Pos) bool {
	found := false
	var parent ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if found || n == nil || !inside(n, p) {
			return false
		}
		if _, lit := parent.(*ast.FuncLit); !lit && !inside(n, q) {
			switch n.(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				if terminates(n) {
					found = true
					return false
				}
			}
		}
		parent = n
		return true
	})
	return found
}

func otherBranches(root ast.Node, p, q token.Pos) bool {
	var lca, parent ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil || !inside(n, p) || !inside(n, q) {
			return false
		}
		parent, lca = lca, n
		return true
	})
	switch n := lca.(type) {
	case *ast.IfStmt:
		in := func(b ast.Node, x token.Pos) bool { return b != nil && inside(b, x) }
		var els ast.Node
		if n.Else != nil {
			els = n.Else
		}
		return in(n.Body, p) && in(els, q) || in(els, p) && in(n.Body, q)
	case *ast.BlockStmt:
		switch parent.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			// p must be in its clause's body, not its case list (which
			// is evaluated on the way to q's clause).
			for _, st := range n.List {
				switch c := st.(type) {
				case *ast.CaseClause:
					if inside(c, p) {
						return p > c.Colon
					}
				case *ast.CommClause:
					if inside(c, p) {
						return p > c.Colon
					}
				}
			}
		}
	}
	return false
}

// isEmptyString is the constant "".
func isEmptyString(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && v == ""
}

// FailedCall returns the call given the id whose error the innermost if
// around the answer (stack) tests non-nil (if err := mgr.Touch(id); err
// != nil), also when that error is its only result, or nil.
func (s *Scan) FailedCall(stack []ast.Node) *ast.CallExpr {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		if !inThen {
			return nil
		}
		for _, t := range httpwrite.Terms(ifs.Cond, true) {
			b, ok := t.E.(*ast.BinaryExpr)
			if !ok || !t.Truth || b.Op != token.NEQ {
				continue
			}
			x := b.X
			if s.isNil(x) {
				x = b.Y
			}
			v := s.varOf(x)
			if v == nil {
				continue
			}
			switch d := s.at(v, x.Pos()); d.kind {
			case errDef, callErrDef, invalidDef:
				return d.call
			}
		}
		return nil
	}
	return nil
}
