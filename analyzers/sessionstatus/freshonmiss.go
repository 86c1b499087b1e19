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
)

// freshOnMissFact marks an exported function that looks its string
// parameter Param up, returns what it found on a hit, and on a miss
// returns a session made afresh: a session manager's GetOrCreate(id) that
// replaces an id it does not know. Line is that return's line, from the
// function's name.
type freshOnMissFact struct{ Param, Line int }

func (*freshOnMissFact) AFact() {}

func (f *freshOnMissFact) String() string {
	return fmt.Sprintf("freshOnMiss(param %d)", f.Param)
}

// freshOnMiss reads fd as a get-or-replace: a lookup keyed by a string
// parameter (a map read, a sync.Map Load, a comma-ok get of a type of the
// package), tested for a hit by an if without an else that returns the
// value found (or a member of it), followed on the miss, with nothing
// returning or branching between, by a return of a session made afresh:
// a call or a composite literal, or a variable the miss path assigns one,
// that mentions neither the key nor the value found. The miss path goes on
// past each if without an else that holds the lookup (if id != "" { look
// it up }), so an empty id takes it too. A second result is a nil error,
// or anything else that mentions neither (the fresh session's own id). It
// returns the parameter's index and that return, or -1.
func freshOnMiss(info *types.Info, pkg *types.Package, fd *ast.FuncDecl) (int, *ast.ReturnStmt) {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil {
		return -1, nil
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 || res.Len() > 2 || httpwrite.IsErrorType(res.At(0).Type()) {
		return -1, nil
	}
	param, at := -1, (*ast.ReturnStmt)(nil)
	walk(fd.Body, func(x ast.Node, path []ast.Node) {
		if at != nil {
			return
		}
		ifs, block, i, l := hitReturns(info, pkg, x, path)
		if l == nil || l.value == nil || !returnsValue(info, ifs.Body, l.value) {
			return
		}
		idx := paramIndex(fn, info.Uses[l.key])
		key, _ := info.Uses[l.key].(*types.Var)
		if idx < 0 || key == nil {
			return
		}
		untouched := func(e ast.Expr) bool {
			return !httpwrite.Mentions(info, e, key) && !httpwrite.Mentions(info, e, l.value)
		}
		fresh := map[types.Object]bool{}
		rest, up := block.List[i+1:], len(path)-2
		for {
			for _, st := range rest {
				if ret, ok := st.(*ast.ReturnStmt); ok {
					if len(ret.Results) == res.Len() && untouched(ret.Results[0]) && (made(ret.Results[0]) || fresh[info.ObjectOf(identOf(ret.Results[0]))]) &&
						(res.Len() == 1 || httpwrite.IsErrorType(res.At(1).Type()) && isNil(info, ret.Results[1]) ||
							!httpwrite.IsErrorType(res.At(1).Type()) && untouched(ret.Results[1])) {
						param, at = idx, ret
					}
					return
				}
				if hasExit(st) {
					return
				}
				if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
					for k, r := range as.Rhs {
						if made(r) && untouched(r) {
							if o := info.ObjectOf(identOf(as.Lhs[k])); o != nil {
								fresh[o] = true
							}
						}
					}
				}
			}
			// The end of a block: the miss goes on after the if whose
			// body it is, when that if has no else.
			if up < 2 {
				return
			}
			outer, isIf := path[up-1].(*ast.IfStmt)
			parent, isBlock := path[up-2].(*ast.BlockStmt)
			if !isIf || outer.Else != nil || outer.Body != path[up] || !isBlock {
				return
			}
			j := indexOf(parent.List, outer)
			if j < 0 {
				return
			}
			rest, up = parent.List[j+1:], up-2
		}
	})
	return param, at
}

// returnsValue reports a block that ends in a return whose first result
// is v or a member of it (return s.server, id).
func returnsValue(info *types.Info, b *ast.BlockStmt, v *types.Var) bool {
	if len(b.List) == 0 {
		return false
	}
	ret, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	e := ast.Unparen(ret.Results[0])
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = ast.Unparen(sel.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && info.Uses[id] == v
}

// made reports a call or a composite literal (or its address).
func made(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr, *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && ok
	}
	return false
}

// exportFreshOnMiss exports a freshOnMissFact for each exported
// get-or-replace of the package, and the successes for an empty id of its
// exported functions (exportResolved), which sit beside it.
func exportFreshOnMiss(pass *analysis.Pass) {
	exportResolved(pass)
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || httpwrite.InTest(pass, fd) || !takesString(info, fd) {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil || !httpwrite.Exported(fn) {
				continue
			}
			if i, ret := freshOnMiss(info, pass.Pkg, fd); ret != nil {
				pass.ExportObjectFact(fn, &freshOnMissFact{Param: i, Line: httpwrite.LineOffset(pass.Fset, fn, ret.Pos())})
			}
		}
	}
}

// catReplacedByHelper: an unknown id handed to a get-or-replace, whose
// fresh session's id the handler hands out.
const catReplacedByHelper = "unknown-session-replaced-by-helper"

// replacedByHelper reports, in a package that hands out session ids, a
// call of a get-or-replace (freshOnMiss, of this package or of another
// through its fact) given a value that may be the request's
// Mcp-Session-Id, outside an initialize branch, whose result's id the
// same function sets as the answer's Mcp-Session-Id: an id the server does
// not know is served under a new session, where the protocol answers it
// 404 (replacedUnknown's row, the lookup and the fresh session being in
// the helper). A get-or-replace that sets the header itself is
// replacedUnknown's.
func replacedByHelper(pass *analysis.Pass, p *pkgInfo, sum *answers.Result) {
	info := pass.TypesInfo
	type fresh struct {
		param int
		at    token.Pos
	}
	local := map[*types.Func]fresh{}
	for fn, fd := range p.decls {
		if i, ret := freshOnMiss(info, pass.Pkg, fd); ret != nil && !issuesInBody(info, fd.Body) {
			local[fn] = fresh{i, ret.Pos()}
		}
	}
	helper := func(fn *types.Func) (int, token.Pos) {
		if f, ok := local[fn]; ok {
			return f.param, f.at
		}
		if p.ext != nil && p.ext.Fresh != nil {
			return p.ext.Fresh(fn)
		}
		return -1, token.NoPos
	}
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) {
			continue
		}
		scan := sum.Scans[n]
		body := httpwrite.Body(n)
		walk(body, func(x ast.Node, path []ast.Node) {
			a, ok := x.(*ast.AssignStmt)
			if !ok || len(a.Rhs) != 1 {
				return
			}
			call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
			if !ok {
				return
			}
			fn := httpwrite.Callee(info, call)
			if fn == nil {
				return
			}
			i, at := helper(fn.Origin())
			if i < 0 || i >= len(call.Args) {
				return
			}
			if scan == nil {
				// A function whose answers a helper writes has no
				// scan of its own yet.
				scan = scansOf(pass, sum, map[ast.Node]bool{n: true})[n]
			}
			if scan == nil || !scan.MayHoldLocalID(call.Args[i]) || scan.InitializeBranch(path) {
				return
			}
			// The fresh session or its id, whichever result the
			// function hands out. The id it answers on a hit is the
			// client's own, and the one it makes on a miss is new:
			// what it answers is handed out whatever it was handed.
			var set *ast.CallExpr
			for _, l := range a.Lhs {
				v, _ := info.ObjectOf(identOf(l)).(*types.Var)
				if v == nil || set != nil {
					continue
				}
				ast.Inspect(body, func(m ast.Node) bool {
					if c, ok := m.(*ast.CallExpr); ok && set == nil && c.Pos() > a.End() && setsAnswerID(info, c) && httpwrite.Mentions(info, c.Args[1], v) {
						set = c
					}
					return set == nil
				})
			}
			if set == nil {
				return
			}
			d := analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(), Category: catReplacedByHelper,
				Message: fmt.Sprintf("an unknown Mcp-Session-Id is given a fresh session by %s(...) and served: answer 404 (400 with no id)", types.ExprString(call.Fun)),
				Related: []analysis.RelatedInformation{
					{Pos: set.Pos(), End: set.End(), Message: "the fresh session's id is handed out here"},
				},
			}
			if at.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: at, Message: "a session made afresh when the id is not found"})
			}
			report.Report(pass, d)
		})
	}
}
