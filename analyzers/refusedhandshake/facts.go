package refusedhandshake

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// LeakyConstructor is the fact exported for a function that returns a
// sessionful streamable transport built without CloseOnRefusedHandshake,
// directly or through another such function. A per-request call of it
// leaks like the NewTransport call inside it, so callers in other packages
// (and callers of exported functions, whose call sites are unknown to rule
// 1) are checked at the call.
type LeakyConstructor struct {
	// Via names what the function returns: "streamable.NewTransport" or
	// another leaky constructor, for the message.
	Via string
}

func (*LeakyConstructor) AFact() {}

func (f *LeakyConstructor) String() string { return "leakyConstructor(" + f.Via + ")" }

// ClosingConstructor is the fact exported for a function that returns a
// sessionful streamable transport built with CloseOnRefusedHandshake: true,
// directly or through another such function: right per handshake, wrong for
// a long-lived endpoint, so a call of it from long-lived code is reported.
type ClosingConstructor struct {
	// Via names what the function returns, as in LeakyConstructor.
	Via string
}

func (*ClosingConstructor) AFact() {}

func (f *ClosingConstructor) String() string { return "closingConstructor(" + f.Via + ")" }

// exportConstructorFacts marks the package's transport constructors,
// iterating so a constructor returning another one's result is found in
// any order.
func exportConstructorFacts(pass *analysis.Pass) {
	decls := bodiedDecls(pass)
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || pass.ImportObjectFact(fn, new(LeakyConstructor)) || pass.ImportObjectFact(fn, new(ClosingConstructor)) {
				continue
			}
			via, closes, ok := constructorReturn(pass, fd)
			switch {
			case !ok:
				continue
			case closes:
				pass.ExportObjectFact(fn, &ClosingConstructor{Via: via})
			default:
				pass.ExportObjectFact(fn, &LeakyConstructor{Via: via})
			}
			changed = true
		}
	}
}

// constructorReturn reports what fd's result comes from when every return
// statement of fd itself (not of its closures) returns, as its only result,
// a sessionful transport that closes on refusals (closes) or one that does
// not (!closes), the same for all.
func constructorReturn(pass *analysis.Pass, fd *ast.FuncDecl) (via string, closes, ok bool) {
	sig := pass.TypesInfo.Defs[fd.Name].Type().(*types.Signature)
	if sig.Results().Len() != 1 || !isPointerTo(sig.Results().At(0).Type(), streamable, "Transport") {
		return "", false, false
	}
	returns := 0
	ok = true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false // a naked return
				break
			}
			v, c, known := constructorSource(pass, n.Results[0], fd)
			if !known || (returns > 0 && c != closes) {
				ok = false
			}
			via, closes = v, c
			returns++
		}
		return ok
	})
	return via, closes, ok && returns > 0
}

// constructorSource reports what e, a transport expression in fd, comes
// from: a NewTransport call with sessionful options whose
// CloseOnRefusedHandshake is a constant (closes when true), or a call of a
// constructor with a fact. ok is false for anything else.
func constructorSource(pass *analysis.Pass, e ast.Expr, fd *ast.FuncDecl) (via string, closes, ok bool) {
	if id, isID := ast.Unparen(e).(*ast.Ident); isID {
		if v := onlyValue(pass.TypesInfo, id, fd); v != nil {
			return constructorSource(pass, v, fd)
		}
		return "", false, false
	}
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall {
		return "", false, false
	}
	if isNewTransport(pass.TypesInfo, call) && len(call.Args) == 1 {
		lit, writes := optionsLiteral(pass.TypesInfo, call.Args[0], fd)
		if lit == nil || !sessionful(pass.TypesInfo, lit) || writes[fieldClose] {
			return "", false, false
		}
		switch _, v := field(lit, fieldClose); {
		case v == nil || isConst(pass.TypesInfo, v, false):
			return "streamable.NewTransport", false, true
		case isConst(pass.TypesInfo, v, true):
			return "streamable.NewTransport", true, true
		}
		return "", false, false
	}
	if fn := calledFunc(pass.TypesInfo, call); fn != nil {
		switch {
		case pass.ImportObjectFact(fn, new(LeakyConstructor)):
			return qualifiedName(pass, fn), false, true
		case pass.ImportObjectFact(fn, new(ClosingConstructor)):
			return qualifiedName(pass, fn), true, true
		}
	}
	return "", false, false
}

// qualifiedName is fn as pass's package writes it: F, pkg.F or T.M.
func qualifiedName(pass *analysis.Pass, fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// checkConstructorCalls reports calls of transport constructors whose own
// NewTransport call rules 1 and 4 do not already report (constructors of
// other packages, and this package's functions of no single kind): a leaky
// one called per request, a closing one called from long-lived code.
func checkConstructorCalls(pass *analysis.Pass, c *contexts, call *ast.CallExpr, stack []ast.Node) {
	fn := calledFunc(pass.TypesInfo, call)
	if fn == nil {
		return
	}
	inner, scope := enclosing(stack)
	k := c.kindOf(inner)
	if k == unknown || fn.Pkg() == pass.Pkg && c.decls[fn] == k {
		return // reported where it calls NewTransport, if anywhere
	}
	name := qualifiedName(pass, fn)
	switch {
	case k == perRequest && pass.ImportObjectFact(fn, new(LeakyConstructor)):
		if closedInScope(pass.TypesInfo, call, stack, scope) {
			return
		}
		finding(pass, call, catLeakyCtor,
			fmt.Sprintf("%s returns a transport without CloseOnRefusedHandshake; per request it leaks on refusal", name),
			relatedAt(objRange{fn}, "set CloseOnRefusedHandshake: true where "+name+" builds the transport"), nil)
	case k == longLived && pass.ImportObjectFact(fn, new(ClosingConstructor)):
		finding(pass, call, catLongLived,
			fmt.Sprintf("%s sets CloseOnRefusedHandshake: this long-lived endpoint closes on the first refusal", name),
			relatedAt(objRange{fn}, "builds the transport with CloseOnRefusedHandshake: true; build this endpoint without it"), nil)
	}
}

// objRange is the position of a declared object (the name in its
// declaration), as a range for related information.
type objRange struct{ obj types.Object }

func (r objRange) Pos() token.Pos { return r.obj.Pos() }
func (r objRange) End() token.Pos { return r.obj.Pos() + token.Pos(len(r.obj.Name())) }

// onlyValue returns the one value assigned to the local variable id names
// in fd, or nil if it has several, is written through a pointer, or is
// closed (t.Close()) in fd.
func onlyValue(info *types.Info, id *ast.Ident, fd *ast.FuncDecl) ast.Expr {
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	var val ast.Expr
	n := 0
	ast.Inspect(fd.Body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.AssignStmt:
			for i, lhs := range node.Lhs {
				if x, ok := ast.Unparen(lhs).(*ast.Ident); ok && objOf(info, x) == v {
					n++
					val = rhsAt(node.Rhs, len(node.Lhs), i)
				}
			}
		case *ast.ValueSpec:
			for i, name := range node.Names {
				if objOf(info, name) == v {
					n++
					val = rhsAt(node.Values, len(node.Names), i)
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(node.X).(*ast.Ident); ok && info.Uses[x] == v {
				n = 2 // &t
			}
		case *ast.SelectorExpr:
			if x, ok := ast.Unparen(node.X).(*ast.Ident); ok && info.Uses[x] == v && node.Sel.Name == "Close" {
				n = 2
			}
		}
		return n < 2
	})
	if n != 1 {
		return nil
	}
	return val
}

// SessionFactory is the fact exported for a function that builds a go-sdk
// StreamableServerTransport, connects it with (*mcp.Server).Connect (or
// calls another SessionFactory) and returns the session without closing it
// or handing it anywhere else: its caller owns the session, so a caller that
// runs per request is checked like the Connect itself.
type SessionFactory struct {
	Result  int // index of the *mcp.ServerSession result
	Results int // number of results
}

func (*SessionFactory) AFact() {}

func (f *SessionFactory) String() string {
	return fmt.Sprintf("sessionFactory(%d/%d)", f.Result, f.Results)
}

// sessionFactory returns the SessionFactory fact of the function call
// calls, or nil.
func sessionFactory(pass *analysis.Pass, call *ast.CallExpr) *SessionFactory {
	fn := calledFunc(pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	f := new(SessionFactory)
	if !pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// exportSessionFacts marks the package's session factories, iterating so a
// function returning another factory's session is found in any order.
func exportSessionFacts(pass *analysis.Pass) {
	decls := bodiedDecls(pass)
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || pass.ImportObjectFact(fn, new(SessionFactory)) {
				continue
			}
			if f := returnedSession(pass, fd); f != nil {
				pass.ExportObjectFact(fn, f)
				changed = true
			}
		}
	}
}

// returnedSession returns the fact for fd if one session source in its body
// (not in its closures) yields a session that fd only ever returns, always
// at the same result index.
func returnedSession(pass *analysis.Pass, fd *ast.FuncDecl) *SessionFactory {
	results := pass.TypesInfo.Defs[fd.Name].Type().(*types.Signature).Results()
	var found *SessionFactory
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		o := newOwnership(pass, fd, fd)
		index, count := 0, 2
		if isServerConnect(pass.TypesInfo, call) && len(call.Args) >= 2 {
			if !o.transport(call.Args[1]) {
				return true
			}
		} else if f := sessionFactory(pass, call); f != nil {
			index, count = f.Result, f.Results
		} else {
			return true
		}
		session, _ := sessionResult(pass.TypesInfo, call, append([]ast.Node{fd}, stack...), index, count)
		if session == nil {
			return true
		}
		o.track(session)
		o.scan()
		if o.closed || o.handedOn || len(o.returns) != 1 || reaped(pass, o.maps) {
			return true
		}
		for k := range o.returns {
			if k < results.Len() && isSDKPointer(results.At(k).Type(), "ServerSession") {
				found = &SessionFactory{Result: k, Results: results.Len()}
			}
		}
		return true
	})
	return found
}

// bodiedDecls returns the package's function declarations that have a body.
func bodiedDecls(pass *analysis.Pass) []*ast.FuncDecl {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	return decls
}
