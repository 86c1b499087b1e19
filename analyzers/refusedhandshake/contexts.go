package refusedhandshake

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// kind is when a function's body runs, as far as the package shows.
type kind int

const (
	unknown    kind = iota
	perRequest      // once per HTTP request: a handler, a closure in one, or a helper only they call
	longLived       // once per process: main, init, package-level initializers, helpers only they call
)

// contexts classifies every function of a package as per-request,
// long-lived or unknown. It is lexical and intraprocedural except for one
// step: an unexported function whose every reference is a call from code of
// one kind takes that kind (iterated to a fixpoint), so a helper that only
// handlers call is per-request. Exported functions stay unknown outside
// package main: other packages may call them from anywhere.
type contexts struct {
	pass  *analysis.Pass
	decls map[*types.Func]kind
	// outer is the innermost function (FuncDecl or FuncLit) enclosing each
	// FuncLit, nil at package level.
	outer map[*ast.FuncLit]ast.Node
	// once marks FuncLits that sync.Once and friends run at most once.
	once map[*ast.FuncLit]bool
	lits map[*ast.FuncLit]kind
}

// ref is one reference to a package function: from which function, and
// whether it calls it (rather than taking its value).
type ref struct {
	from ast.Node // FuncDecl, FuncLit, or nil at package level
	call bool
}

func newContexts(pass *analysis.Pass, ins *inspector.Inspector) *contexts {
	c := &contexts{
		pass:  pass,
		decls: map[*types.Func]kind{},
		outer: map[*ast.FuncLit]ast.Node{},
		once:  map[*ast.FuncLit]bool{},
		lits:  map[*ast.FuncLit]kind{},
	}
	// Which identifiers name the function a call calls (rather than take
	// its value, which may be called from anywhere).
	calls := map[*ast.Ident]bool{}
	ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if id := calleeIdent(call); id != nil {
			calls[id] = true
		}
		if c.runsOnce(call) {
			for _, arg := range call.Args {
				if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
					c.once[lit] = true
				}
			}
		}
	})
	refs := map[*types.Func][]ref{}
	var candidates []*types.Func
	var stack []ast.Node // enclosing functions, innermost last
	ins.Nodes(nil, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if !push {
				stack = stack[:len(stack)-1]
				return true
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				c.outer[n] = top(stack)
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					switch k := c.baseKind(n, fn); {
					case k != unknown:
						c.decls[fn] = k
					case !fn.Exported() || pass.Pkg.Name() == "main":
						candidates = append(candidates, fn)
					}
				}
			}
			stack = append(stack, n)
		case *ast.Ident:
			if push {
				if fn, ok := pass.TypesInfo.Uses[n].(*types.Func); ok && fn.Pkg() == pass.Pkg {
					fn = fn.Origin() // a method of a generic type, instantiated
					refs[fn] = append(refs[fn], ref{from: top(stack), call: calls[n]})
				}
			}
		}
		return true
	})
	// Fixpoint: a candidate takes the kind shared by all its callers.
	for changed := true; changed; {
		changed = false
		for _, fn := range candidates {
			if _, done := c.decls[fn]; done {
				continue
			}
			if k := c.callersKind(refs[fn]); k != unknown {
				c.decls[fn] = k
				changed = true
			}
		}
	}
	return c
}

func top(stack []ast.Node) ast.Node {
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1]
}

// callersKind returns the kind of every reference if they are all calls
// from code of that one kind, else unknown.
func (c *contexts) callersKind(refs []ref) kind {
	k := unknown
	for _, r := range refs {
		if !r.call {
			return unknown // a function value may be called from anywhere
		}
		rk := c.kindOf(r.from)
		if rk == unknown || (k != unknown && rk != k) {
			return unknown
		}
		k = rk
	}
	return k
}

// baseKind classifies a declaration by itself: handler-shaped functions
// serve one request; main and init run once.
func (c *contexts) baseKind(decl *ast.FuncDecl, fn *types.Func) kind {
	sig := fn.Type().(*types.Signature)
	if handlerShaped(sig) {
		return perRequest
	}
	if decl.Recv == nil && sig.Params().Len() == 0 && sig.Results().Len() == 0 &&
		(fn.Name() == "init" || fn.Name() == "main" && c.pass.Pkg.Name() == "main") {
		return longLived
	}
	return unknown
}

// kindOf returns the kind of code directly inside fn (a FuncDecl, a
// FuncLit, or nil for package-level initializers).
func (c *contexts) kindOf(fn ast.Node) kind {
	switch fn := fn.(type) {
	case nil:
		return longLived
	case *ast.FuncDecl:
		if obj, ok := c.pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
			return c.decls[obj]
		}
	case *ast.FuncLit:
		if k, ok := c.lits[fn]; ok {
			return k
		}
		k := unknown
		if sig, ok := c.pass.TypesInfo.TypeOf(fn).(*types.Signature); ok && handlerShaped(sig) {
			k = perRequest
		} else if !c.once[fn] && c.kindOf(c.outer[fn]) == perRequest {
			// A closure in a handler runs per request; one in main may be
			// a handler factory's body or anything else, so it stays unknown.
			k = perRequest
		}
		c.lits[fn] = k
		return k
	}
	return unknown
}

// handlerShaped reports whether sig takes an http.ResponseWriter and an
// *http.Request: ServeHTTP, an http.HandlerFunc, or a helper serving one
// request with extra parameters.
func handlerShaped(sig *types.Signature) bool {
	var w, r bool
	for v := range sig.Params().Variables() {
		w = w || isNamed(v.Type(), netHTTP, "ResponseWriter")
		r = r || isPointerTo(v.Type(), netHTTP, "Request")
	}
	return w && r
}

// runsOnce reports whether call runs its function arguments at most once
// per process: (*sync.Once).Do, sync.OnceFunc, sync.OnceValue(s).
func (c *contexts) runsOnce(call *ast.CallExpr) bool {
	fn := calledFunc(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	switch fn.Name() {
	case "Do", "OnceFunc", "OnceValue", "OnceValues":
		return true
	}
	return false
}

// calleeIdent returns the identifier naming what call calls, f in f(),
// x.f(), f[T]() or x.f[T](), or nil.
func calleeIdent(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// calledFunc returns the function or method call statically calls, or nil.
func calledFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	id := calleeIdent(call)
	if id == nil {
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	if fn != nil {
		fn = fn.Origin() // facts and kinds belong to the generic declaration
	}
	return fn
}

// isNamed reports whether t is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && vendorless(obj.Pkg().Path()) == path
}

// isPointerTo reports whether t is *path.name.
func isPointerTo(t types.Type, path, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), path, name)
}
