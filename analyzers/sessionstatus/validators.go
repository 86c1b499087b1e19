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

// catMerged: a validator of this package that is false for a missing and
// for an unknown id alike, its failure answered as if only one could be.
const catMerged = "validator-merges-missing-and-unknown"

// mergedValidator reports the answers to a failed validator of this
// package whose body says it is false for both a missing and an unknown
// session id:
//
//   - validate(id) returning false under id == "", given the header's id
//     untested, answered 404: the missing id gets 404 (400 is due);
//   - validate(r), reading Mcp-Session-Id from the request itself,
//     answered with a status that is right for neither (401, 403): an
//     unknown id is 404, a missing one 400.
func mergedValidator(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if scan == nil || w.Status < 400 || w.Status >= 500 {
		return
	}
	info := pass.TypesInfo
	if a.HasSession && a.Session.Kind == session.Unknown && w.Status == 404 {
		call := scan.UnguardedValidator(a.Session, p.decls)
		if call == nil || !falseForEmpty(info, p.decls[calleeOrigin(info, call)]) {
			return
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catMerged,
			Message: fmt.Sprintf("answers 404 also to a request without Mcp-Session-Id: %s(...) is false for an empty id: answer that 400",
				types.ExprString(call.Fun)),
			Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the validator, false for \"\" too"}},
		})
		return
	}
	if a.HasSession || w.Status == 400 || w.Status == 404 || w.Status == 405 {
		return
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(w.Stack) {
		for _, t := range httpwrite.Terms(ifs.Cond, inThen) {
			call, ok := t.E.(*ast.CallExpr)
			if !ok || t.Truth || !session.TakesRequest(info, call) {
				continue
			}
			fn := calleeOrigin(info, call)
			decl := p.decls[fn]
			if fn == nil || decl == nil || !isBoolFunc(fn) || !scan.ReadsIDHeader(decl) ||
				!session.ValidatorName(fn.Name()) && !scan.FalseForBoth(decl) {
				continue
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catMerged,
				Message: fmt.Sprintf("answers %d when %s(...) fails on the request's Mcp-Session-Id: answer 404 for an unknown id, 400 for none",
					w.Status, types.ExprString(call.Fun)),
				Related: []analysis.RelatedInformation{{Pos: call.Pos(), Message: "the session check"}},
			})
			return
		}
		return // only the innermost if decides
	}
}

func calleeOrigin(info *types.Info, call *ast.CallExpr) *types.Func {
	if fn := httpwrite.Callee(info, call); fn != nil {
		return fn.Origin()
	}
	return nil
}

func isBoolFunc(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// falseForEmpty reports whether decl is a function returning bool that
// returns false when its first string parameter is empty: an if whose
// condition is p == "" or len(p) == 0 and whose body is return false.
func falseForEmpty(info *types.Info, decl *ast.FuncDecl) bool {
	if decl == nil || decl.Body == nil {
		return false
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil || !isBoolFunc(fn) {
		return false
	}
	var param *types.Var
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if b, ok := params.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.String {
			param = params.At(i)
			break
		}
	}
	if param == nil {
		return false
	}
	for _, st := range decl.Body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || len(ifs.Body.List) != 1 || !httpwrite.IsEmptyTest(info, ifs.Cond, param) {
			continue
		}
		if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			if tv, ok := info.Types[ret.Results[0]]; ok && tv.Value != nil && tv.Value.String() == "false" {
				return true
			}
		}
	}
	return false
}
