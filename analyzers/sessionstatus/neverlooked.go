package sessionstatus

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catNeverLooked: the table of issued sessions is never read by key.
const catNeverLooked = "sessions-never-looked-up"

// neverLookedUp reports the reads of the request's Mcp-Session-Id in a
// package that issues ids (it sets Mcp-Session-Id on an answer to one it
// made) and records its sessions in a table of its own (a string-keyed map
// it stores its structs into, or a sync.Map), when nothing in the package
// ever reads that table by key: no m[k] outside an assignment to it, no
// Load. The ids are issued and kept, but the id a request carries is never
// checked against them, so an id nobody issued is served (404 is due).
//
// The handler reading the id is judged only when the id goes nowhere a
// check may hide: it is compared with "" at most, logged or formatted,
// set on the answer's header, and handed to no other function (a store of
// another package, a validator, an SDK). A function that hands its request
// on may check the id elsewhere: not judged. One finding per package, at
// the first read. tables are the package's own (ownedTables); the caller
// has established that it hands out ids.
func neverLookedUp(pass *analysis.Pass, sum *answers.Result, tables map[*types.Var]bool) bool {
	info := pass.TypesInfo
	if len(tables) == 0 || tableRead(pass, tables) {
		return false
	}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		read, id := idRead(info, httpwrite.Body(n))
		if read == nil || handsOnRequest(info, n) || !onlyInert(info, httpwrite.Body(n), id) {
			continue
		}
		var names []string
		for v := range tables {
			names = append(names, v.Name())
		}
		slices.Sort(names)
		report.Report(pass, analysis.Diagnostic{
			Pos: read.Pos(), End: read.End(), Category: catNeverLooked,
			Message: "reads Mcp-Session-Id but never looks it up among the sessions this package issues (" + strings.Join(names, ", ") +
				"): answer 404 to an unknown id",
		})
		return true
	}
	return false
}

// tableRead reports whether any function of the package reads one of
// tables by key: an index expression that is not the left side of an
// assignment (nor delete's argument), or a sync.Map Load, LoadOrStore,
// LoadAndDelete or CompareAndSwap. A table handed whole to a function
// counts as read too: the function may look in it.
func tableRead(pass *analysis.Pass, tables map[*types.Var]bool) bool {
	info := pass.TypesInfo
	found := false
	for _, f := range pass.Files {
		assigned := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					assigned[ast.Unparen(l)] = true
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "delete" && len(n.Args) > 0 {
					assigned[ast.Unparen(n.Args[0])] = true
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.IndexExpr:
				if !assigned[n] && tables[tableVar(info, pass.Pkg, n.X)] {
					found = true
				}
			case *ast.CallExpr:
				fn := httpwrite.Callee(info, n)
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && tables[tableVar(info, pass.Pkg, sel.X)] {
					switch {
					case httpwrite.IsMethod(fn, "sync", "Map", "Store"), httpwrite.IsMethod(fn, "sync", "Map", "Delete"),
						httpwrite.IsMethod(fn, "sync", "Map", "Range"):
					default:
						found = true
					}
				}
				for _, a := range n.Args {
					if tables[tableVar(info, pass.Pkg, a)] && !assigned[ast.Unparen(a)] {
						if id, ok := ast.Unparen(n.Fun).(*ast.Ident); !ok || id.Name != "len" {
							found = true
						}
					}
				}
			}
			return !found
		})
	}
	return found
}

// idRead returns the first read of the request's Mcp-Session-Id in body
// assigned to a variable (id := r.Header.Get(...)), and that variable.
func idRead(info *types.Info, body *ast.BlockStmt) (ast.Node, *types.Var) {
	var read ast.Node
	var v *types.Var
	walk(body, func(x ast.Node, _ []ast.Node) {
		a, ok := x.(*ast.AssignStmt)
		if read != nil || !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return
		}
		call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if !ok || headerRead(info, call) == nil {
			return
		}
		if id, ok := a.Lhs[0].(*ast.Ident); ok {
			if obj, ok := info.ObjectOf(id).(*types.Var); ok {
				read, v = call, obj
			}
		}
	})
	return read, v
}

// onlyInert reports whether every use of v in body is inert: compared
// with "", logged or formatted (fmt, log, log/slog, or a method named as
// a logger's), set on a header, or concatenated into a string.
func onlyInert(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	ok := true
	walk(body, func(n ast.Node, path []ast.Node) {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != v {
			return
		}
		var parent ast.Node
		for i := len(path) - 2; i >= 0; i-- {
			if _, paren := path[i].(*ast.ParenExpr); !paren {
				parent = path[i]
				break
			}
		}
		switch p := parent.(type) {
		case *ast.BinaryExpr:
			if p.Op == token.ADD || (p.Op == token.EQL || p.Op == token.NEQ) && (emptyString(info, p.X) || emptyString(info, p.Y)) {
				return
			}
		case *ast.CallExpr:
			if inertCall(info, p) {
				return
			}
		case *ast.AssignStmt:
			// id = newID(): a new value, not a use.
			if slices.Contains(p.Lhs, ast.Expr(id)) {
				return
			}
		}
		ok = false
	})
	return ok
}

// inertCall reports a call that cannot check a session id: a formatter or
// logger, a setter of the answer's header, a conversion.
func inertCall(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil {
		return false
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "fmt", "log", "log/slog", "strings":
			return true
		}
	}
	if httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Set") || httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Add") {
		return true
	}
	return setsAnswerHeader(info, call) || httpwrite.LogCall(info, call)
}

// emptyString reports the constant "".
func emptyString(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.ExactString() == `""`
}

// handsOnRequest reports a function that gives its request (or its
// header, or a framework's context) to another function, which may check
// the id itself.
func handsOnRequest(info *types.Info, n ast.Node) bool {
	found := false
	walk(httpwrite.Body(n), func(x ast.Node, _ []ast.Node) {
		if c, ok := x.(*ast.CallExpr); ok && !found {
			found = session.TakesRequest(info, c)
		}
	})
	return found
}
