package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// checkOldRevisionAccepted reports, in a handler of a package that serves
// Streamable HTTP, a test of an initialize's protocolVersion against the
// revisions the server takes whose set holds one older than Streamable
// HTTP (2024-11-05), when the handler answers the proposal it accepts: a
// client proposing that revision is told to speak it, and its transport
// is HTTP+SSE, which this endpoint does not serve. The set is read as
// missingheader.go reads one: constants in a list or a map, or a predicate
// of the package that is one membership test.
//
// Silent in a package that serves the HTTP+SSE transport too (it names the
// "endpoint" event), where 2024-11-05 is served rightly, and where the
// proposal is only tested, never answered.
func (c *checker) checkOldRevisionAccepted(body *ast.BlockStmt, fromResponse func(types.Object) bool) {
	var test ast.Expr
	var old string
	ast.Inspect(body, func(n ast.Node) bool {
		if test != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			cond := ast.Unparen(n.Cond)
			if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				cond = ast.Unparen(u.X)
			}
			if !c.isMembership(cond, fromResponse) {
				return true
			}
			if set, ok := c.membershipSet(cond); ok {
				for rev := range set {
					if httpwrite.IsRevision(constant.MakeString(rev)) && rev < streamableFirst && (old == "" || rev > old) {
						old, test = rev, n.Cond
					}
				}
			}
		}
		return true
	})
	if test == nil || !c.answersProposal(body, test) || c.servesLegacySSE() {
		return
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos: test.Pos(), End: test.End(), Category: "old-revision-accepted",
		Message: "an initialize proposing " + old + " is answered with it, a revision whose transport is HTTP+SSE, not this Streamable HTTP endpoint: take only revisions from " + streamableFirst + " on, and counter-offer one of them",
	})
}

// membershipSet returns the set a membership test of the requested
// revision reads: slices.Contains(list, v), m[v], or pred(v).
func (c *checker) membershipSet(e ast.Expr) (map[string]bool, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := c.callee(e)
		if fn == nil {
			return nil, false
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "slices" && len(e.Args) == 2 {
			return c.stringSet(e.Args[0])
		}
		if fn.Pkg() == c.pass.Pkg {
			return c.predicateSet(fn)
		}
	case *ast.IndexExpr:
		return c.stringSet(e.X)
	}
	return nil, false
}

// answersProposal reports whether body uses the requested revision as a
// value outside the test: assigned, returned, put in a literal, or handed
// to a function of the package.
func (c *checker) answersProposal(body *ast.BlockStmt, test ast.Expr) bool {
	found := false
	use := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !found && c.isRequestedVersion(x, func(types.Object) bool { return false }) {
				found = true
			}
			return !found
		})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == test {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			// v := params.ProtocolVersion names the proposal; only a
			// later use answers it.
			for i, r := range n.Rhs {
				if len(n.Lhs) == len(n.Rhs) {
					if id, ok := ast.Unparen(n.Lhs[i]).(*ast.Ident); ok && c.requestedVars[c.pass.TypesInfo.ObjectOf(id)] {
						continue
					}
				}
				use(r)
			}
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				use(r)
			}
			return false
		case *ast.CallExpr:
			// Handed to a function of the package (a writer of the
			// result); a log line or a format answers nothing.
			if fn := c.callee(n); fn != nil && fn.Pkg() == c.pass.Pkg {
				for _, a := range n.Args {
					use(a)
				}
			}
		case *ast.KeyValueExpr:
			use(n.Value)
			return false
		}
		return true
	})
	return found
}

// servesLegacySSE reports whether the package names the HTTP+SSE
// transport's endpoint event, read once.
func (c *checker) servesLegacySSE() bool {
	if c.legacySSE == nil {
		legacy := httpwrite.SendsEndpointEvent(c.pass.Fset, c.pass.Files)
		c.legacySSE = &legacy
	}
	return *c.legacySSE
}
