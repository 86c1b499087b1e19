package session

import (
	"go/ast"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// FallCondition is the session condition of an answer that no enclosing
// test decides but that comes after one which returned: the statement
// after `if ok { serve(sess); return }` runs only when the id is not in
// the table, as surely as the else branch of `if !ok` would. The nearest
// earlier if, in the answer's own block and then outward, whose body
// returns, that has no else, and whose negation tests the session decides;
// earlier ifs about something else are passed over (they return for their
// own reason, which does not hold here).
//
// The walk stops at the first enclosing if, case clause, loop or function
// literal: an answer inside a branch of another test is about that test,
// which Condition has already read and found not to be the session's.
func (s *Scan) FallCondition(stack []ast.Node) (Cond, bool) {
	for i := len(stack) - 2; i >= 0; i-- {
		var list []ast.Stmt
		switch n := stack[i].(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.FuncDecl, *ast.SelectStmt:
			return Cond{}, false
		default:
			continue
		}
		at := -1
		for j, st := range list {
			if st == stack[i+1] {
				at = j
				break
			}
		}
		for j := at - 1; j >= 0; j-- {
			ifs, ok := list[j].(*ast.IfStmt)
			if !ok || ifs.Else != nil || !terminates(ifs.Body) {
				continue
			}
			for _, t := range httpwrite.Terms(ifs.Cond, false) {
				if c, ok := s.test(t.E, t.Truth); ok {
					if c.Kind != Missing && s.unknownRefused(stack) {
						return Cond{}, false
					}
					return c, true
				}
			}
		}
		if _, ok := stack[i].(*ast.CaseClause); ok {
			return Cond{}, false
		}
	}
	return Cond{}, false
}

// unknownRefused reports whether a statement before the last node of stack,
// in an enclosing block, refuses an id the table does not hold and
// returns: an if, however nested, whose branch taken for an unknown id (or
// a failed lookup or check of it) ends in a return. Past it a failed
// lookup can only be a request without an id, so a later branch that a
// lookup's miss reaches is not one for an unknown id.
func (s *Scan) unknownRefused(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		list := httpwrite.Stmts(stack[i])
		for _, st := range list {
			if st == stack[i+1] {
				break
			}
			found := false
			ast.Inspect(st, func(n ast.Node) bool {
				if found {
					return false
				}
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				ifs, ok := n.(*ast.IfStmt)
				if !ok {
					return true
				}
				// A branch that returns, taken for an unknown id.
				refuses := func(body ast.Stmt, then bool) bool {
					if body == nil || !terminates(body) {
						return false
					}
					for _, t := range httpwrite.Terms(ifs.Cond, then) {
						if c, ok := s.test(t.E, t.Truth); ok && c.Kind != Missing {
							return true
						}
					}
					return false
				}
				found = refuses(ifs.Body, true) || refuses(ifs.Else, false)
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}
