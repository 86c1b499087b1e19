package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A handler often leaves the checks to a function that returns an error,
// and writes whatever error comes back with one status:
//
//	func (a *adapter) serve(c *gin.Context, id string) error {
//		if id == "" {
//			return errors.New("session id required")
//		}
//		...
//	}
//
//	if err := a.serve(c, id); err != nil {
//		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
//	}
//
// Each error the function returns is then answered with the caller's
// status: the return is an answer of the function's own, given under the
// function's own conditions. ErrorReturns finds those returns, for the
// functions of the package whose error a caller writes under a plain
// err != nil test (not a test that picks one kind of error).

// ErrorReturns returns, for each function of the package whose error an
// answer in writes reports, the returns of a non-nil error in its body,
// as answers with that answer's status and code and Caller set to it. The
// returns of one function get one answer each per status.
func ErrorReturns(info *types.Info, funcs []ast.Node, writes map[ast.Node][]*Write) map[ast.Node][]*Write {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, n := range funcs {
		fd, ok := n.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil {
			continue
		}
		res := fn.Type().(*types.Signature).Results()
		if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), errorType) {
			continue
		}
		decls[fn] = fd
	}
	if len(decls) == 0 {
		return nil
	}
	out := map[ast.Node][]*Write{}
	seen := map[[2]any]bool{}
	for caller, ws := range writes {
		for _, w := range ws {
			if w.Status < 400 || w.Caller != nil {
				continue
			}
			call := errorSource(info, w)
			if call == nil {
				continue
			}
			fn := Callee(info, call)
			fd := decls[fn]
			if fd == nil || fd == caller {
				continue
			}
			for _, r := range errorReturns(info, fd.Body) {
				if answeredBefore(writes[fd], r) {
					// The function answered itself on the way (http.Error,
					// then return err for the caller to log): the caller's
					// write comes too late to count.
					continue
				}
				key := [2]any{r.expr, w.Status}
				if seen[key] {
					continue
				}
				seen[key] = true
				d := &Write{Kind: w.Kind, Node: r.expr, Status: w.Status, Code: w.Code, HasCode: w.HasCode,
					Causes: []ast.Expr{r.expr}, Stack: r.stack, Implicit: w.Implicit, Caller: w.Node}
				out[fd] = append(out[fd], d)
			}
		}
	}
	return out
}

var errorType = types.Universe.Lookup("error").Type()

// errorSource is the call whose error w reports: the error the answer's
// message names, or the one the innermost enclosing if tests with
// err != nil, assigned from a call by the if's own init or by the
// statement before it.
func errorSource(info *types.Info, w *Write) *ast.CallExpr {
	var errVar *types.Var
	for _, c := range w.Causes {
		if id, ok := ast.Unparen(c).(*ast.Ident); ok {
			errVar, _ = info.Uses[id].(*types.Var)
			break
		}
	}
	var guard *ast.IfStmt
	var guardAt int
	for i := len(w.Stack) - 2; i >= 0; i-- {
		ifs, ok := w.Stack[i].(*ast.IfStmt)
		if !ok || w.Stack[i+1] != ifs.Body {
			continue
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ || !isNilIdent(b.Y) {
			return nil // the innermost test is about something else
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || !types.Identical(v.Type(), errorType) || errVar != nil && v != errVar {
			return nil
		}
		errVar, guard, guardAt = v, ifs, i
		break
	}
	if guard == nil {
		return nil
	}
	if call := assignedCall(info, guard.Init, errVar); call != nil {
		return call
	}
	// The statement before the if, in the block that holds it.
	if guardAt == 0 {
		return nil
	}
	list := Stmts(w.Stack[guardAt-1])
	for i, s := range list {
		if s == ast.Stmt(guard) && i > 0 {
			return assignedCall(info, list[i-1], errVar)
		}
	}
	return nil
}

// assignedCall is the call s assigns v from (v := f(), x, v := f()).
func assignedCall(info *types.Info, s ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	last, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok || info.ObjectOf(last) != v {
		return nil
	}
	return call
}

func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

type errorReturn struct {
	expr  ast.Expr
	stack []ast.Node
}

// errorReturns are the returns of body (not of its function literals)
// whose last result is not the identifier nil nor a sentinel: a package
// variable the caller can tell apart with errors.Is, which the checks
// judge at the caller.
func errorReturns(info *types.Info, body *ast.BlockStmt) []errorReturn {
	var out []errorReturn
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 {
			last := r.Results[len(r.Results)-1]
			if !isNilIdent(last) && !sentinel(info, last) {
				out = append(out, errorReturn{expr: last, stack: append(append([]ast.Node(nil), stack...), last)})
			}
		}
		return true
	})
	return out
}

// sentinel reports an error that is a package-level variable (ErrX, or
// pkg.ErrX).
func sentinel(info *types.Info, e ast.Expr) bool {
	id := NameOf(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// answeredBefore reports whether one of the function's own answers runs
// before the return on its way: it is in a block that holds the return,
// before it.
func answeredBefore(own []*Write, r errorReturn) bool {
	for _, w := range own {
		if w.Caller != nil || w.Node.Pos() >= r.expr.Pos() {
			continue
		}
		blk := innermostBlock(w.Stack)
		for _, n := range r.stack {
			if n == blk {
				return true
			}
		}
	}
	return false
}
