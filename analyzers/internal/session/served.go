package session

import (
	"go/ast"
	"go/token"
	"go/types"
)

// This file holds what the served-anyway checks need: whether a statement
// refuses on a test of the id, whether a condition tests the method for an
// initialize, and whether a condition tests the id's emptiness.

// RefusesOn reports whether st is an if or a switch that looks at the id
// beyond its emptiness (the id, a lookup keyed by it, a call given the
// request) and returns in a branch. Variables in skip are not looked at.
func (s *Scan) RefusesOn(st ast.Stmt, skip map[*types.Var]bool) bool {
	return s.refusesHere(st, skip)
}

// TestsInitialize reports whether e, true or false, says whether the
// message is an initialize request.
func (s *Scan) TestsInitialize(e ast.Expr) bool {
	return s.isInit(e, true) || s.isInit(e, false)
}

// EmptyIDTest returns the variable e tests for emptiness when e is
// v == "" or len(v) == 0 (either side) and v may hold the request's id
// read in this function; nil otherwise.
func (s *Scan) EmptyIDTest(e ast.Expr) *ast.Ident { return s.emptinessTest(e, false) }

// PresentIDTest is EmptyIDTest's converse: v != "", len(v) != 0 or
// len(v) > 0.
func (s *Scan) PresentIDTest(e ast.Expr) *ast.Ident { return s.emptinessTest(e, true) }

// InitializeTest reports whether e, when true, says the message is an
// initialize request (m.Method == "initialize").
func (s *Scan) InitializeTest(e ast.Expr) bool { return s.isInit(e, true) }

func (s *Scan) emptinessTest(e ast.Expr, present bool) *ast.Ident {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	switch {
	case !present && b.Op == token.EQL:
	case present && b.Op == token.NEQ:
	case present && b.Op == token.GTR:
		// len(v) > 0: the length on the left only.
		if s.isEmpty(ast.Unparen(b.X)) {
			return nil
		}
	default:
		return nil
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if s.isEmpty(x) {
		x, y = y, x
	}
	if !s.isEmpty(y) {
		return nil
	}
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if f, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && f.Name == "len" {
			if _, builtin := s.info.Uses[f].(*types.Builtin); builtin {
				x = ast.Unparen(call.Args[0])
			}
		}
	}
	id, ok := x.(*ast.Ident)
	if !ok || !s.MayHoldLocalID(id) {
		return nil
	}
	return id
}

// MayTellMissingInit reports whether condition e may tell a request
// without an id that is not an initialize from one that is: some part of
// it compares the method with "initialize", tests the id's emptiness, or
// is a local bool variable (a flag computed from either earlier).
func (s *Scan) MayTellMissingInit(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, _ := s.info.Uses[x].(*types.Var); v != nil && !v.IsField() && isBool(v.Type()) {
				found = true
			}
		case ast.Expr:
			found = s.TestsInitialize(x) || s.EmptyIDTest(x) != nil
		}
		return !found
	})
	return found
}
