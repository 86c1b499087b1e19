package httpwrite

import (
	"go/ast"
	"go/types"
)

// Delivered reports whether an error object a function builds (an
// ErrorObject answer, not paired with a status) can reach the wire: it is
// handed to a call (an encoder, a writer, a helper that sends it),
// returned, stored anywhere but a local variable, or held in a local
// variable that is so used afterwards. An object sent on a channel goes to
// a receiver the analyzers do not follow (often a caller waiting for the
// reply to its own request, which turns it into a Go error), and one held
// only to be sent or dropped answers nothing: it is not an answer until
// something writes it.
func Delivered(info *types.Info, body *ast.BlockStmt, w *Write) bool {
	if w.Kind != ErrorObject || len(w.Stack) == 0 || body == nil {
		return true
	}
	st := w.Stack
	i := Enveloped(st)
	if i == 0 {
		return true
	}
	var held *types.Var
	switch p := st[i-1].(type) {
	case *ast.SendStmt:
		return p.Value != st[i]
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return true
		}
		for j, r := range p.Rhs {
			if r == st[i] {
				if id, ok := ast.Unparen(p.Lhs[j]).(*ast.Ident); ok {
					held, _ = info.ObjectOf(id).(*types.Var)
				}
			}
		}
	case *ast.ValueSpec:
		for j, v := range p.Values {
			if v == st[i] && j < len(p.Names) {
				held, _ = info.ObjectOf(p.Names[j]).(*types.Var)
			}
		}
	default:
		return true
	}
	if held == nil || held.IsField() || held.Pos() < body.Pos() || held.Pos() >= body.End() {
		return true
	}
	// The uses that can see the value: after the assignment, or anywhere
	// in a loop around it.
	from, to := st[i-1].End(), body.End()
	for k := i - 1; k >= 0; k-- {
		switch st[k].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			from = st[k].Pos()
		}
		if from != st[i-1].End() {
			break
		}
	}
	delivered := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if delivered {
			return false
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != held || id.Pos() < from || id.Pos() >= to || id.Pos() == st[i-1].Pos() {
			return true
		}
		switch p := stack[len(stack)-2].(type) {
		case *ast.SendStmt:
			if p.Value == id {
				return true
			}
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == id {
					return true // a new value
				}
			}
		}
		delivered = true
		return false
	})
	return delivered
}

// Enveloped returns the index in stack (a Write's Stack) of the outermost
// expression that still builds the error object: the composite literals,
// keys, & and parentheses that wrap it in its response envelope. 0 means
// nothing holds the envelope: it is the function body itself.
func Enveloped(stack []ast.Node) int {
	i := len(stack) - 1
	for i > 0 {
		switch stack[i-1].(type) {
		case *ast.CompositeLit, *ast.KeyValueExpr, *ast.UnaryExpr, *ast.ParenExpr:
			i--
			continue
		}
		break
	}
	return i
}
