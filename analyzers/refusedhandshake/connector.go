package refusedhandshake

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Connector is the fact exported for a small wrapper of Connect or Run: a
// function that passes one of its parameters, unchanged, as the transport
// of (*mcp.Server).Connect and returns the session without closing it or
// handing it anywhere else, or of (*mcp.Server).Run. A per-request caller
// that builds the transport is checked as if it had called Connect or Run.
type Connector struct {
	Transport int // index of the transport parameter
	// Result and Results place the session among a Connect wrapper's
	// results; Result is -1 for a Run wrapper.
	Result, Results int
	// Ctx is, for a Run wrapper, the index of the context parameter Run
	// gets, or -1 when Run gets a context nothing cancels.
	Ctx int
}

func (*Connector) AFact() {}

func (f *Connector) String() string {
	if f.Result < 0 {
		return fmt.Sprintf("runner(t=%d, ctx=%d)", f.Transport, f.Ctx)
	}
	return fmt.Sprintf("connector(t=%d, %d/%d)", f.Transport, f.Result, f.Results)
}

// connectorFact returns the Connector fact of the function call calls, or
// nil.
func connectorFact(pass *analysis.Pass, call *ast.CallExpr) *Connector {
	fn := calledFunc(pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	f := new(Connector)
	if !pass.ImportObjectFact(fn, f) || f.Transport >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil
	}
	return f
}

// exportConnectorFacts marks the package's Connect and Run wrappers,
// iterating so a wrapper of a wrapper is found in any order.
func exportConnectorFacts(pass *analysis.Pass) {
	decls := bodiedDecls(pass)
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || pass.ImportObjectFact(fn, new(Connector)) {
				continue
			}
			if f := wrapperOf(pass, fd, fn); f != nil {
				pass.ExportObjectFact(fn, f)
				changed = true
			}
		}
	}
}

// wrapperOf returns the fact for fd when its body (not its closures) has
// one Connect or Run (or wrapper) call whose transport is a parameter fd
// never assigns.
func wrapperOf(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func) *Connector {
	sig := fn.Type().(*types.Signature)
	var found *Connector
	calls := 0
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		// What the call is: transport argument index, session result place,
		// and for a Run the context argument index.
		ti, index, results, run, ctxArg := -1, 0, 2, false, -1
		switch {
		case isServerConnect(pass.TypesInfo, call) && len(call.Args) >= 2:
			ti = 1
		case isServerRun(pass.TypesInfo, call) && len(call.Args) >= 2:
			ti, run, ctxArg = 1, true, 0
		default:
			if w := connectorFact(pass, call); w != nil {
				ti, index, results = w.Transport, w.Result, w.Results
				run, ctxArg = w.Result < 0, w.Ctx
			}
		}
		if ti < 0 {
			return true
		}
		calls++
		p := paramIndex(pass.TypesInfo, fd, sig, call.Args[ti])
		if p < 0 {
			return true
		}
		if run {
			ctx := -1
			if ctxArg >= 0 {
				if neverCancelled(pass.TypesInfo, call.Args[ctxArg], nil) {
					ctx = -1
				} else if ctx = paramIndex(pass.TypesInfo, fd, sig, call.Args[ctxArg]); ctx < 0 {
					return true // a context of its own: cancelled or not, unknown
				}
			}
			found = &Connector{Transport: p, Result: -1, Ctx: ctx}
			return true
		}
		// A Connect wrapper must return the session and do nothing else
		// with it.
		o := newOwnership(pass, fd, fd)
		full := append([]ast.Node{fd}, stack...)
		if ret, ok := full[len(full)-2].(*ast.ReturnStmt); ok && len(ret.Results) == 1 && sig.Results().Len() == results {
			found = &Connector{Transport: p, Result: index, Results: results, Ctx: -1}
			return true
		}
		session, _ := sessionResult(pass.TypesInfo, call, full, index, results)
		if session == nil {
			return true
		}
		o.track(session)
		o.scan()
		if o.closed || o.handedOn || len(o.returns) != 1 || reaped(pass, o.maps) {
			return true
		}
		for k := range o.returns {
			if k < sig.Results().Len() && isSDKPointer(sig.Results().At(k).Type(), "ServerSession") {
				found = &Connector{Transport: p, Result: k, Results: sig.Results().Len(), Ctx: -1}
			}
		}
		return true
	})
	if calls != 1 {
		return nil // several: which one the caller's transport reaches is unknown
	}
	return found
}

// paramIndex returns the index of the parameter of fd that e names, if fd
// never assigns it, or -1.
func paramIndex(info *types.Info, fd *ast.FuncDecl, sig *types.Signature, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	idx := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			idx = i
		}
	}
	if idx < 0 || sig.Variadic() && idx == sig.Params().Len()-1 {
		return -1
	}
	assigned := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if x, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.Uses[x] == v {
					assigned = true
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && info.Uses[x] == v {
				assigned = true // &t: written through a pointer
			}
		}
		return !assigned
	})
	if assigned {
		return -1
	}
	return idx
}
