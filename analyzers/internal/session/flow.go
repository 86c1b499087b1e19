package session

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// This file holds what the adoption checks need: whether a value may be the
// client's own Mcp-Session-Id (the header if present, else a minted one),
// whether a path has tested the id beyond its emptiness, and whether a path
// runs only for an initialize request.

// MayHoldID reports whether e may hold the request's Mcp-Session-Id: the id
// itself, or a variable some assignment reaching e makes the id or a copy
// of it, whatever else reaches it too (a minted id when the header is
// empty: `id := hdr; if id == "" { id = mint() }`).
func (s *Scan) MayHoldID(e ast.Expr) bool { return s.mayHold(e, 0, false) }

// MayHoldLocalID is MayHoldID for an id read in this function (from the
// header, or a helper that returns it), not one a caller passed in: the
// caller may have checked it.
func (s *Scan) MayHoldLocalID(e ast.Expr) bool { return s.mayHold(e, 0, true) }

func (s *Scan) mayHold(e ast.Expr, depth int, local bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if (!local || !ok) && s.IsID(e) {
		return true
	}
	if !ok || depth > 4 {
		return false
	}
	v, _ := s.info.ObjectOf(id).(*types.Var)
	if v == nil {
		return false
	}
	for _, d := range s.reaching(v, id.Pos()) {
		if d.kind == idDef && (!local || d.pos.IsValid()) {
			return true
		}
		if d.rhs != nil && s.mayHold(d.rhs, depth+1, local) {
			return true
		}
	}
	return false
}

// reaching lists the assignments to v that may reach pos: the last one
// whose scope holds pos and those after it in nested scopes that can fall
// through (see at).
func (s *Scan) reaching(v *types.Var, pos token.Pos) []def {
	var reach []def
	for _, x := range s.defs[v] {
		if x.pos >= pos {
			continue
		}
		switch {
		case x.scope == nil || x.scope.Pos() <= pos && pos < x.scope.End():
			reach = []def{x}
		case terminates(x.scope), otherBranch(x.branches, pos), branchEnds(x.branches, pos):
		default:
			reach = append(reach, x)
		}
	}
	return reach
}

// Validated reports whether the way to the last node of stack has tested
// the session id beyond its emptiness: an enclosing if, or an earlier if
// or switch in an enclosing block that returns in one of its branches,
// whose condition looks at the id, at a lookup keyed by it, or calls a
// function given the id or the request (a check of the session done
// elsewhere). A test of id == "" alone does not count: it says nothing of
// who minted the id.
func (s *Scan) Validated(stack []ast.Node) bool { return s.ValidatedExcept(stack, nil) }

// ValidatedExcept is Validated, blind to the variables in skip: those of a
// lookup whose miss is the path being judged.
func (s *Scan) ValidatedExcept(stack []ast.Node, skip map[*types.Var]bool) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if s.looksAtID(n.Cond, skip) {
				return true
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st == stack[i+1] {
					break
				}
				if s.refuses(st, skip) {
					return true
				}
			}
		case *ast.CaseClause:
			for _, st := range n.Body {
				if st == stack[i+1] {
					break
				}
				if s.refuses(st, skip) {
					return true
				}
			}
		}
	}
	return false
}

// refuses reports whether st is or holds an if or a switch that looks at
// the id and returns in a branch (a check in one branch of an earlier
// if-else: the other branch is the initialize's, which has no id to check).
func (s *Scan) refuses(st ast.Stmt, skip map[*types.Var]bool) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case ast.Stmt:
			found = s.refusesHere(n, skip)
		}
		return !found
	})
	return found
}

func (s *Scan) refusesHere(st ast.Stmt, skip map[*types.Var]bool) bool {
	switch st := st.(type) {
	case *ast.IfStmt:
		if !s.looksAtID(st.Cond, skip) {
			return false
		}
		if terminates(st.Body) {
			return true
		}
		if b, ok := st.Else.(*ast.BlockStmt); ok && terminates(b) {
			return true
		}
	case *ast.SwitchStmt:
		if st.Tag != nil && s.looksAtID(st.Tag, skip) {
			return true
		}
		for _, c := range st.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				if s.looksAtID(e, skip) {
					return true
				}
			}
		}
	}
	return false
}

// looksAtID reports whether e tests the id beyond its emptiness.
func (s *Scan) looksAtID(e ast.Expr, skip map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				x, y := ast.Unparen(n.X), ast.Unparen(n.Y)
				if s.isEmpty(x) {
					x, y = y, x
				}
				if s.isEmpty(y) && (s.MayHoldID(x) || s.isIDOrLen(x)) {
					return false // id == "": emptiness only
				}
			}
		case *ast.Ident:
			if v, _ := s.info.ObjectOf(n).(*types.Var); v != nil && !skip[v] {
				if s.MayHoldID(n) {
					found = true
				}
				for _, d := range s.reaching(v, n.Pos()) {
					switch d.kind {
					case foundDef, valueDef, errDef, invalidDef:
						found = true
					}
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if t := s.info.TypeOf(a); t != nil && RequestLike(t) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// InitializeBranch reports whether the last node of stack runs only for an
// initialize request: it is in the then branch of an if testing the method
// equal to "initialize" (==, strings.EqualFold), the else of one testing it
// different, a switch clause listing "initialize", or a clause of a switch
// with no tag whose every condition tests the method so.
func (s *Scan) InitializeBranch(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			inThen := stack[i+1] == n.Body
			inElse := n.Else != nil && stack[i+1] == n.Else
			if (inThen || inElse) && s.isInit(n.Cond, inThen) {
				return true
			}
		case *ast.CaseClause:
			if i >= 2 {
				// switch { case msg.Method == "initialize": }: each
				// expression is a condition, and every one must say so.
				if sw, ok := stack[i-2].(*ast.SwitchStmt); ok && sw.Tag == nil {
					all := len(n.List) > 0
					for _, e := range n.List {
						all = all && s.isInit(e, true)
					}
					if all {
						return true
					}
					continue
				}
			}
			for _, e := range n.List {
				if s.isInitializeName(e) {
					return true
				}
			}
		}
	}
	return false
}

// isInit reports whether e having value truth says the message is an
// initialize request.
func (s *Scan) isInit(e ast.Expr, truth bool) bool {
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return s.isInit(e.X, !truth)
		}
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.LAND && truth, e.Op == token.LOR && !truth:
			return s.isInit(e.X, truth) || s.isInit(e.Y, truth)
		case e.Op == token.EQL || e.Op == token.NEQ:
			if s.isInitializeName(e.X) || s.isInitializeName(e.Y) {
				return (e.Op == token.EQL) == truth
			}
		}
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, e)
		if truth && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && fn.Name() == "EqualFold" && len(e.Args) == 2 {
			return s.isInitializeName(e.Args[0]) || s.isInitializeName(e.Args[1])
		}
		// isInitializeRequest(msg), msg.IsInitialize(): a predicate
		// named for the initialize message.
		return truth && fn != nil && initPredicate(fn)
	}
	return false
}

// initPredicate reports whether fn is a predicate named for the initialize
// request: one bool result and a word of its name "initialize" or "init"
// (not "initialized", the notification and the state of a session).
func initPredicate(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) {
		return false
	}
	ws := words(fn.Name())
	if len(ws) < 2 || ws[0] != "is" {
		return false
	}
	return slices.Contains(ws, "initialize") || slices.Contains(ws, "init")
}

// FoundTest reports whether e having value truth says the session was
// found: ok of s, ok := sessions[id], s != nil, store.Exists(id). The
// Cond is the one the opposite value gives (Unknown).
func (s *Scan) FoundTest(e ast.Expr, truth bool) (Cond, bool) {
	c, ok := s.test(ast.Unparen(e), !truth)
	return c, ok && c.Kind == Unknown
}

// missingGuard finds, for an answer under a test that the message is not an
// initialize, an earlier guard that returned for every request carrying an
// id (`if id != "" { ...; return }`): past it the request has none, and no
// id and not initialize is the protocol's 400 row.
func (s *Scan) missingGuard(stack []ast.Node) (Cond, bool) {
	for i := len(stack) - 2; i >= 0; i-- {
		b, ok := stack[i].(*ast.BlockStmt)
		if !ok {
			continue
		}
		for _, st := range b.List {
			if st == stack[i+1] {
				break
			}
			ifs, ok := st.(*ast.IfStmt)
			if !ok || ifs.Else != nil || !terminates(ifs.Body) {
				continue
			}
			for _, t := range httpwrite.Terms(ifs.Cond, false) {
				if c, ok := s.test(t.E, t.Truth); ok && c.Kind == Missing {
					c.NotInit = true
					return c, true
				}
			}
		}
	}
	return Cond{}, false
}

// ifaceIDs marks the methods of the package's interfaces that a type of
// the package implements with a method returning the id (a session
// store's ExtractID(r) called through the interface the handler holds).
// It reports whether it marked any.
func ifaceIDs(pkg *types.Package, ids *pkgIDs) bool {
	if pkg == nil || len(ids.funcs) == 0 {
		return false
	}
	changed := false
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			if ids.funcs[m] {
				continue
			}
			for fn := range ids.funcs {
				recv := fn.Type().(*types.Signature).Recv()
				if recv == nil || fn.Name() != m.Name() || fn.Pkg() != pkg {
					continue
				}
				if types.Implements(recv.Type(), iface) {
					ids.funcs[m] = true
					changed = true
					break
				}
			}
		}
	}
	return changed
}

// InitializeBranchIn is InitializeBranch without a scan: the test of the
// method needs only the types.
func InitializeBranchIn(info *types.Info, stack []ast.Node) bool {
	return (&Scan{info: info}).InitializeBranch(stack)
}

// IsInitializeTestIn reports whether e, true, says the message is an
// initialize request; it needs only the types.
func IsInitializeTestIn(info *types.Info, e ast.Expr) bool {
	return (&Scan{info: info}).isInit(e, true)
}
