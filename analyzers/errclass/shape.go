package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// wrongShape reports, for an answer of -32700 about the error cause, the
// call cause comes from when that call decodes bytes the function already
// holds as JSON: the target of an earlier decode into json.RawMessage, or
// bytes an earlier decode accepted (its failure answered and returned).
// A decode of those fails only on JSON of the wrong shape: -32600 (not a
// JSON-RPC message) or -32602 (a method's params), never -32700.
func (c *checker) wrongShape(body *ast.BlockStmt, cause ast.Expr, at token.Pos) *ast.CallExpr {
	info := c.pass.TypesInfo
	// The last assignment of the error before the answer, and the call
	// whose result it is.
	call := errCall(info, body, cause, at)
	if call == nil {
		return nil
	}
	valid := c.validJSON(body, call.Pos())
	for _, a := range call.Args {
		t := info.TypeOf(a)
		if httpwrite.IsRequestBody(info, a) || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, "io", "Reader") {
			return nil
		}
	}
	for _, a := range call.Args {
		aid, ok := ast.Unparen(a).(*ast.Ident)
		if ok && valid[info.Uses[aid]] {
			return call
		}
	}
	return nil
}

// validJSON returns the local variables holding bytes known to be JSON
// before pos: json.RawMessage variables an earlier Decode or Unmarshal
// filled (its failure answered and returned), and byte slices an earlier
// json.Unmarshal accepted the same way.
func (c *checker) validJSON(body *ast.BlockStmt, pos token.Pos) map[types.Object]bool {
	info := c.pass.TypesInfo
	valid := map[types.Object]bool{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() >= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Init == nil || ifs.End() > pos || !returns(ifs.Body) || len(stack) < 2 {
			return true
		}
		// Only a decode every path to pos passes: one in a block
		// around pos.
		if parent := stack[len(stack)-2]; !(parent.Pos() <= pos && pos < parent.End()) {
			return true
		}
		// if err := json.Unmarshal(b, &raw); err != nil { ...; return }
		as, ok := ifs.Init.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := httpwrite.Callee(info, call)
		var target ast.Expr
		switch {
		case httpwrite.IsFunc(fn, "encoding/json", "Unmarshal") && len(call.Args) == 2:
			if src, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
				if v, ok := info.Uses[src].(*types.Var); ok && !v.IsField() {
					valid[v] = true
				}
			}
			target = call.Args[1]
		case fn != nil && fn.Name() == "Decode" && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && len(call.Args) == 1:
			target = call.Args[0]
		default:
			return true
		}
		if u, ok := ast.Unparen(target).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if tid, ok := ast.Unparen(u.X).(*ast.Ident); ok {
				if v, ok := info.Uses[tid].(*types.Var); ok && httpwrite.IsNamed(v.Type(), "encoding/json", "RawMessage") {
					valid[v] = true
				}
			}
		}
		return true
	})
	return valid
}

// returns reports a block that ends by returning.
func returns(b *ast.BlockStmt) bool {
	return b != nil && len(b.List) > 0 && isReturn(b.List[len(b.List)-1])
}

func isReturn(s ast.Stmt) bool {
	_, ok := s.(*ast.ReturnStmt)
	return ok
}
