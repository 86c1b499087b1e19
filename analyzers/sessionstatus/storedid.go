package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// sessionShapes runs the rules that read a session resolved inside a
// helper (missinghelper.go) and an id compared with the one the server
// holds, in a package that hands out ids.
func sessionShapes(pass *analysis.Pass, p *pkgInfo, sum *answers.Result) {
	missingResolved(pass, p, sum)
	storedMismatch(pass, sum)
}

// catStoredMismatch: the request's id compared with the one id the server
// holds and hands out, a mismatch only noted, then served.
const catStoredMismatch = "unknown-session-mismatch-served"

// storedMismatch reports, in a package that hands out session ids, a
// handler that compares the request's Mcp-Session-Id with a field the
// package sets as the answer's Mcp-Session-Id (a one-entry table: the
// session it holds), and on a mismatch does nothing but log: no return, no
// answer, no assignment, the id used nowhere after the comparison, and a
// 2xx answer (or a body written with no status) follows. An id that is not
// the one the server holds is unknown to it: the protocol answers 404.
// Silent in an initialize branch, where the mismatch branch refuses or
// records anything, where any test of the id in the function returns (a
// check of the id elsewhere), and where the id goes on past the
// comparison (forwarded, stored).
func storedMismatch(pass *analysis.Pass, sum *answers.Result) {
	info := pass.TypesInfo
	issued := map[*types.Var]ast.Node{}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		body := httpwrite.Body(n)
		walk(body, func(x ast.Node, _ []ast.Node) {
			c, ok := x.(*ast.CallExpr)
			if !ok || !issuesID(info, body, c) {
				return
			}
			if sel, ok := ast.Unparen(c.Args[1]).(*ast.SelectorExpr); ok {
				if v, _ := info.Uses[sel.Sel].(*types.Var); v != nil && v.IsField() && httpwrite.IsString(v.Type()) && issued[v] == nil {
					issued[v] = c
				}
			}
		})
	}
	if len(issued) == 0 {
		return
	}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) || len(sum.Answers[n]) == 0 {
			continue
		}
		scan := sum.Scans[n]
		if scan == nil {
			scan = scansOf(pass, sum, map[ast.Node]bool{n: true})[n]
		}
		if scan == nil {
			continue
		}
		body := httpwrite.Body(n)
		done := false
		walk(body, func(x ast.Node, path []ast.Node) {
			ifs, ok := x.(*ast.IfStmt)
			if !ok || done || scan.InitializeBranch(path) {
				return
			}
			id, field, cmp := mismatchTerm(info, scan, ifs.Cond, issued)
			if id == nil || !onlyNotes(ifs.Body) || answersIn(sum.Answers[n], ifs.Body) {
				return
			}
			root := chainRoot(ifs, path)
			if usedAfter(info, body, id, root.End()) || idRefusedIn(scan, body) {
				return
			}
			served := servedAfterPos(info, scan, sum.Answers[n], body, root.End())
			if served == nil {
				return
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: cmp.Pos(), End: cmp.End(), Category: catStoredMismatch,
				Message: fmt.Sprintf("an Mcp-Session-Id other than the one held in %s is only noted, then served: answer 404 unless initialize", field.Name()),
				Related: []analysis.RelatedInformation{
					{Pos: issued[field].Pos(), End: issued[field].End(), Message: "the id held there is the one handed out"},
					{Pos: served.Pos(), End: served.End(), Message: "served here"},
				},
			})
			done = true
		})
	}
}

// mismatchTerm finds, among the terms cond needs true, id != x.F (either
// side) with id a variable that may hold the request's id and F a field
// in issued.
func mismatchTerm(info *types.Info, scan *session.Scan, cond ast.Expr, issued map[*types.Var]ast.Node) (*types.Var, *types.Var, ast.Expr) {
	for _, t := range httpwrite.Terms(cond, true) {
		b, ok := ast.Unparen(t.E).(*ast.BinaryExpr)
		if !ok || !t.Truth || b.Op != token.NEQ {
			continue
		}
		for _, sides := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			id, ok := ast.Unparen(sides[0]).(*ast.Ident)
			sel, ok2 := ast.Unparen(sides[1]).(*ast.SelectorExpr)
			if !ok || !ok2 || !scan.MayHoldLocalID(id) {
				continue
			}
			v, _ := info.Uses[id].(*types.Var)
			f, _ := info.Uses[sel.Sel].(*types.Var)
			if v != nil && f != nil && issued[f] != nil {
				return v, f, b
			}
		}
	}
	return nil, nil, nil
}

// onlyNotes reports a block of calls only (a log line): nothing returned,
// assigned, branched on or refused.
func onlyNotes(b *ast.BlockStmt) bool {
	for _, st := range b.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return false
		}
		if _, ok := ast.Unparen(es.X).(*ast.CallExpr); !ok || returns(st) {
			return false
		}
	}
	return true
}

// answersIn reports an answer inside n.
func answersIn(as []*answers.Answer, n ast.Node) bool {
	for _, a := range as {
		if within(a.Node, n) {
			return true
		}
	}
	return false
}

// chainRoot is the first if of the if-else chain ifs is part of.
func chainRoot(ifs *ast.IfStmt, path []ast.Node) *ast.IfStmt {
	root := ifs
	for i := len(path) - 2; i >= 0; i-- {
		p, ok := path[i].(*ast.IfStmt)
		if !ok || p.Else != ast.Stmt(root) {
			break
		}
		root = p
	}
	return root
}

// usedAfter reports a use of v in body after pos.
func usedAfter(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found && id.Pos() >= pos && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// idRefusedIn reports an if or switch of body that tests the id beyond
// its emptiness and returns in a branch.
func idRefusedIn(scan *session.Scan, body *ast.BlockStmt) bool {
	found := false
	walk(body, func(x ast.Node, _ []ast.Node) {
		if st, ok := x.(ast.Stmt); ok && !found {
			switch st.(type) {
			case *ast.IfStmt, *ast.SwitchStmt:
				found = scan.RefusesOn(st, nil)
			}
		}
	})
	return found
}

// servedAfterPos returns a 2xx answer (no JSON-RPC code) of the function
// after pos outside an initialize branch, or a body written there with no
// status refused before it.
func servedAfterPos(info *types.Info, scan *session.Scan, as []*answers.Answer, body *ast.BlockStmt, pos token.Pos) ast.Node {
	for _, a := range as {
		ok2xx := (a.Status >= 200 && a.Status < 300 || a.Status == 0 && a.Implicit) && !a.HasCode
		if ok2xx && a.Node.Pos() > pos && !scan.InitializeBranch(a.Stack) {
			return a.Node
		}
	}
	var served ast.Node
	walk(body, func(x ast.Node, path []ast.Node) {
		c, ok := x.(*ast.CallExpr)
		if !ok || served != nil || c.Pos() < pos || scan.InitializeBranch(path) {
			return
		}
		if httpwrite.BodyWriteTarget(info, c) != nil && !refusedBefore(as, path, c) {
			served = c
		}
	})
	return served
}
