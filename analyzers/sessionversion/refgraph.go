package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// refGraph links a package's functions to the functions they call or refer
// to (a handler given to a router, a method value). A call of an interface
// method links to every method of the package so named, since any of them
// may be the one called.
type refGraph struct {
	// roots run without a caller in the package: exported functions,
	// methods (an interface may call them), main and init, and functions
	// a package-level declaration refers to.
	roots   []*types.Func
	refs    map[*types.Func][]*types.Func
	callers map[*types.Func][]*types.Func
	byName  map[string][]*types.Func
	pending map[*types.Func][]string // interface methods called, by name
}

func newRefGraph() *refGraph {
	return &refGraph{
		refs:    map[*types.Func][]*types.Func{},
		callers: map[*types.Func][]*types.Func{},
		byName:  map[string][]*types.Func{},
		pending: map[*types.Func][]string{},
	}
}

// add records fn, declared by d, and what its body refers to.
func (g *refGraph) add(info *types.Info, fn *types.Func, d ast.Node) {
	if fn.Type().(*types.Signature).Recv() != nil {
		g.byName[fn.Name()] = append(g.byName[fn.Name()], fn)
	}
	if fn.Exported() || fn.Type().(*types.Signature).Recv() != nil || fn.Name() == "main" || fn.Name() == "init" {
		g.roots = append(g.roots, fn)
	}
	ast.Inspect(d, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		to, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		if httpwrite.IsInterfaceMethod(to) {
			g.pending[fn] = append(g.pending[fn], to.Name())
			return true
		}
		if to.Pkg() == fn.Pkg() {
			g.link(fn, to.Origin())
		}
		return true
	})
}

// addRoots records the functions a package-level declaration d refers to
// (a handler table, a var holding a function) as roots.
func (g *refGraph) addRoots(info *types.Info, d ast.Node) {
	ast.Inspect(d, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if fn, ok := info.Uses[id].(*types.Func); ok {
				g.roots = append(g.roots, fn.Origin())
			}
		}
		return true
	})
}

// live reports whether fn is reached from a root. A function the package
// never calls or refers to outside its tests answers no client.
func (g *refGraph) live(fn *types.Func) bool {
	g.resolve()
	return g.walk(g.roots, g.refs, func(f *types.Func) bool { return f == fn })
}

// resolve links the calls of interface methods to the package's methods
// so named.
func (g *refGraph) resolve() {
	for from, names := range g.pending {
		for _, name := range names {
			for _, to := range g.byName[name] {
				g.link(from, to)
			}
		}
	}
	clear(g.pending)
}

func (g *refGraph) link(from, to *types.Func) {
	g.refs[from] = append(g.refs[from], to)
	g.callers[to] = append(g.callers[to], from)
}

// touches reports whether fn, a function reaching it or one it reaches
// holds a mark.
func (g *refGraph) touches(fn *types.Func, mark map[*types.Func]bool) bool {
	g.resolve()
	start := []*types.Func{fn}
	hit := func(f *types.Func) bool { return mark[f] }
	return g.walk(start, g.refs, hit) || g.walk(start, g.callers, hit)
}

// walk visits the functions reached from start along dir (refs or
// callers), start included, each once, and reports whether stop held for
// one of them; it stops there.
func (g *refGraph) walk(start []*types.Func, dir map[*types.Func][]*types.Func, stop func(*types.Func) bool) bool {
	seen := map[*types.Func]bool{}
	work := append([]*types.Func(nil), start...)
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] {
			continue
		}
		seen[f] = true
		if stop(f) {
			return true
		}
		work = append(work, dir[f]...)
	}
	return false
}

// getBranches are the blocks of f that run only for an HTTP GET: a case
// listing "GET", the then branch of a test that the method is "GET". A
// GET carries no initialize, so what it answers is no initialize result.
func getBranches(info *types.Info, f *ast.File) []ast.Node {
	isGet := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "GET"
	}
	var out []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CaseClause:
			for _, e := range n.List {
				if isGet(e) {
					out = append(out, n)
				}
			}
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && b.Op == token.EQL && (isGet(b.X) || isGet(b.Y)) {
				out = append(out, n.Body)
			}
		}
		return true
	})
	return out
}

// within reports whether n lies inside one of the nodes of in.
func within(in []ast.Node, n ast.Node) bool {
	for _, b := range in {
		if b.Pos() <= n.Pos() && n.End() <= b.End() {
			return true
		}
	}
	return false
}
