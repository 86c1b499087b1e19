package refusedhandshake

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// calleeRefusal returns where fn, a function of the package handed the
// ResponseWriter, may answer the request with an error before the response
// carries Mcp-Session-Id: an error write (http.Error, WriteHeader of 400 or
// more, a framework's writer or error with such a status, a package
// function that writes one, a JSON-RPC error code handed with the writer,
// a non-nil error returned to the caller), itself or in a function it
// calls the same way (two levels deep). A write is not counted when a test
// naming initialize guards it (it may answer other methods only), or when
// an if or switch around it
// reads only fn's parameters: the caller chooses that branch, and a caller
// that registered a session may never take it. A function that sets
// Mcp-Session-Id before the write has handed the client its id.
func (t *tables) calleeRefusal(fn *types.Func, depth int) ast.Node {
	if out, ok := t.calleeRef[fn]; ok {
		return out
	}
	t.calleeRef[fn] = nil // a recursive call refuses nothing more
	fd := t.decls[fn]
	if fd == nil || depth > 2 {
		return nil
	}
	params := map[*types.Var]bool{}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if v, ok := t.info.Defs[n].(*types.Var); ok {
				params[v] = true
			}
		}
	}
	header := token.NoPos
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if st, ok := n.(ast.Stmt); ok && header == token.NoPos && t.setsIDHeader(st) {
			header = st.Pos()
		}
		return header == token.NoPos
	})
	var out ast.Node
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			stack = stack[:len(stack)-1]
			return false
		case *ast.ReturnStmt:
			// An error handed back to the caller (the framework answers
			// it 500; a caller that registered a session has no
			// initialize result to answer): the handshake failed here.
			if (header == token.NoPos || n.Pos() < header) && returnsErr(t.info, n) &&
				!paramBranch(t.info, stack, params) && !t.dominatedByInit(fd.Body, n) {
				out = n
			}
		case *ast.CallExpr:
			if header != token.NoPos && n.Pos() > header {
				return true
			}
			refusal := errorWrite(t.info, n)
			if !refusal && takesWriter(t.info, n) {
				if callee := calledFunc(t.info, n); callee != nil && t.decls[callee] != nil {
					refusal = t.summaryOf(callee).errWriter || t.rpcErrorCode(n) || t.calleeRefusal(callee, depth+1) != nil
				} else {
					refusal = t.rpcErrorCode(n)
				}
			}
			if refusal && !paramBranch(t.info, stack, params) && !t.dominatedByInit(fd.Body, n) {
				out = n
			}
		}
		return out == nil
	})
	t.calleeRef[fn] = out
	return out
}

// setsIDHeader reports whether st sets the Mcp-Session-Id response header
// directly (a Set or Add naming it), not in a function literal.
func (t *tables) setsIDHeader(st ast.Stmt) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) < 1 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add") && httpwrite.IsSessionHeader(t.info, call.Args[0])
}

// paramBranch reports whether the node at the top of stack is inside a
// branch of an if or switch whose condition reads only the function's
// parameters.
func paramBranch(info *types.Info, stack []ast.Node, params map[*types.Var]bool) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		var cond ast.Node
		switch s := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] == s.Cond || stack[i+1] == s.Init {
				continue
			}
			cond = s.Cond
		case *ast.SwitchStmt:
			if s.Tag == nil || stack[i+1] != s.Body {
				continue
			}
			cond = s.Tag
		case *ast.CaseClause:
			continue
		default:
			continue
		}
		if onlyParams(info, cond, params) {
			return true
		}
	}
	return false
}

// onlyParams reports whether e reads variables and every one is in params.
func onlyParams(info *types.Info, e ast.Node, params map[*types.Var]bool) bool {
	seen, other := false, false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
				if params[v] {
					seen = true
				} else {
					other = true
				}
			}
		}
		return !other
	})
	return seen && !other
}

// returnsErr reports a return whose last result is an error that is not
// nil and not the error of a call handed the writer or a framework's
// context (that call answers, or refuses in its own body): an error built
// here (errors.New, fmt.Errorf, a constructor) or held in a variable.
func returnsErr(info *types.Info, ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return false
	}
	e := ast.Unparen(ret.Results[len(ret.Results)-1])
	if tv, ok := info.Types[e]; !ok || tv.IsNil() || !returnsErrorType(tv.Type) {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		_, isVar := info.Uses[e].(*types.Var)
		return isVar
	case *ast.CallExpr:
		return !takesWriter(info, e) && !answersVia(info, e)
	}
	return false
}

// returnsErrorType reports an error, or a tuple whose last element is one.
func returnsErrorType(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return false
		}
		t = tup.At(tup.Len() - 1).Type()
	}
	return httpwrite.IsErrorType(t)
}

// answersVia reports a call of a method of a framework's context (fiber's
// c.JSON(v), and c.Status(400).JSON(v), whose Status returns the context):
// it answers; the error it returns is the write's.
func answersVia(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && httpwrite.IsFrameworkContext(info.TypeOf(sel.X))
}
