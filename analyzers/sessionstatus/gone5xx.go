package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// goneAs5xx reports a failed lookup of the id answered 5xx when the lookup
// fails for an id it does not hold with an error of its own (go-redis's
// Nil, sql.ErrNoRows from a row's Scan, a sentinel a store of the package
// returns) and nothing in the handler tells that error apart: the unknown
// id is answered as a store outage, and the client, never told 404, never
// starts a new session.
func goneAs5xx(pass *analysis.Pass, p *pkgInfo, scan *session.Scan, a *answers.Answer) {
	w := a.Write
	if w.Status < 500 || scan == nil {
		return
	}
	c, has := condition(scan, a)
	var call *ast.CallExpr
	switch {
	case has && c.Kind == session.LookupErr && !c.AlsoMissing:
		call = httpwrite.CallAt(scan.Body, c.Pos)
	case !has:
		// err := mgr.Touch(id): an error that is the call's only
		// result says nothing alone, but one the callee returns for
		// an id it lacks does.
		if call = scan.FailedCall(w.Stack); call != nil {
			c = session.Cond{Kind: session.LookupErr, What: types.ExprString(call.Fun) + "(...)", Pos: call.Pos()}
		}
	}
	if call == nil {
		return
	}
	gone := ""
	tested := testedSentinels(pass.TypesInfo, scan.Body)
	for _, g := range failsGone(pass.TypesInfo, p, call) {
		if !tested[g] {
			gone = g
			break
		}
	}
	if gone == "" {
		return
	}
	of := " of the lookup"
	if strings.HasSuffix(gone, notFoundError) {
		// An error another package builds for a key it lacks, not a
		// sentinel: told apart only by its text or type.
		if inspectsError(pass.TypesInfo, scan.Body, call) {
			return
		}
		of = ""
	}
	report.Report(pass, analysis.Diagnostic{
		Pos: w.Node.Pos(), End: w.Node.End(), Category: catLookup,
		Message: fmt.Sprintf("answers %d to an unknown Mcp-Session-Id too (%s%s is not told apart): answer 404 for it",
			w.Status, gone, of),
		Related: []analysis.RelatedInformation{{Pos: c.Pos, Message: "the session lookup: " + c.What}},
	})
}

// failsGone names the error call fails with for a key it does not hold, or
// "": a go-redis command's Nil, sql.ErrNoRows from a row's Scan, or a
// sentinel saying the session is not there that the callee (a function of
// the package, or every method of the package an interface call may reach)
// returns.
func failsGone(info *types.Info, p *pkgInfo, call *ast.CallExpr) []string {
	for c := call; c != nil; {
		fn := httpwrite.Callee(info, c)
		if fn != nil && fn.Pkg() != nil {
			path := fn.Pkg().Path()
			switch {
			case strings.Contains(path, "go-redis") && redisGet(fn.Name()):
				return []string{"redis.Nil"}
			case httpwrite.IsMethod(fn, "database/sql", "Row", "Scan"):
				return []string{"sql.ErrNoRows"}
			}
			if s := returnsGone(info, p, fn); len(s) > 0 {
				return s
			}
		}
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		c, _ = ast.Unparen(sel.X).(*ast.CallExpr)
	}
	return nil
}

// redisGet reports the go-redis commands that read one key and fail with
// Nil when it is absent (and the result readers of their commands).
func redisGet(name string) bool {
	switch name {
	case "Get", "GetDel", "GetEx", "HGet", "LIndex", "ZScore":
		return true
	}
	return false
}

// returnsGone is the sentinel saying the session is not there that fn
// returns, directly, or through the methods of the package an interface
// method fn may call.
func returnsGone(info *types.Info, p *pkgInfo, fn *types.Func) []string {
	fn = fn.Origin()
	if d := p.decls[fn]; d != nil {
		return goneReturned(info, d)
	}
	if p.ext != nil {
		if names := p.ext.Gone(fn); len(names) > 0 {
			return names
		}
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	if p.ext != nil && iface != nil {
		for m, names := range p.ext.GoneMethods {
			if m.Name() == fn.Name() && implements(m.Type().(*types.Signature).Recv().Type(), iface) {
				return names
			}
		}
	}
	for m, d := range p.decls {
		msig := m.Type().(*types.Signature)
		if m.Name() != fn.Name() || msig.Recv() == nil || iface == nil {
			continue
		}
		if !implements(msig.Recv().Type(), iface) {
			continue
		}
		if s := goneReturned(info, d); len(s) > 0 {
			return s
		}
	}
	return nil
}

// implements reports whether a method's receiver type, or a pointer to
// it, implements iface.
func implements(recv types.Type, iface *types.Interface) bool {
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	return types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface)
}

// goneReturned lists the sentinels saying a session is not there that d
// returns, directly or wrapped by fmt.Errorf.
func goneReturned(info *types.Info, d *ast.FuncDecl) []string {
	var names []string
	add := func(v *types.Var) {
		if v != nil && session.GoneSentinel(v) && !slices.Contains(names, v.Name()) {
			names = append(names, v.Name())
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range r.Results {
				add(session.SentinelRef(info, e))
				// fmt.Errorf("attach %s: %w", id, errNoSession)
				if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && httpwrite.IsFunc(httpwrite.Callee(info, c), "fmt", "Errorf") {
					for _, a := range c.Args {
						add(session.SentinelRef(info, a))
					}
				}
			}
		}
		return true
	})
	return names
}

// testedSentinels are the names (qualified as a message gives them:
// redis.Nil, sql.ErrNoRows, ErrX) of the sentinels body tests an error
// against (errors.Is, ==, a case of a switch on the error): those the
// handler tells apart, whose absence the path judged is not about.
func testedSentinels(info *types.Info, body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	add := func(e ast.Expr) {
		// go-redis's Nil is a constant (proto.Nil), not a variable.
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if c, ok := info.Uses[sel.Sel].(*types.Const); ok && c.Pkg() != nil && strings.Contains(c.Pkg().Path(), "go-redis") && c.Name() == "Nil" {
				out["redis.Nil"] = true
				return
			}
		}
		v := session.SentinelRef(info, e)
		if v == nil {
			return
		}
		out[v.Name()] = true
		switch v.Pkg().Path() {
		case "database/sql":
			out["sql."+v.Name()] = true
		default:
			if strings.Contains(v.Pkg().Path(), "go-redis") {
				out["redis."+v.Name()] = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, n); httpwrite.IsFunc(fn, "errors", "Is") && len(n.Args) == 2 {
				add(n.Args[1])
			}
		case *ast.BinaryExpr:
			add(n.X)
			add(n.Y)
		case *ast.CaseClause:
			for _, x := range n.List {
				add(x)
			}
		}
		return true
	})
	return out
}
