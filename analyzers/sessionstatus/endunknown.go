package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// endUnknown reports a success answered after ending a session only if it
// was found: `if ok { delete(sessions, id) }` followed, in the same block,
// by a 2xx answer. The unknown id gets the same success as the known one
// (a DELETE of an id nobody minted answered 204), where the protocol
// answers 404. Only an if without else whose body removes the id from a
// map or a sync.Map counts, and only an answer that follows it with no
// other if, switch or return in between.
func endUnknown(pass *analysis.Pass, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if scan == nil || w.Status < 200 || w.Status >= 300 || w.HasCode || len(w.Stack) < 3 {
		return
	}
	block, ok := w.Stack[0].(*ast.BlockStmt)
	if !ok {
		return
	}
	stmt := w.Stack[1]
	for i := len(block.List) - 1; i >= 0; i-- {
		if block.List[i] != stmt {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			switch st := block.List[j].(type) {
			case *ast.IfStmt:
				if st.Else != nil || terminates(st.Body) {
					return
				}
				cond, found := foundBranch(scan, st.Cond)
				if !found || !removesID(pass.TypesInfo, scan, st.Body) {
					return
				}
				report.Report(pass, analysis.Diagnostic{
					Pos: w.Node.Pos(), End: w.Node.End(), Category: catUnknown,
					Message: fmt.Sprintf("answers %d also to an unknown Mcp-Session-Id: the session is ended only if %s finds it: answer 404",
						w.Status, cond.What),
					Related: []analysis.RelatedInformation{{Pos: st.Pos(), Message: "the session is ended only when found"}},
				})
				return
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ReturnStmt, *ast.ForStmt, *ast.RangeStmt, *ast.BlockStmt:
				return
			}
		}
		return
	}
}

// foundBranch reports whether the then branch of an if with condition cond
// runs only when the session was found.
func foundBranch(scan *session.Scan, cond ast.Expr) (session.Cond, bool) {
	for _, t := range httpwrite.Terms(cond, true) {
		if c, ok := scan.FoundTest(t.E, t.Truth); ok {
			return c, true
		}
	}
	return session.Cond{}, false
}

// removesID reports whether body deletes the session id from a map or a
// sync.Map.
func removesID(info *types.Info, scan *session.Scan, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "delete" && len(call.Args) == 2 {
			if _, builtin := info.Uses[id].(*types.Builtin); builtin && scan.MayHoldID(call.Args[1]) {
				found = true
			}
		}
		if fn := httpwrite.Callee(info, call); httpwrite.IsMethod(fn, "sync", "Map", "Delete") && len(call.Args) == 1 && scan.MayHoldID(call.Args[0]) {
			found = true
		}
		return !found
	})
	return found
}
