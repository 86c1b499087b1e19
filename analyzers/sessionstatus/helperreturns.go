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

// catHelperReturns: a helper that fails for a missing id and for an
// unknown one alike, its every failure answered with one status.
const catHelperReturns = "helper-merges-missing-and-unknown"

// returnKinds says, for a helper of the package, under which session
// condition it returns a non-nil error: the same reading of the id's tests
// that judges a handler's answers, applied to the helper's returns
// (if id == "" { return errors.New(...) } is a missing id; if !ok after a
// lookup keyed by it, an unknown one). at is the first such return of each
// kind.
type returnKinds struct {
	at map[session.Kind]token.Pos
	// other is that fn also returns a non-nil error under no session
	// condition, or one not built in place (another call's error).
	other bool
	// built is, for each kind, whether its first return is built with
	// errors.New or fmt.Errorf rather than named by a sentinel.
	built map[session.Kind]bool
}

// helperReturns reports an answer to every error of a helper of this
// package (if err != nil { answer }) that is wrong for one of the kinds
// the helper returns: 404 when the helper also fails for a missing id
// (400 is due), another 4xx when it also fails for an unknown one (404 is
// due). A helper whose errors are named sentinels is onlyRefusal's.
func helperReturns(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if a.HasSession || scan == nil || w.Status < 400 || w.Status >= 500 {
		return
	}
	info := pass.TypesInfo
	call, fn := failedCall(pass, scan, w.Stack)
	if call == nil {
		return
	}
	if r, _ := p.onlyRefusal(info, fn, 0); r != nil {
		return
	}
	k := p.returnKinds(pass, fn)
	if k == nil || k.other || len(k.at) < 2 {
		// One kind only is a helper whose every error means one thing:
		// the other rules judge that.
		return
	}
	name := types.ExprString(call.Fun)
	if w.Status == 404 {
		// Only when the missing id reaches the helper: the caller does not
		// test the id itself first.
		reaches := scan.UnguardedCall(call, p.decls) ||
			session.TakesRequest(info, call) && !scan.ReadsIDHeader(&ast.FuncDecl{Body: scan.Body})
		if at, ok := k.at[session.Missing]; ok && reaches {
			report.Report(pass, analysis.Diagnostic{
				Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
				Message: fmt.Sprintf("answers 404 to every error of %s(...), also the one it returns for a request without Mcp-Session-Id: answer that one 400", name),
				Related: []analysis.RelatedInformation{{Pos: at, Message: "returned when the id is missing"}},
			})
		}
		return
	}
	if at, ok := k.at[session.Unknown]; ok {
		report.Report(pass, analysis.Diagnostic{
			Pos: w.Node.Pos(), End: w.Node.End(), Category: catHelperReturns,
			Message: fmt.Sprintf("answers %d to every error of %s(...), also the one it returns for an unknown Mcp-Session-Id: answer that one 404", w.Status, name),
			Related: []analysis.RelatedInformation{{Pos: at, Message: "returned when the id is not in the table"}},
		})
	}
}

// returnKinds reads fn's returns (memoised). It is nil when fn returns no
// error last or is not read; other is set when fn also returns a non-nil
// error under no session condition: an error from another call (a store,
// a decode) that the caller's one answer may rightly cover.
func (p *pkgInfo) returnKinds(pass *analysis.Pass, fn *types.Func) *returnKinds {
	if k, ok := p.kinds[fn]; ok {
		return k
	}
	if p.kinds == nil {
		p.kinds = map[*types.Func]*returnKinds{}
	}
	p.kinds[fn] = nil
	decl := p.decls[fn]
	if decl == nil || decl.Body == nil {
		return nil
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 || !httpwrite.IsErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	if p.sum.Learned == nil {
		return nil
	}
	scan := p.sum.Learned.Scans(func(n ast.Node) bool { return n == decl })[decl]
	if scan == nil {
		return nil
	}
	info := pass.TypesInfo
	k := &returnKinds{at: map[session.Kind]token.Pos{}, built: map[session.Kind]bool{}}
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		if len(ret.Results) != res.Len() {
			k.other = true
			return true
		}
		e := ast.Unparen(ret.Results[len(ret.Results)-1])
		if isNil(info, e) {
			return true
		}
		if !madeHere(info, e) {
			k.other = true
			return true
		}
		c, found := scan.Condition(stack)
		if !found || c.AlsoMissing || c.Kind != session.Missing && c.Kind != session.Unknown {
			k.other = true
			return true
		}
		if _, seen := k.at[c.Kind]; !seen {
			k.at[c.Kind] = ret.Pos()
			_, call := e.(*ast.CallExpr)
			k.built[c.Kind] = call
		}
		return true
	})
	p.kinds[fn] = k
	return k
}

// madeHere reports an error built in place: errors.New, fmt.Errorf, or a
// package-level variable (a sentinel).
func madeHere(info *types.Info, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, e)
		return fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "errors" && fn.Name() == "New" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf")
	case *ast.Ident, *ast.SelectorExpr:
		return session.SentinelRef(info, e) != nil
	}
	return false
}
