package sessionstatus

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// mcp-go's Streamable HTTP server asks a SessionIdManager handed to
// WithSessionIdManager about every request's Mcp-Session-Id: Validate(id)
// (isTerminated, err) decides whether the id is served, Terminate(id)
// (isNotAllowed, err) whether a DELETE ends it. A manager that mints ids
// (Generate returns them) but whose Validate never reads the id it is
// given accepts every id, minted or not: mcp-go serves an unknown id
// where 404 is due. Terminate likewise answers any DELETE 200. A manager
// whose Generate returns "" is mcp-go's stateless mode, where no id is
// checked, and is not judged.

const pkgMCPGoServer = "github.com/mark3labs/mcp-go/server"

// blindIDManager reports the Validate and Terminate methods of a manager
// the package hands to mcp-go that never read the id they are given.
func blindIDManager(pass *analysis.Pass) {
	info := pass.TypesInfo
	// The package's declarations: httpanswers keeps none for a package
	// that imports no net/http, which an mcp-go server need not.
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	seen := map[*types.Named]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			fn := httpwrite.Callee(info, call)
			if fn == nil || fn.Name() != "WithSessionIdManager" || fn.Pkg() == nil || !strings.HasSuffix(fn.Pkg().Path(), pkgMCPGoServer) {
				return true
			}
			t := info.TypeOf(call.Args[0])
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			named, ok := types.Unalias(t).(*types.Named)
			if !ok || named.Obj().Pkg() != pass.Pkg || seen[named] {
				return true
			}
			seen[named] = true
			judgeManager(pass, decls, named)
			return true
		})
	}
}

func judgeManager(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, named *types.Named) {
	methods := map[string]*ast.FuncDecl{}
	for i := range named.NumMethods() {
		m := named.Method(i)
		if d := decls[m]; d != nil && d.Body != nil {
			methods[m.Name()] = d
		}
	}
	gen := methods["Generate"]
	if gen == nil || returnsOnlyEmpty(pass.TypesInfo, gen) {
		return
	}
	for name, what := range map[string]string{
		"Validate":  "accepts every Mcp-Session-Id without reading it: mcp-go serves an unknown id, where 404 is due",
		"Terminate": "ends every Mcp-Session-Id without reading it: a DELETE of an unknown id is answered 200, where 404 is due",
	} {
		d := methods[name]
		if d == nil || readsParam(pass.TypesInfo, d) || !constantReturns(pass.TypesInfo, d) {
			continue
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: d.Name.Pos(), End: d.Name.End(), Category: catUnknown,
			Message: named.Obj().Name() + "." + name + " " + what,
		})
	}
}

// returnsOnlyEmpty reports a function whose every return is the constant
// "".
func returnsOnlyEmpty(info *types.Info, d *ast.FuncDecl) bool {
	only := true
	n := 0
	ast.Inspect(d.Body, func(x ast.Node) bool {
		if r, ok := x.(*ast.ReturnStmt); ok {
			n++
			if len(r.Results) != 1 {
				only = false
			} else if v, ok := httpwrite.StringConst(info, r.Results[0]); !ok || v != "" {
				only = false
			}
		}
		_, lit := x.(*ast.FuncLit)
		return !lit
	})
	return only && n > 0
}

// readsParam reports a method that uses its first parameter.
func readsParam(info *types.Info, d *ast.FuncDecl) bool {
	params := d.Type.Params.List
	if len(params) == 0 || len(params[0].Names) == 0 {
		return false
	}
	obj := info.Defs[params[0].Names[0]]
	if obj == nil {
		return false
	}
	used := false
	ast.Inspect(d.Body, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == obj {
			used = true
		}
		return !used
	})
	return used
}

// constantReturns reports a function whose every return's results are
// constants or nil: it answers the same whatever happens.
func constantReturns(info *types.Info, d *ast.FuncDecl) bool {
	ok, n := true, 0
	ast.Inspect(d.Body, func(x ast.Node) bool {
		if r, isRet := x.(*ast.ReturnStmt); isRet {
			n++
			for _, e := range r.Results {
				if tv, has := info.Types[e]; !has || tv.Value == nil && !tv.IsNil() {
					ok = false
				}
			}
		}
		_, lit := x.(*ast.FuncLit)
		return !lit
	})
	return ok && n > 0
}
