package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// carriedCreate is a get-or-create call keyed by a parameter of the
// function making it: the id its callers hand it.
type carriedCreate struct {
	fn    *types.Func // the function making the call
	param int         // its parameter the key comes from
	call  *ast.CallExpr
	put   *put // the helper's store, nil for another package's
	node  ast.Node
}

// handedOn is a call handing the client's own id, unchecked, to the
// function of a carriedCreate.
type handedOn struct {
	call *ast.CallExpr
	// init is that the call runs only for an initialize.
	init bool
}

// carriedCalls finds, for each function of cs, the calls of the package
// that hand it the request's Mcp-Session-Id as read in the caller (the
// header, or a helper of the package returning it) on a path that has not
// tested the id beyond its emptiness. A handler that reads the id once and
// passes it to the function serving each kind of request leaves the
// get-or-create to that function: the id it creates under is the client's
// all the same. Ids the caller passes on after a lookup, or after keying
// anything by them (a LoadOrStore may have made the session; the callee
// then makes something of that session's), and ids a caller of the caller
// passes in, are not judged.
func carriedCalls(pass *analysis.Pass, sum *answers.Result, cs []carriedCreate) map[*types.Func][]handedOn {
	info := pass.TypesInfo
	want := map[*types.Func]int{}
	for _, c := range cs {
		want[c.fn] = c.param
	}
	sites := callSites(pass, sum, func(fn *types.Func, c *ast.CallExpr) bool {
		i, ok := want[fn.Origin()]
		return ok && i < len(c.Args)
	})
	if len(sites) == 0 {
		return nil
	}
	need := map[ast.Node]bool{}
	for _, s := range sites {
		need[s.fn] = true
	}
	scans := scansOf(pass, sum, need)
	out := map[*types.Func][]handedOn{}
	for _, s := range sites {
		fn := s.fnc.Origin()
		sc := scans[s.fn]
		arg := s.call.Args[want[fn]]
		if sc == nil || !sc.MayHoldLocalID(arg) || sc.Validated(s.path) || keyedBefore(info, httpwrite.Body(s.fn), arg, s.call.Pos()) {
			continue
		}
		out[fn] = append(out[fn], handedOn{s.call, sc.InitializeBranch(s.path)})
	}
	return out
}

// keyedBefore reports whether the variable arg names is used before pos in
// body, outside branches that return before it, other than to be logged or
// formatted: as a key (m[id]), or as an argument to a call other than one
// of fmt, log, strings and the like or a logger's method.
func keyedBefore(info *types.Info, body *ast.BlockStmt, arg ast.Expr, pos token.Pos) bool {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok || body == nil {
		return false
	}
	v := info.Uses[id]
	if v == nil {
		return false
	}
	uses := func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[x] == v
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.BlockStmt, *ast.CaseClause:
			// A branch that returns before the call never leads to it.
			if pos >= n.End() && httpwrite.EndsInReturn(n) {
				return false
			}
		case *ast.IndexExpr:
			if uses(n.Index) {
				found = true
			}
		case *ast.CallExpr:
			if logs(info, n) {
				return false
			}
			for _, a := range n.Args {
				if uses(a) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// logs reports a call that only formats or records its arguments: a
// function of fmt, log, log/slog, strings, strconv or errors, or a method
// named as loggers name theirs.
func logs(info *types.Info, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil {
		return false
	}
	if httpwrite.FormatsOnly(fn) {
		return true
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "strings", "strconv", "errors":
			return true
		}
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		switch strings.TrimSuffix(strings.TrimSuffix(fn.Name(), "f"), "w") {
		case "Debug", "Info", "Warn", "Error", "Print", "Println", "Trace", "Log":
			return true
		}
	}
	return false
}
