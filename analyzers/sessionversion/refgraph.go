package sessionversion

import (
	"go/ast"
	"go/types"
	"strconv"
)

// refGraph links a package's functions to the functions they call or refer
// to (a handler given to a router, a method value). A call of an interface
// method links to every method of the package so named, since any of them
// may be the one called.
type refGraph struct {
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
	ast.Inspect(d, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		to, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		if recv := to.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
			g.pending[fn] = append(g.pending[fn], to.Name())
			return true
		}
		if to.Pkg() == fn.Pkg() {
			g.link(fn, to.Origin())
		}
		return true
	})
}

func (g *refGraph) link(from, to *types.Func) {
	g.refs[from] = append(g.refs[from], to)
	g.callers[to] = append(g.callers[to], from)
}

// touches reports whether fn, a function reaching it or one it reaches
// holds a mark.
func (g *refGraph) touches(fn *types.Func, mark map[*types.Func]bool) bool {
	for from, names := range g.pending {
		for _, name := range names {
			for _, to := range g.byName[name] {
				g.link(from, to)
			}
		}
	}
	clear(g.pending)
	for _, dir := range []map[*types.Func][]*types.Func{g.refs, g.callers} {
		seen := map[*types.Func]bool{}
		work := []*types.Func{fn}
		for len(work) > 0 {
			f := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[f] {
				continue
			}
			seen[f] = true
			if mark[f] {
				return true
			}
			work = append(work, dir[f]...)
		}
	}
	return false
}

// endpointLookups are the literals "endpoint" of f that name a key, not an
// SSE event: a map index or a literal's key, or the argument of a lookup
// (gin's c.Get("endpoint"), a query or form value).
func endpointLookups(f *ast.File) map[*ast.BasicLit]bool {
	out := map[*ast.BasicLit]bool{}
	add := func(e ast.Expr) {
		if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
			if v, err := strconv.Unquote(lit.Value); err == nil && v == "endpoint" {
				out[lit] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			add(n.Index)
		case *ast.KeyValueExpr:
			add(n.Key)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && lookupNames[sel.Sel.Name] && len(n.Args) >= 1 {
				add(n.Args[0])
			}
		}
		return true
	})
	return out
}

// lookupNames are methods that read a value by key.
var lookupNames = map[string]bool{
	"Get": true, "GetString": true, "MustGet": true, "Set": true, "Value": true, "Lookup": true,
	"Param": true, "Query": true, "DefaultQuery": true, "QueryParam": true, "FormValue": true,
	"PostForm": true, "Locals": true, "Params": true, "GetHeader": true,
}
