package errclass

import (
	"go/ast"
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
