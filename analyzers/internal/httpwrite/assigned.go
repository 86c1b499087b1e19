package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A handler often decides its answer's status in branches and writes it
// once, later:
//
//	status := http.StatusOK
//	switch {
//	case id == "":
//		status = http.StatusBadRequest
//	case !known(id):
//		status = http.StatusForbidden
//	}
//	...
//	http.Error(w, msg, status)
//
// The write alone says nothing: its status is a variable. Assigned reads
// the variable's assignments. A variable given one constant and never
// changed is that constant. An assignment of a constant in a branch that
// does not hold the write (an override) is an answer of its own: the
// status the write gives when that branch was taken, at the assignment,
// under the assignment's conditions, with the write's code and causes (or
// the code of an error object built beside it). The default a declaration
// gives stays unknown when overrides exist: which requests reach it
// depends on the branches not taken, which the model does not track.
type assignment struct {
	value int // the constant status, or 0 when not a constant in 100..999
	expr  ast.Expr
	stack []ast.Node // from the body down to expr
}

// Assigned returns ws with the statuses held in local variables read from
// their assignments: a write whose variable has one constant assignment
// gets that status; a constant override in a branch adds an answer. ws is
// not changed.
func Assigned(info *types.Info, body *ast.BlockStmt, ws []*Write) []*Write {
	if body == nil {
		return ws
	}
	local := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			return nil
		}
		return v
	}
	wanted := map[*types.Var]bool{}
	for _, w := range ws {
		if w.Status == 0 && w.StatusExpr != nil {
			if v := local(w.StatusExpr); v != nil {
				wanted[v] = true
			}
		}
	}
	if len(wanted) == 0 {
		return ws
	}
	asg, changed := assignmentsOf(info, body, wanted)

	var out []*Write
	derived := map[ast.Expr]bool{} // one answer per assignment, whatever writes it reaches
	for _, w := range ws {
		out = append(out, w)
		if w.Status != 0 || w.StatusExpr == nil {
			continue
		}
		v := local(w.StatusExpr)
		if v == nil {
			continue
		}
		as := asg[v]
		if !changed[v] && len(as) == 1 && as[0].value != 0 {
			c := *w
			c.Status = as[0].value
			out[len(out)-1] = &c
			continue
		}
		for _, a := range as {
			if a.value == 0 || derived[a.expr] || a.expr.Pos() >= w.Node.Pos() || holds(a.stack, w.Stack) || leavesBefore(a.stack) {
				continue
			}
			derived[a.expr] = true
			d := *w
			d.Node, d.StatusExpr, d.Status = a.expr, a.expr, a.value
			d.Stack = a.stack
			if !d.HasCode {
				if o := objectBeside(ws, a.stack); o != nil {
					d.Code, d.HasCode, d.CodeExpr, d.CodeNode = o.Code, o.HasCode, o.CodeExpr, o.Node
				}
			}
			out = append(out, &d)
		}
	}
	return out
}

// assignmentsOf walks body for the assignments of the variables in vars.
// changed marks a variable also set some other way: an operator
// assignment, ++ or --, its address taken, a multi-value assignment, or
// any assignment inside a function literal.
func assignmentsOf(info *types.Info, body *ast.BlockStmt, vars map[*types.Var]bool) (map[*types.Var][]assignment, map[*types.Var]bool) {
	asg := map[*types.Var][]assignment{}
	changed := map[*types.Var]bool{}
	target := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if !vars[v] {
			return nil
		}
		return v
	}
	var stack []ast.Node
	lits := 0
	record := func(v *types.Var, e ast.Expr) {
		if lits > 0 {
			changed[v] = true
			return
		}
		a := assignment{expr: e, stack: append(append([]ast.Node(nil), stack...), e)}
		if s := statusOf(info, e); s >= 100 {
			a.value = s
		}
		asg[v] = append(asg[v], a)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				lits--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			lits++
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				v := target(l)
				if v == nil {
					continue
				}
				if (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) || len(n.Lhs) != len(n.Rhs) {
					changed[v] = true
					continue
				}
				record(v, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if v := target(name); v != nil {
					if i < len(n.Values) && len(n.Names) == len(n.Values) {
						record(v, n.Values[i])
					} else if len(n.Values) > 0 {
						changed[v] = true
					}
				}
			}
		case *ast.IncDecStmt:
			if v := target(n.X); v != nil {
				changed[v] = true
			}
		case *ast.UnaryExpr:
			if v := target(n.X); v != nil && n.Op == token.AND {
				changed[v] = true
			}
		}
		return true
	})
	return asg, changed
}

// holds reports whether the block or clause the assignment is in also
// holds the write: then the assignment is a default, not a branch's own
// answer.
func holds(asgStack, writeStack []ast.Node) bool {
	blk := innermostBlock(asgStack[:len(asgStack)-1])
	for _, n := range writeStack {
		if n == blk {
			return true
		}
	}
	return false
}

// leavesBefore reports whether the statements after the assignment in its
// block leave the function or the loop (return, panic, break, continue,
// goto), so the value never reaches a write after the block.
func leavesBefore(stack []ast.Node) bool {
	blk := innermostBlock(stack[:len(stack)-1])
	list := Stmts(blk)
	var asgStmt ast.Node
	for _, n := range stack {
		for _, s := range list {
			if n == s {
				asgStmt = s
			}
		}
	}
	after := false
	for _, s := range list {
		if s == asgStmt {
			after = true
			continue
		}
		if !after {
			continue
		}
		switch s := s.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return true
		case *ast.ExprStmt:
			if c, ok := s.X.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
					return true
				}
			}
		}
	}
	return false
}

// objectBeside is an error object built in the same block as the
// assignment (status = 404; rpcErr = &RPCError{Code: -32001, ...}), whose
// code the write sends with the status.
func objectBeside(ws []*Write, stack []ast.Node) *Write {
	blk := innermostBlock(stack[:len(stack)-1])
	for _, o := range ws {
		if o.Kind == ErrorObject && o.HasCode && innermostBlock(o.Stack) == blk {
			return o
		}
	}
	return nil
}

// SoleAssign is what body assigns to v when it assigns it exactly once
// (declarations with := included): the right-hand side at its place, or
// the call whose first result it takes (b, err := io.ReadAll(r.Body)). It
// is nil when v is assigned more than once, never, or from a call's other
// result.
func SoleAssign(info *types.Info, body *ast.BlockStmt, v *types.Var) ast.Expr {
	if v == nil || body == nil {
		return nil
	}
	var rhs ast.Expr
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		as, ok := x.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
				continue
			}
			n++
			switch {
			case len(as.Lhs) == len(as.Rhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1 && i == 0:
				rhs = as.Rhs[0]
			default:
				rhs = nil
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return rhs
}
