package refusedhandshake

import (
	"go/ast"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// sessionTables finds the tables that hold sessions: those a request's
// Mcp-Session-Id is looked up in (an index, a sync.Map Load, a delete of
// that id, or a package function that looks up its parameter). A table of fresh ids nobody finds
// by that header (tasks, streams, request ids) is not a session table, and
// the rules leave it alone.
func (t *tables) sessionTables() map[*types.Var]bool {
	// The functions that return the header's value, for ids read through
	// a helper.
	idFuncs := map[*types.Func]bool{}
	t.idFuncs = idFuncs
	refs := map[*ast.BlockStmt]keyRefs{}
	refsOf := func(body *ast.BlockStmt) keyRefs {
		r, ok := refs[body]
		if !ok {
			r = t.keyRefsOf(body)
			refs[body] = r
		}
		return r
	}
	for fn, fd := range t.decls {
		if !refsOf(fd.Body).header {
			continue // nothing in it reads the header
		}
		vars := t.idVars(fd.Body, nil)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 && (t.headerValue(r.Results[0], nil) || isVarIn(t.info, r.Results[0], vars)) {
				idFuncs[fn] = true
			}
			return !idFuncs[fn]
		})
	}
	// lookupParam[fn] are the tables fn indexes by each parameter.
	lookupParam := map[*types.Func]map[int]*types.Var{}
	for changed, round := true, 0; changed && round < 3; round++ {
		changed = false
		for fn, fd := range t.decls {
			if r := refsOf(fd.Body); !r.indexes && !callsAny(r, lookupParam) {
				continue // it looks nothing up
			}
			params := paramPositions(t.info, fd)
			t.lookups(fd.Body, func(key ast.Expr) (int, bool) {
				id, ok := ast.Unparen(key).(*ast.Ident)
				if !ok {
					return 0, false
				}
				v, _ := t.info.Uses[id].(*types.Var)
				i, ok := params[v]
				return i, ok
			}, lookupParam, func(i int, tab *types.Var) {
				if lookupParam[fn] == nil {
					lookupParam[fn] = map[int]*types.Var{}
				}
				if lookupParam[fn][i] == nil {
					lookupParam[fn][i] = tab
					changed = true
				}
			})
		}
	}
	out := map[*types.Var]bool{}
	for _, fn := range httpwrite.Funcs(t.pass.Files) {
		body := httpwrite.Body(fn)
		if body == nil {
			continue
		}
		if r := refsOf(body); !r.header && !callsAny(r, idFuncs) || !r.indexes && !callsAny(r, lookupParam) {
			continue // it reads no id, or looks nothing up
		}
		idVars := t.idVars(body, idFuncs)
		t.lookups(body, func(key ast.Expr) (int, bool) {
			if t.headerValue(key, idFuncs) {
				return 0, true
			}
			id, ok := ast.Unparen(key).(*ast.Ident)
			if !ok {
				return 0, false
			}
			v, _ := t.info.Uses[id].(*types.Var)
			return 0, idVars[v]
		}, lookupParam, func(_ int, tab *types.Var) { out[tab] = true })
	}
	return out
}

// idVars are the variables of body assigned the request's Mcp-Session-Id
// somewhere (flow-insensitive: they only name the tables looked up).
func (t *tables) idVars(body *ast.BlockStmt, idFuncs map[*types.Func]bool) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, r := range as.Rhs {
			if !t.headerValue(r, idFuncs) {
				continue
			}
			if id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident); ok {
				obj := t.info.Defs[id]
				if obj == nil {
					obj = t.info.Uses[id]
				}
				if v, ok := obj.(*types.Var); ok {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

func isVarIn(info *types.Info, e ast.Expr, vars map[*types.Var]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	return vars[v]
}

// headerValue reports whether e is the request's Mcp-Session-Id: a header
// Get or index with that name, or a call of a function returning one.
func (t *tables) headerValue(e ast.Expr, idFuncs map[*types.Func]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Get" || sel.Sel.Name == "GetHeader") && len(e.Args) == 1 {
			return httpwrite.IsSessionHeader(t.info, e.Args[0])
		}
		if httpwrite.IsFrameworkHeader(t.info, e) {
			return true // fiber's c.Get(k, fallback)
		}
		if fn := calledFunc(t.info, e); fn != nil && idFuncs[fn] {
			return true
		}
	case *ast.IndexExpr:
		return httpwrite.IsSessionHeader(t.info, e.Index)
	}
	return false
}

// lookups calls found for every lookup in body of a table keyed by an
// expression key accepts: an index, a sync.Map method, or a call of a
// function that looks its parameter up.
func (t *tables) lookups(body *ast.BlockStmt, key func(ast.Expr) (int, bool), lookupParam map[*types.Func]map[int]*types.Var, found func(int, *types.Var)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if tab := t.tableOf(n.X); tab != nil {
				if i, ok := key(n.Index); ok {
					found(i, tab)
				}
			}
		case *ast.CallExpr:
			// Ending the session a request names (a DELETE's delete of
			// its Mcp-Session-Id) finds it by that id as a lookup does.
			if isBuiltin(t.info, n, "delete") && len(n.Args) == 2 {
				if tab := t.tableOf(n.Args[0]); tab != nil {
					if i, ok := key(n.Args[1]); ok {
						found(i, tab)
					}
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && len(n.Args) >= 1 {
				if tab := t.tableOf(sel.X); tab != nil && isSyncMap(tab.Type()) {
					if i, ok := key(n.Args[0]); ok {
						found(i, tab)
					}
				}
				if tab := t.storeOf(sel.X); tab != nil && storeVerbs[sel.Sel.Name] == storeLookup {
					if k := t.storeKey(n); k != nil {
						if i, ok := key(k); ok {
							found(i, tab)
						}
					}
				}
			}
			if fn := calledFunc(t.info, n); fn != nil {
				for pi, tab := range lookupParam[fn] {
					if pi < len(n.Args) {
						if i, ok := key(n.Args[pi]); ok {
							found(i, tab)
						}
					}
				}
			}
		}
		return true
	})
}

// paramPositions maps fd's parameters to their positions.
func paramPositions(info *types.Info, fd *ast.FuncDecl) map[*types.Var]int {
	params := map[*types.Var]int{}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			if v, ok := info.Defs[name].(*types.Var); ok {
				params[v] = i
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	return params
}

// requestKeyed reports whether the registration s of body, into a table of
// another package, is keyed by the request's Mcp-Session-Id (read
// directly or through a helper of the package that returns it): that
// table holds sessions whatever its own package looks up.
func (t *tables) requestKeyed(body *ast.BlockStmt, s regSite) bool {
	if t.sessionTab == nil {
		t.sessionTab = t.sessionTables()
	}
	ids := t.idVars(body, t.idFuncs)
	for v := range s.keys {
		if ids[v] {
			return true
		}
	}
	return false
}

// keyRefs is what one body holds that sessionTables looks for, found in one
// walk so that each of its passes skips the bodies that cannot matter: most
// of a package's functions neither read the header nor look a table up.
type keyRefs struct {
	header  bool // names the Mcp-Session-Id header
	indexes bool // indexes something, or calls a method (a sync.Map's)
	calls   []*types.Func
}

func (t *tables) keyRefsOf(body *ast.BlockStmt) keyRefs {
	var r keyRefs
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			r.indexes = true
			if !r.header && httpwrite.IsSessionHeader(t.info, n.Index) {
				r.header = true
			}
		case *ast.CallExpr:
			if _, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok || isBuiltin(t.info, n, "delete") {
				r.indexes = true
			}
			if fn := calledFunc(t.info, n); fn != nil {
				r.calls = append(r.calls, fn)
			}
		case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
			if !r.header && httpwrite.IsSessionHeader(t.info, n.(ast.Expr)) {
				r.header = true
			}
		}
		return true
	})
	return r
}

// callsAny reports whether the body calls a function that is a key of m.
func callsAny[V any](r keyRefs, m map[*types.Func]V) bool {
	if len(m) == 0 {
		return false
	}
	for _, fn := range r.calls {
		if _, ok := m[fn]; ok {
			return true
		}
	}
	return false
}
