package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// stateDown is the origin of an answer written because a part of the
// server is not up: the innermost if around it tests, as false, a method
// that reports whether the server's own backend, process or connection is
// live (if !backend.IsRunning(), if !pool.Healthy()). Nothing in the
// request is wrong there: the failure is the server's (500, -32603), however
// the state is reported. Words that can be the client's (a session's Ready
// or Active, an Initialized handshake, a Valid input) are not read.
func stateDown(info *types.Info, stack []ast.Node) *origin {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			call, ok := ast.Unparen(t.E).(*ast.CallExpr)
			if !ok || t.Truth || len(call.Args) != 0 {
				continue
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			fn, ok := info.Uses[sel.Sel].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Recv() == nil || sig.Results().Len() != 1 {
				continue
			}
			if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
				continue
			}
			if liveness(fn.Name()) {
				return &origin{kind: internal, name: types.ExprString(call) + " false", pos: call.Pos(), state: true}
			}
		}
		return nil
	}
	return nil
}

// liveness reports a method name that asks whether a server-side component
// is up: Running, IsRunning, Alive, Healthy, IsAvailable, Started,
// IsConnected, Online.
func liveness(name string) bool {
	n := strings.ToLower(name)
	n = strings.TrimPrefix(n, "is")
	for _, w := range []string{"running", "alive", "healthy", "available", "started", "connected", "online"} {
		if n == w {
			return true
		}
	}
	return false
}

// pickedSentinel is the origin the name of a sentinel says, when the answer
// is about that one kind of error: directly under if errors.Is(err, ErrX)
// (or err == ErrX) in the then branch, or in a case of a tagless switch
// that tests so. A server-side name (unavailable, unreachable, timeout, a
// database's) makes the answer one to the server's failure; nil otherwise.
func pickedSentinel(info *types.Info, stack []ast.Node) *origin {
	var conds []ast.Expr
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if n.Body != stack[i+1] {
				return nil
			}
			conds = append(conds, n.Cond)
		case *ast.CaseClause:
			if i < 2 {
				return nil
			}
			if sw, ok := stack[i-2].(*ast.SwitchStmt); !ok || sw.Tag != nil {
				return nil
			}
			conds = append(conds, n.List...)
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		default:
			continue
		}
		break
	}
	if len(conds) != 1 {
		return nil
	}
	var obj *types.Var
	switch c := ast.Unparen(conds[0]).(type) {
	case *ast.CallExpr:
		if !httpwrite.IsFunc(httpwrite.Callee(info, c), httpwrite.PkgErrors, "Is") || len(c.Args) != 2 {
			return nil
		}
		obj = sentinelVarOf(info, c.Args[1])
	case *ast.BinaryExpr:
		if c.Op != token.EQL {
			return nil
		}
		if errorLike(info.TypeOf(c.X)) {
			obj = sentinelVarOf(info, c.Y)
		}
	}
	if obj == nil {
		return nil
	}
	for _, o := range sentinelVar(obj, token.NoPos) {
		if o.kind == internal {
			return &o
		}
	}
	return nil
}

// sentinelVarOf is the package-level error variable e names (isSentinel),
// or nil.
func sentinelVarOf(info *types.Info, e ast.Expr) *types.Var {
	if !isSentinel(info, e) {
		return nil
	}
	return info.Uses[httpwrite.NameOf(e)].(*types.Var)
}

// fullTable is the origin of an error made afresh in block then, which
// the if ending dom enters when a session table of the server's is full:
// len(recv.f) >= n (or > n) for a map field f of the method's receiver
// named for sessions or holding them. That is the unavailable row (503):
// the server's state, whatever the request names.
func fullTable(dom, then *ssa.BasicBlock) *origin {
	ifs := dom.Instrs[len(dom.Instrs)-1].(*ssa.If)
	cmp, ok := ifs.Cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	var l ssa.Value
	switch cmp.Op {
	case token.GEQ, token.GTR:
		l = cmp.X
	case token.LEQ, token.LSS:
		l = cmp.Y
	default:
		return nil
	}
	if dom.Succs[0] != then {
		return nil
	}
	call, ok := l.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
		return nil
	}
	load, ok := call.Call.Args[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	fn := dom.Parent()
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || !isReceiver(fa.X, fn.Params[0]) {
		return nil
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	field := st.Field(fa.Field)
	m, ok := field.Type().Underlying().(*types.Map)
	if !ok || !(sessionWord(field.Name()) || sessionWord(types.TypeString(m.Elem(), func(*types.Package) string { return "" }))) {
		return nil
	}
	return &origin{kind: internal, own: true, state: true, full: true, pos: cmp.Pos(),
		name: "the session table " + field.Name() + " is full"}
}

// sessionWord reports a name that speaks of sessions.
func sessionWord(s string) bool {
	return strings.Contains(strings.ToLower(s), "session")
}

// isReceiver reports v as the receiver recv, or a load of the cell that
// holds it when a closure captures it (every store to the cell is recv).
func isReceiver(v ssa.Value, recv *ssa.Parameter) bool {
	if v == recv {
		return true
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok || cell.Referrers() == nil {
		return false
	}
	stored := false
	for _, r := range *cell.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			if st.Val != recv {
				return false
			}
			stored = true
		}
	}
	return stored
}
