package sessionstatus

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// untestedAdoption reports a session stored under the client's own
// Mcp-Session-Id on the way a request carrying an id the server never
// minted takes: the handler is walked with an id its lookups do not hold
// (session.Scan.ReachedKeys), and a store of a new session of the package
// (m[id] = &session{}, sessions.LoadOrStore(id, ...)) reached with the
// key still holding the request's id, past no test that may tell a known
// id from an unknown one, makes that id a session. The protocol answers
// such an id 404, and only the server mints ids. It is judged in a
// function that mints the key itself on the way without an id (`if id ==
// "" { id = newID() }`), or in a package that hands out ids.
//
// A get-or-create (the store after a lookup of the same key missed) and a
// store in an initialize branch are adoption's; a key that is a parameter
// is its callers' to check, and is left alone.
func untestedAdoption(pass *analysis.Pass, p *pkgInfo, sum *answers.Result, puts map[ast.Node][]*put, found *adoptions) {
	info := pass.TypesInfo
	byFn := map[ast.Node][]session.KeyTarget{}
	keys := map[ast.Node]*ast.Ident{} // each target's key, as written
	// helpers are the package's functions that store a new session under
	// a parameter: judged at the calls that hand them the client's id.
	type helper struct {
		fn    ast.Node
		param int
		put   *put
	}
	helpers := map[*types.Func]helper{}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		for _, pt := range slices.Concat(puts[n], keyedPuts(info, pass.Pkg, n)) {
			if pt.m == "" || !pt.own || pt.getOrCreate || !pt.record && !freshValue(info, httpwrite.Body(n), putValue(info, pt)) {
				continue
			}
			v, ok := info.Uses[pt.key].(*types.Var)
			if !ok {
				continue
			}
			if isParam(info, n, pt.key) {
				if fn := funcOf(info, n); fn != nil {
					if _, seen := helpers[fn]; !seen {
						helpers[fn] = helper{n, paramIndex(fn, v), pt}
					}
				}
				continue
			}
			byFn[n] = append(byFn[n], session.KeyTarget{Node: pt.node, Key: v})
			keys[pt.node] = pt.key
		}
	}
	// A helper counts when its own way from the parameter to the store
	// holds no check of it.
	related := map[ast.Node]ast.Node{}
	if len(helpers) > 0 {
		need := map[ast.Node]bool{}
		for _, h := range helpers {
			need[h.fn] = true
		}
		hs := scansOf(pass, sum, need)
		for fn, h := range helpers {
			s := hs[h.fn]
			param := fn.Type().(*types.Signature).Params().At(h.param)
			t := []session.KeyTarget{{Node: h.put.node, Key: param}}
			if s == nil || !reachesClient(s.ReachedKeys(session.Unknown, t, param)) {
				delete(helpers, fn)
			}
		}
		for _, c := range callSites(pass, sum, func(fn *types.Func, _ *ast.CallExpr) bool { _, ok := helpers[fn.Origin()]; return ok }) {
			h := helpers[c.fnc.Origin()]
			if h.param >= len(c.call.Args) || c.fn == h.fn {
				continue
			}
			id, ok := ast.Unparen(c.call.Args[h.param]).(*ast.Ident)
			if !ok {
				continue
			}
			if v, ok := info.Uses[id].(*types.Var); ok {
				byFn[c.fn] = append(byFn[c.fn], session.KeyTarget{Node: c.call, Key: v})
				keys[c.call] = id
				related[c.call] = h.put.node
			}
		}
	}
	if len(byFn) == 0 {
		return
	}
	need := map[ast.Node]bool{}
	for n := range byFn {
		need[n] = true
	}
	scans := scansOf(pass, sum, need)
	for _, n := range sum.Funcs {
		s := scans[n]
		if s == nil || len(byFn[n]) == 0 {
			continue
		}
		targets := byFn[n]
		var minted map[ast.Node]bool
		for _, r := range s.ReachedKeys(session.Unknown, targets) {
			if !r.Client {
				continue
			}
			if minted == nil {
				minted = map[ast.Node]bool{}
				for _, m := range s.ReachedKeys(session.Missing, targets) {
					minted[m.Node] = m.Given
				}
			}
			if !minted[r.Node] && !p.issuesIDs(pass) {
				continue
			}
			d := analysis.Diagnostic{
				Pos: r.Node.Pos(), End: r.Node.End(), Category: catAdopt,
				Message: "creates a session under the client's Mcp-Session-Id, never checked: answer 404 to an id this server did not mint",
			}
			if h := idSource(pass, n, keys[r.Node]); h != nil {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.Pos(), End: h.End(), Message: "the client's id, taken as it comes"})
			}
			if put := related[r.Node]; put != nil {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: put.Pos(), End: put.End(), Message: "the session is stored here under it"})
			}
			found.add(d)
			break // the earliest of the function's is kept (adoptions)
		}
	}
}

// reachesClient reports a target some way reaches with the client's id,
// untested.
func reachesClient(rs []session.KeyReach) bool {
	for _, r := range rs {
		if r.Client {
			return true
		}
	}
	return false
}

// keyedPuts are the calls of a store's method that keeps a record under a
// key (sessions.Add(id, &Session{}), store.Save(ctx, id, sess)): a method
// named as registerNames are, its key the first argument after a context,
// a string local, and the record a later argument that is a struct of the
// package. A sync.Map's methods are findPuts'.
func keyedPuts(info *types.Info, pkg *types.Package, n ast.Node) []*put {
	var out []*put
	walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
		call, ok := x.(*ast.CallExpr)
		if !ok {
			return
		}
		fn := httpwrite.Callee(info, call)
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if fn == nil || !isSel || fn.Signature().Recv() == nil || !registerNames[fn.Name()] ||
			httpwrite.IsMethod(fn, "sync", "Map", fn.Name()) {
			return
		}
		args := call.Args
		if len(args) > 0 && isContext(info.TypeOf(args[0])) {
			args = args[1:]
		}
		if len(args) < 2 {
			return
		}
		key, _ := ast.Unparen(args[0]).(*ast.Ident)
		if key == nil || !isVar(info, key) || !httpwrite.IsString(info.TypeOf(key)) {
			return
		}
		for _, a := range args[1:] {
			if ownStruct(info, pkg, a) {
				out = append(out, &put{fn: n, node: call, key: key, m: types.ExprString(sel.X),
					path: append([]ast.Node(nil), path...), own: true})
				return
			}
		}
	})
	return out
}

// putValue is the value a put stores: the right-hand side of m[k] = v, the
// value argument of Store or LoadOrStore, the record a keyed method keeps.
func putValue(info *types.Info, pt *put) ast.Expr {
	switch n := pt.node.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && ast.Unparen(ix.Index) == pt.key && i < len(n.Rhs) {
				return n.Rhs[i]
			}
		}
	case *ast.CallExpr:
		if len(n.Args) == 2 {
			return n.Args[1]
		}
		for _, a := range n.Args {
			if ast.Unparen(a) != pt.key && !isContext(info.TypeOf(a)) {
				return a
			}
		}
	}
	return nil
}

// isContext reports a context.Context.
func isContext(t types.Type) bool {
	return t != nil && httpwrite.IsNamed(t, "context", "Context")
}

// freshValue reports a value made where it is stored, or in a local made
// so: a composite literal (or its address) or a call, not a session the
// function found elsewhere and stores again.
func freshValue(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	made := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok {
			e = ast.Unparen(u.X)
		}
		switch e.(type) {
		case *ast.CompositeLit, *ast.CallExpr:
			return true
		}
		return false
	}
	if e == nil {
		return false
	}
	if made(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	if v == nil {
		return false
	}
	// Every assignment to the local makes a new value.
	any, all := false, true
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != len(a.Rhs) {
			return true
		}
		for i, l := range a.Lhs {
			if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v {
				any = true
				all = all && made(a.Rhs[i])
			}
		}
		return true
	})
	return any && all
}
