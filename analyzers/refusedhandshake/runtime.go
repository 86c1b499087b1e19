package refusedhandshake

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

const (
	fieldGenerator = "SessionIDGenerator"
	fieldClose     = "CloseOnRefusedHandshake"
)

// checkRuntime checks mcpwire's streamable.NewTransport calls: a sessionful
// transport built per request must set CloseOnRefusedHandshake; one built
// once for a long-lived endpoint must not.
func checkRuntime(pass *analysis.Pass, c *contexts, ins *inspector.Inspector) {
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !push {
			return true
		}
		if !isNewTransport(pass.TypesInfo, call) {
			checkConstructorCalls(pass, c, call, stack)
			return true
		}
		if len(call.Args) != 1 {
			return true
		}
		fn, scope := enclosing(stack)
		k := c.kindOf(fn)
		if k == unknown {
			return true
		}
		lit, writes := optionsLiteral(pass.TypesInfo, call.Args[0], scope)
		if lit == nil || !sessionful(pass.TypesInfo, lit) {
			return true
		}
		closeElt, closeVal := field(lit, fieldClose)
		switch {
		case k == perRequest && !isConst(pass.TypesInfo, closeVal, true) && !writes[fieldClose] &&
			!closedInScope(pass.TypesInfo, call, stack, scope):
			if closeVal != nil && !isConst(pass.TypesInfo, closeVal, false) {
				return true // set from a variable: the author decides at run time
			}
			finding(pass, call, catMissingOption,
				"per-request transport without CloseOnRefusedHandshake leaks when its handshake is refused",
				nil,
				&analysis.SuggestedFix{Message: "Set CloseOnRefusedHandshake: true", TextEdits: setCloseEdits(pass, lit, closeVal)})
		case k == longLived && isConst(pass.TypesInfo, closeVal, true) && !writes[fieldClose]:
			finding(pass, call, catLongLived,
				"long-lived transport with CloseOnRefusedHandshake closes for everyone on the first refusal",
				nil,
				&analysis.SuggestedFix{Message: "Remove CloseOnRefusedHandshake (it is for transports built per handshake)", TextEdits: removeEltEdits(lit, closeElt)})
		}
		return true
	})
}

// isNewTransport reports whether call calls streamable.NewTransport.
func isNewTransport(info *types.Info, call *ast.CallExpr) bool {
	fn := calledFunc(info, call)
	return fn != nil && fn.Name() == "NewTransport" && fn.Pkg() != nil && vendorless(fn.Pkg().Path()) == streamable &&
		fn.Type().(*types.Signature).Recv() == nil
}

// enclosing returns the innermost function around the top of stack (nil at
// package level) and the outermost one, whose body holds every variable the
// call can see besides globals (nil at package level).
func enclosing(stack []ast.Node) (inner, outer ast.Node) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if inner == nil {
				inner = stack[i]
			}
			outer = stack[i]
		}
	}
	return inner, outer
}

// optionsLiteral returns the streamable.Options composite literal arg
// evaluates to: the literal itself, or a local variable's only value. For a
// variable it also returns the fields later assigned one by one
// (opts.CloseOnRefusedHandshake = true). It returns nil when the value is
// unknown: a parameter, a global, a variable assigned twice or whose address
// is taken.
func optionsLiteral(info *types.Info, arg ast.Expr, scope ast.Node) (*ast.CompositeLit, map[string]bool) {
	arg = ast.Unparen(arg)
	if lit, ok := arg.(*ast.CompositeLit); ok {
		if isNamed(info.TypeOf(lit), streamable, "Options") {
			return lit, nil
		}
		return nil, nil
	}
	id, ok := arg.(*ast.Ident)
	if !ok || scope == nil {
		return nil, nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, nil
	}
	var lit *ast.CompositeLit
	writes := map[string]bool{}
	bad := false
	ast.Inspect(scope, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				lhs = ast.Unparen(lhs)
				if x, ok := lhs.(*ast.Ident); ok && objOf(info, x) == v {
					if l, ok := rhsAt(n.Rhs, len(n.Lhs), i).(*ast.CompositeLit); ok && lit == nil {
						lit = l
					} else {
						bad = true
					}
				}
				if sel, ok := lhs.(*ast.SelectorExpr); ok {
					if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && objOf(info, x) == v {
						writes[sel.Sel.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if objOf(info, name) == v {
					if l, ok := rhsAt(n.Values, len(n.Names), i).(*ast.CompositeLit); ok {
						lit = l
					} else {
						bad = true // zero value or another expression
					}
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && objOf(info, x) == v {
				bad = true // &opts: written through a pointer
			}
		}
		return !bad
	})
	if bad || lit == nil {
		return nil, nil
	}
	return lit, writes
}

// objOf returns the object id defines or uses.
func objOf(info *types.Info, id *ast.Ident) types.Object {
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

// rhsAt returns the expression assigned to the i-th of n left-hand sides,
// or nil when one call yields them all.
func rhsAt(rhs []ast.Expr, n, i int) ast.Expr {
	if len(rhs) != n {
		return nil
	}
	return ast.Unparen(rhs[i])
}

// field returns lit's element for the named field and its value, or nils.
func field(lit *ast.CompositeLit, name string) (*ast.KeyValueExpr, ast.Expr) {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv, kv.Value
			}
		}
	}
	return nil, nil
}

// sessionful reports whether lit sets SessionIDGenerator to a function that
// is certainly not nil: a function literal, a declared function or a method
// value. A variable may hold nil (a stateless transport), so it does not count.
func sessionful(info *types.Info, lit *ast.CompositeLit) bool {
	_, v := field(lit, fieldGenerator)
	switch v := ast.Unparen(v).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		_, ok := info.Uses[v].(*types.Func)
		return ok
	case *ast.SelectorExpr:
		if sel := info.Selections[v]; sel != nil {
			return sel.Kind() == types.MethodVal
		}
		_, ok := info.Uses[v.Sel].(*types.Func) // pkg.Func
		return ok
	}
	return false
}

// isConst reports whether e is the boolean constant want.
func isConst(info *types.Info, e ast.Expr, want bool) bool {
	if e == nil {
		return false
	}
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == want
}

// closedInScope reports whether the transport call returns is assigned to
// a local variable whose Close method the enclosing function calls (or
// takes as a value): such code closes the transport itself.
func closedInScope(info *types.Info, call *ast.CallExpr, stack []ast.Node, scope ast.Node) bool {
	if scope == nil || len(stack) < 2 {
		return false
	}
	var v types.Object
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		for i, rhs := range p.Rhs {
			if ast.Unparen(rhs) == call && len(p.Lhs) == len(p.Rhs) {
				if id, ok := p.Lhs[i].(*ast.Ident); ok {
					v = objOf(info, id)
				}
			}
		}
	case *ast.ValueSpec:
		for i, val := range p.Values {
			if ast.Unparen(val) == call && len(p.Names) == len(p.Values) {
				v = objOf(info, p.Names[i])
			}
		}
	}
	if v == nil {
		return false
	}
	closed := false
	ast.Inspect(scope, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == v {
				closed = true
			}
		}
		return !closed
	})
	return closed
}
