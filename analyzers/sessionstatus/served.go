package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Categories of the findings about a request served whatever its id.
const (
	catServed = "unknown-session-served"    // a table miss falls through to serving
	catMinted = "missing-session-id-minted" // no id: a fresh one, any method
)

// lookup is a read of the package's own session table keyed by a value
// that may be the request's Mcp-Session-Id.
type lookup struct {
	stmt  *ast.AssignStmt
	path  []ast.Node
	key   *ast.Ident
	vars  map[*types.Var]bool // the lookup's value and found variables
	found *types.Var          // ok of v, ok := ...
	value *types.Var          // v of v, ok := ... (a pointer or nil-able)
}

// servedUnknown reports, in a package that hands out session ids (it sets
// Mcp-Session-Id on an answer) and keeps a table of its own keyed by them,
// a handler whose lookup of the request's id in that table has a miss that
// falls through: nothing tests the miss except an `if ok { ... }` that
// only does some work for a known session, no test of the id refuses
// before or after, and the handler goes on to answer 2xx (or to call the
// next handler). The protocol answers an unknown id 404 and a missing one
// on a non-initialize request 400; serving either makes the server's
// table a suggestion. A missing id given a freshly minted one on that way,
// with no initialize test, is reported too: no id and not initialize is
// the 400 row, whatever id the server makes up.
func servedUnknown(pass *analysis.Pass, sum *answers.Result, tables map[*types.Var]bool) {
	info := pass.TypesInfo
	if len(tables) == 0 && !hasStoreType(pass.Pkg) {
		return
	}
	cands := map[ast.Node][]*lookup{}
	need := false
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		if ls := candidateLookups(info, pass.Pkg, n, tables); len(ls) > 0 && (sum.Scans[n] != nil || mayServe(info, n)) {
			cands[n] = ls
			need = need || sum.Scans[n] == nil
		}
	}
	var scans map[ast.Node]*session.Scan
	if need {
		scans = moreScans(pass, sum, func(m ast.Node) bool {
			return sum.Scans[m] == nil && cands[m] != nil
		})
	}
	for _, n := range sum.Funcs {
		s := sum.Scans[n]
		if s == nil {
			s = scans[n]
		}
		if s == nil || cands[n] == nil {
			continue
		}
		for _, l := range cands[n] {
			if !s.MayHoldLocalID(l.key) || !fallsThrough(info, s, n, sum.Answers[n], l) {
				continue
			}
			d := analysis.Diagnostic{
				Pos: l.stmt.Pos(), End: l.stmt.End(), Category: catServed,
				Message: "an Mcp-Session-Id the session table does not know is served: answer 404 (400 with no id) unless initialize",
			}
			for _, h := range handsOutAfter(info, s, n, l) {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.Pos(), End: h.End(), Message: "a fresh session is handed out here instead"})
			}
			report.Report(pass, d)
			if m := mintOnMissing(info, s, n, l); m != nil {
				report.Report(pass, analysis.Diagnostic{
					Pos: m.Pos(), End: m.End(), Category: catMinted,
					Message: "a request without Mcp-Session-Id gets a fresh id and is served whatever its method: answer 400 unless initialize",
					Related: []analysis.RelatedInformation{{Pos: l.stmt.Pos(), Message: "the made-up id misses the table here"}},
				})
			}
			break // one finding per function
		}
	}
}

// setsSessionHeader reports whether a function of the package outside
// tests sets Mcp-Session-Id on an answer to a value it did not read from
// another message: the package hands out ids (a gateway relaying its
// upstream's id does not).
func setsSessionHeader(pass *analysis.Pass, sum *answers.Result) bool {
	for _, n := range sum.Funcs {
		if !httpwrite.InTest(pass, n) && issuesInBody(pass.TypesInfo, httpwrite.Body(n)) {
			return true
		}
	}
	return false
}

// issuesInBody reports a body with a call outside its function literals
// that sets Mcp-Session-Id on an answer (issuesID).
func issuesInBody(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	walk(body, func(x ast.Node, _ []ast.Node) {
		if c, ok := x.(*ast.CallExpr); ok && !found {
			found = issuesID(info, body, c)
		}
	})
	return found
}

// issuesID reports a call, in body, that sets Mcp-Session-Id on an answer
// (w.Header().Set or Add, gin's c.Header, fiber's c.Set) to a value body
// did not read from another message.
func issuesID(info *types.Info, body *ast.BlockStmt, c *ast.CallExpr) bool {
	return setsAnswerID(info, c) && !relayed(info, body, c.Args[1])
}

// setsAnswerID reports a call that sets Mcp-Session-Id on the answer,
// whatever value it sets.
func setsAnswerID(info *types.Info, c *ast.CallExpr) bool {
	if len(c.Args) != 2 || !httpwrite.IsSessionHeader(info, c.Args[0]) {
		return false
	}
	fn := httpwrite.Callee(info, c)
	switch {
	case fn == nil:
		return false
	case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Set"), httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Add"):
		return answerHeader(info, c)
	}
	return httpwrite.IsMethod(fn, httpwrite.PkgGin, "Context", "Header") ||
		httpwrite.IsMethod(fn, httpwrite.PkgFiber, "Ctx", "Set") ||
		httpwrite.IsMethod(fn, httpwrite.PkgFiber3, "Ctx", "Set")
}

// tableVar is the variable a table expression names: a struct field
// (s.sessions) or a package-level variable.
func tableVar(info *types.Info, pkg *types.Package, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		v, _ := info.Uses[e.Sel].(*types.Var)
		if v != nil && v.IsField() {
			return v
		}
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		if v != nil && v.Parent() == pkg.Scope() {
			return v
		}
	}
	return nil
}

// ownedTables are the maps keyed by string of this package that it stores
// a struct of its own into (m[k] = &session{...}), and the sync.Maps it
// stores into: tables of its own sessions, not a pass-through.
func ownedTables(pass *analysis.Pass, sum *answers.Result) map[*types.Var]bool {
	info := pass.TypesInfo
	out := map[*types.Var]bool{}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		walk(httpwrite.Body(n), func(x ast.Node, _ []ast.Node) {
			switch x := x.(type) {
			case *ast.AssignStmt:
				if len(x.Lhs) != len(x.Rhs) {
					return
				}
				for i, l := range x.Lhs {
					ix, ok := ast.Unparen(l).(*ast.IndexExpr)
					if !ok || !ownStruct(info, pass.Pkg, x.Rhs[i]) {
						continue
					}
					if m, _ := mapKey(info, ix); m == "" {
						continue
					}
					if v := tableVar(info, pass.Pkg, ix.X); v != nil {
						out[v] = true
					}
				}
			case *ast.CallExpr:
				fn := httpwrite.Callee(info, x)
				if len(x.Args) != 2 || !httpwrite.IsMethod(fn, "sync", "Map", "Store") && !httpwrite.IsMethod(fn, "sync", "Map", "LoadOrStore") {
					return
				}
				if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && ownStruct(info, pass.Pkg, x.Args[1]) {
					if v := tableVar(info, pass.Pkg, sel.X); v != nil {
						out[v] = true
					}
				}
			}
		})
	}
	return out
}

// candidateLookups lists the lookups of function n in an owned table, or
// through a method of a store type of the package that answers (T, bool),
// keyed by a plain variable.
func candidateLookups(info *types.Info, pkg *types.Package, n ast.Node, tables map[*types.Var]bool) []*lookup {
	var out []*lookup
	walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
		a, ok := x.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 || len(a.Lhs) != 2 {
			return
		}
		var key *ast.Ident
		switch r := ast.Unparen(a.Rhs[0]).(type) {
		case *ast.IndexExpr:
			if m, k := mapKey(info, r); m != "" && tables[tableVar(info, pkg, r.X)] {
				key = k
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(r.Fun).(*ast.SelectorExpr)
			if !ok {
				return
			}
			fn := httpwrite.Callee(info, r)
			switch {
			case httpwrite.IsMethod(fn, "sync", "Map", "Load"):
				if len(r.Args) == 1 && tables[tableVar(info, pkg, sel.X)] {
					key, _ = ast.Unparen(r.Args[0]).(*ast.Ident)
				}
			case storeLookup(pkg, fn):
				key = stringArg(info, r)
			}
		}
		if key == nil || !isVar(info, key) {
			return
		}
		l := &lookup{stmt: a, path: append([]ast.Node(nil), path...), key: key, vars: map[*types.Var]bool{}}
		for i, e := range a.Lhs {
			id, _ := e.(*ast.Ident)
			if id == nil {
				continue
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			if v == nil {
				continue
			}
			l.vars[v] = true
			if i == 0 {
				l.value = v
			} else {
				l.found = v
			}
		}
		if l.found != nil {
			out = append(out, l)
		}
	})
	return out
}

// storeLookup reports a method of a type of the package that answers
// (T, bool): a comma-ok get of its own store.
func storeLookup(pkg *types.Package, fn *types.Func) bool {
	if fn == nil || fn.Pkg() != pkg {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Results().Len() != 2 {
		return false
	}
	b, ok := sig.Results().At(1).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// stringArg is the only argument of call given to a string parameter,
// when it is a plain variable.
func stringArg(info *types.Info, call *ast.CallExpr) *ast.Ident {
	var key *ast.Ident
	n := 0
	for _, a := range call.Args {
		if b, ok := info.TypeOf(a).Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			n++
			key, _ = ast.Unparen(a).(*ast.Ident)
		}
	}
	if n != 1 {
		return nil
	}
	return key
}

// fallsThrough reports whether lookup l's miss reaches a 2xx answer of
// function n (or the next handler): every use of the lookup's variables is
// in an `if ok` (or `if v != nil`) without an else whose body neither
// returns nor removes the session, no test of the id refuses anywhere in
// the function, the lookup is not in an initialize branch, and a 2xx
// answer outside those bodies and outside an initialize branch follows.
func fallsThrough(info *types.Info, s *session.Scan, n ast.Node, as []*answers.Answer, l *lookup) bool {
	body := httpwrite.Body(n)
	if s.InitializeBranch(l.path) || s.ValidatedExcept(l.path, l.vars) {
		return false
	}
	// The ifs that only do work for a found session.
	onFound := map[*ast.IfStmt]bool{}
	bad := false
	walk(body, func(x ast.Node, _ []ast.Node) {
		ifs, ok := x.(*ast.IfStmt)
		if !ok || ifs.Pos() < l.stmt.End() && !within(ifs.Init, l.stmt) {
			return
		}
		if !foundOnly(info, ifs.Cond, l) {
			return
		}
		if hasExit(ifs.Body) || ifs.Else != nil && hasExit(ifs.Else) || removesID(info, s, ifs.Body) {
			bad = true
			return
		}
		onFound[ifs] = true
	})
	if bad {
		return false
	}
	// inFound: in the body (or the condition) of such an if; its else
	// is the miss, judged like the code after it.
	inFound := func(path []ast.Node) bool {
		for i, p := range path {
			if ifs, ok := p.(*ast.IfStmt); ok && onFound[ifs] && i+1 < len(path) && path[i+1] != ifs.Else {
				return true
			}
		}
		return false
	}
	walk(body, func(x ast.Node, path []ast.Node) {
		if bad {
			return
		}
		switch x := x.(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v != nil && l.vars[v] && !inFound(path) {
				bad = true
			}
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if x.Pos() > l.stmt.Pos() && !inFound(path) && s.RefusesOn(x.(ast.Stmt), l.vars) {
				bad = true
			}
		}
	})
	if bad {
		return false
	}
	return servesAfter(info, s, n, as, l, inFound)
}

// within reports whether n is inside (or is) m.
func within(n, m ast.Node) bool {
	return n != nil && m != nil && m.Pos() <= n.Pos() && n.End() <= m.End()
}

// foundOnly reports whether cond is exactly a test that the lookup found
// the session: ok, or v != nil.
func foundOnly(info *types.Info, cond ast.Expr, l *lookup) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.Ident:
		return info.Uses[e] == l.found
	case *ast.BinaryExpr:
		if e.Op.String() != "!=" {
			return false
		}
		x, y := e.X, e.Y
		if isNil(info, x) {
			x, y = y, x
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && l.value != nil && info.Uses[id] == l.value && isNil(info, y)
	}
	return false
}

// hasExit reports whether b holds a return, a branch statement or a panic.
func hasExit(b ast.Stmt) bool { return exitsWithin(b, b.Pos(), b.End()) }

// exitsWithin reports a return, branch statement or panic of n (not of a
// function literal in it) starting between from and to.
func exitsWithin(n ast.Node, from, to token.Pos) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found || x == nil {
			return false
		}
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		if x.Pos() < from || x.Pos() >= to {
			return true
		}
		switch x := x.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "panic" {
				found = true
			}
		}
		return !found
	})
	return found
}

// servesAfter reports a 2xx answer of n after the lookup, outside the
// found-only bodies and outside an initialize branch, or a call of the
// next handler (ServeHTTP, gin's c.Next).
func servesAfter(info *types.Info, s *session.Scan, n ast.Node, as []*answers.Answer, l *lookup, inFound func([]ast.Node) bool) bool {
	for _, a := range as {
		// A JSON-RPC error sent with 200 refuses, with the wrong status:
		// check reports that.
		ok2xx := (a.Status >= 200 && a.Status < 300 || a.Status == 0 && a.Implicit) && !a.HasCode
		if ok2xx && a.Node.Pos() > l.stmt.End() && !inFound(a.Stack) && !s.InitializeBranch(a.Stack) {
			return true
		}
	}
	served := false
	walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
		c, ok := x.(*ast.CallExpr)
		if !ok || served || c.Pos() < l.stmt.End() || inFound(path) || s.InitializeBranch(path) {
			return
		}
		if httpwrite.BodyWriteTarget(info, c) != nil && !refusedBefore(as, path, c) {
			served = true // a body with no status set before it: 200
			return
		}
		fn := httpwrite.Callee(info, c)
		switch {
		case fn == nil:
		case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Handler", "ServeHTTP"),
			httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "HandlerFunc", "ServeHTTP"),
			httpwrite.IsMethod(fn, httpwrite.PkgGin, "Context", "Next"):
			served = true
		}
	})
	return served
}

// mintOnMissing returns the assignment that gives a request without an id
// a fresh one on the way to lookup l: `if id == "" { id = newID() }` on
// the lookup's key, with no initialize test in the condition or around
// it, no return in its body, and no test that returns anywhere in the
// function and may tell an initialize without an id from another request.
func mintOnMissing(info *types.Info, s *session.Scan, n ast.Node, l *lookup) ast.Node {
	kv := info.Uses[l.key]
	var mint ast.Node
	bad := false
	walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
		ifs, ok := x.(*ast.IfStmt)
		if !ok || bad {
			return
		}
		exits := hasExit(ifs.Body)
		if b, ok := ifs.Else.(*ast.BlockStmt); ok && hasExit(b) {
			exits = true
		}
		if exits {
			bad = s.MayTellMissingInit(ifs.Cond)
			return
		}
		id := s.EmptyIDTest(ifs.Cond)
		if id == nil {
			return
		}
		if mint != nil || ifs.Pos() > l.stmt.Pos() || info.Uses[id] != kv || s.InitializeBranch(path) {
			return
		}
		for _, st := range ifs.Body.List {
			a, ok := st.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
				continue
			}
			lhs, _ := a.Lhs[0].(*ast.Ident)
			call, _ := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
			if lhs != nil && call != nil && info.ObjectOf(lhs) == kv && !s.MayHoldID(call) && !session.TakesRequest(info, call) && !readsRequest(info, call) {
				mint = ifs
			}
		}
	})
	if bad {
		return nil
	}
	return mint
}

// readsRequest reports whether e mentions a value of a request type (a
// header, a query parameter): such a value is the client's, not minted.
func readsRequest(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found {
			if t := info.TypeOf(x); t != nil && (httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || isPtrTo(t, httpwrite.PkgHTTP, "Request")) {
				found = true
			}
		}
		return !found
	})
	return found
}

func isPtrTo(t types.Type, path, name string) bool {
	p, ok := t.(*types.Pointer)
	return ok && httpwrite.IsNamed(p.Elem(), path, name)
}

// relayed reports whether e is, or is a variable of body assigned from,
// an expression that reads a header or a message: an id copied from an
// upstream response or from the request, not minted here.
func relayed(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	if readsMessage(info, e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, l := range a.Lhs {
			lid, ok := l.(*ast.Ident)
			if !ok || info.ObjectOf(lid) != v {
				continue
			}
			if len(a.Rhs) == len(a.Lhs) && readsMessage(info, a.Rhs[i]) || len(a.Rhs) == 1 && readsMessage(info, a.Rhs[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsMessage reports whether e mentions a request, a response or a
// header map of net/http.
func readsMessage(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found {
			if t := info.TypeOf(x); t != nil {
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				found = httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Response") || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Header")
			}
		}
		return !found
	})
	return found
}

// answerHeader reports whether call sets a header of an answer:
// w.Header().Set(k, v) on a ResponseWriter, not on an outgoing request.
func answerHeader(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	h, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	hs, ok := ast.Unparen(h.Fun).(*ast.SelectorExpr)
	if !ok || hs.Sel.Name != "Header" {
		return false
	}
	t := info.TypeOf(hs.X)
	return t != nil && httpwrite.IsResponseWriter(t)
}

// refusedBefore reports whether an answer of another status than 2xx, or
// one whose status is not known, comes before call in a block that holds
// call: the body goes out under that status.
func refusedBefore(as []*answers.Answer, path []ast.Node, call *ast.CallExpr) bool {
	for _, a := range as {
		if a.Status >= 200 && a.Status < 300 || a.Node.Pos() >= call.Pos() {
			continue
		}
		for i := len(a.Stack) - 1; i >= 0; i-- {
			b, ok := a.Stack[i].(*ast.BlockStmt)
			if !ok {
				continue
			}
			for _, p := range path {
				if p == b {
					return true
				}
			}
			break
		}
	}
	return false
}

// hasStoreType reports whether the package declares a method answering
// (T, bool): a store of its own may be looked up through it.
func hasStoreType(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		for m := range named.Methods() {
			if storeLookup(pkg, m) {
				return true
			}
		}
	}
	return false
}

// handsOutAfter lists the answers' Mcp-Session-Id headers set after
// lookup l in an if that does not return, outside an initialize branch:
// the miss gets a new session instead of 404.
func handsOutAfter(info *types.Info, s *session.Scan, n ast.Node, l *lookup) []ast.Node {
	var out []ast.Node
	walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
		c, ok := x.(*ast.CallExpr)
		if !ok || c.Pos() < l.stmt.End() || len(c.Args) != 2 || !httpwrite.IsSessionHeader(info, c.Args[0]) || !answerHeader(info, c) || s.InitializeBranch(path) {
			return
		}
		for i := len(path) - 1; i >= 0; i-- {
			if ifs, ok := path[i].(*ast.IfStmt); ok && i+1 < len(path) && path[i+1] == ifs.Body && !hasExit(ifs.Body) {
				if len(out) < 2 {
					out = append(out, c)
				}
				return
			}
		}
	})
	return out
}

// mayServe reports whether function n writes a body or calls the next
// handler: a function with no answer of its own needs a session scan
// only then, and a scan learns over the whole package.
func mayServe(info *types.Info, n ast.Node) bool {
	found := false
	walk(httpwrite.Body(n), func(x ast.Node, _ []ast.Node) {
		c, ok := x.(*ast.CallExpr)
		if !ok || found {
			return
		}
		if httpwrite.BodyWriteTarget(info, c) != nil {
			found = true
			return
		}
		fn := httpwrite.Callee(info, c)
		found = httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Handler", "ServeHTTP") ||
			httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "HandlerFunc", "ServeHTTP") ||
			httpwrite.IsMethod(fn, httpwrite.PkgGin, "Context", "Next")
	})
	return found
}
