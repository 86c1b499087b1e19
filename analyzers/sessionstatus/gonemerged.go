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

// catGoneMerged: a helper that fails for an unknown id among its other
// failures, its every error answered 5xx.
const catGoneMerged = "unknown-session-merged-5xx"

// goneMerged reports a 5xx answer to every error of a helper of this
// package given the session id, or given the request whose id it reads
// itself, when one of the helper's errors is the one it returns for an id
// its table does not hold (if !ok after a lookup keyed by the id: return
// fmt.Errorf(...), or a sentinel of any name), beside errors of the
// server's or alone. The helper's other errors (a full channel, a pending
// request gone) are the server's, rightly 5xx; the unknown id is not, and
// a client answered 500 for it never learns to start a new session. A call
// the model reads as a lookup or a check (sess, err := s.fetch(id)) is
// judged the same way. Not judged when the function has itself answered a
// failed lookup or check of the id before the call (the helper's miss is
// then a session ended in between); a check through an interface does not
// count, since what it checks is not seen (mcp-go's default session
// manager checks only the id's form, so the helper's table is the only
// test of the id). Nor when the function inspects the error (errors.Is,
// errors.As, a type switch), when the helper answers its refusals itself
// before returning their errors, or when the unknown-id error is a
// sentinel named for a missing session (goneAs5xx reads those).
func goneMerged(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, as []*answers.Answer, a *answers.Answer) {
	w := a.Write
	if scan == nil || w.Status < 500 {
		return
	}
	if call, k, at := p.missingFails(pass, scan, a); call != nil {
		missing5xx(pass, a, call, k, at)
		return
	}
	info := pass.TypesInfo
	var call *ast.CallExpr
	var fn *types.Func
	c, has := condition(scan, a)
	switch {
	case !has:
		call, fn = failedCall(pass, p, scan, w.Stack)
	case (c.Kind == session.LookupErr || c.Kind == session.Invalid) && !c.AlsoMissing:
		// The model reads the call as a lookup or a check of the id
		// (sess, err := store.Fetch(id)); its failure may be a store's
		// outage, rightly 5xx, unless its callee is read here.
		if call = httpwrite.CallAt(scan.Body, c.Pos); call != nil {
			fn = httpwrite.Callee(info, call)
		}
		if fn == nil || fn.Pkg() != pass.Pkg && p.foreignKinds(fn.Origin()) == nil || types.IsInterface(recvType(fn)) {
			return
		}
		fn = fn.Origin()
	default:
		return
	}
	if call == nil {
		return
	}
	// Given the id, or the request whose id the callee reads itself
	// (its returns are then under tests of that id).
	k := p.returnKinds(pass, fn)
	if k == nil || !scan.TakesID(call) && !session.TakesRequest(info, call) {
		return
	}
	at, ok := k.at[session.Unknown]
	if ok && p.kindAnswered(k, session.Unknown) {
		// The helper answers its refusal itself (http.Error, then
		// return err): the caller's answer comes after the status went
		// out, and is not what the client gets.
		return
	}
	if !ok || !k.built[session.Unknown] && len(failsGone(info, p, call)) > 0 {
		// A sentinel whose name says the session is not there is
		// goneAs5xx's.
		return
	}
	for _, b := range as {
		if b.HasSession && b.Write.Node.Pos() < call.Pos() && b.Session.Kind != session.Missing &&
			!interfaceCall(pass.TypesInfo, httpwrite.CallAt(scan.Body, b.Session.Pos)) {
			return
		}
	}
	if inspectsError(info, scan.Body, call) {
		return
	}
	msg := fmt.Sprintf("answers %d to every error of %s(...), also the one it returns for an unknown Mcp-Session-Id: answer that one 404",
		w.Status, types.ExprString(call.Fun))
	if !k.other && len(k.at) == 1 {
		msg = fmt.Sprintf("answers %d to the error of %s(...), the one it returns for an unknown Mcp-Session-Id: answer it 404",
			w.Status, types.ExprString(call.Fun))
	}
	report.Report(pass, analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catGoneMerged,
		Message: msg,
		Related: append([]analysis.RelatedInformation{{Pos: at, Message: "returned when the id is not in the table"}},
			k.alsoReturned(session.Unknown, "also returned when the id is not in the table")...),
	})
}

// inspectsError reports whether body tells the errors of call apart: the
// variable the call's error is assigned to is given to errors.Is or
// errors.As, compared with a value, its text searched, or switched on.
func inspectsError(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	var errVar *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if errVar != nil {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return true
		}
		last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok {
			return true
		}
		if v, ok := info.ObjectOf(last).(*types.Var); ok {
			errVar = v
		}
		return false
	})
	if errVar == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, n)
			if fn == nil || fn.Pkg() == nil || len(n.Args) == 0 || !httpwrite.Mentions(info, n.Args[0], errVar) {
				return true
			}
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "errors.Is", "errors.As", "strings.Contains", "strings.HasPrefix", "strings.HasSuffix", "strings.EqualFold":
				found = true
			}
		case *ast.BinaryExpr:
			x, y := ast.Unparen(n.X), ast.Unparen(n.Y)
			if isNil(info, x) || isNil(info, y) || n.Op != token.EQL && n.Op != token.NEQ {
				// A concatenation ("proxy: " + err.Error()) only
				// words the answer.
				return true
			}
			if httpwrite.Mentions(info, x, errVar) || httpwrite.Mentions(info, y, errVar) {
				found = true
			}
		case *ast.TypeSwitchStmt:
			if httpwrite.Mentions(info, n.Assign, errVar) {
				found = true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && httpwrite.Mentions(info, n.Tag, errVar) {
				found = true
			}
		}
		return true
	})
	return found
}

// interfaceCall reports a call of a method of an interface.
func interfaceCall(info *types.Info, call *ast.CallExpr) bool {
	if call == nil {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal && types.IsInterface(s.Recv())
}

// recvType is the type of fn's receiver, or nil for a function.
func recvType(fn *types.Func) types.Type {
	if r := fn.Type().(*types.Signature).Recv(); r != nil {
		return r.Type()
	}
	return types.Typ[types.Invalid]
}
