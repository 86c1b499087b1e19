package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

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
