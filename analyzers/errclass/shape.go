package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// wrongShape reports, for an answer of -32700 about the error cause, the
// call cause comes from when that call decodes bytes the function already
// holds as JSON: the target of an earlier decode into json.RawMessage, or
// bytes an earlier decode accepted (its failure answered and returned).
// A decode of those fails only on JSON of the wrong shape: -32600 (not a
// JSON-RPC message) or -32602 (a method's params), never -32700.
func (c *checker) wrongShape(body *ast.BlockStmt, cause ast.Expr, at token.Pos) *ast.CallExpr {
	info := c.pass.TypesInfo
	// The last assignment of the error before the answer, and the call
	// whose result it is.
	call := errCall(info, body, cause, at)
	if call == nil {
		return nil
	}
	valid := c.validJSON(body, call.Pos())
	for _, a := range call.Args {
		t := info.TypeOf(a)
		if httpwrite.IsRequestBody(info, a) || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, "io", "Reader") {
			return nil
		}
	}
	for _, a := range call.Args {
		aid, ok := ast.Unparen(a).(*ast.Ident)
		if ok && valid[info.Uses[aid]] {
			return call
		}
	}
	return nil
}

// validJSON returns the local variables holding bytes known to be JSON
// before pos: json.RawMessage variables an earlier Decode or Unmarshal
// filled (its failure answered and returned), and byte slices an earlier
// json.Unmarshal accepted the same way.
//
// Two ways carry that knowledge between functions of the package: a
// json.RawMessage parameter of a function called only directly, every call
// handing it such bytes, holds JSON; and so does the json.RawMessage a
// function returns beside a bool or an error, when each of its returns
// hands back nil or such bytes and the caller returns on !ok or err !=
// nil right after the call.
func (c *checker) validJSON(body *ast.BlockStmt, pos token.Pos) map[types.Object]bool {
	return c.validJSONAt(body, pos, 0)
}

// validDepth bounds how many functions validJSON follows back or down.
const validDepth = 3

func (c *checker) validJSONAt(body *ast.BlockStmt, pos token.Pos, depth int) map[types.Object]bool {
	info := c.pass.TypesInfo
	valid := map[types.Object]bool{}
	if depth < validDepth {
		for _, v := range c.validParams(body, depth) {
			valid[v] = true
		}
	}
	// Only a block around pos: every path to pos passes its statements.
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		list := b.List
		for i, st := range list {
			if st.Pos() >= pos || i+1 >= len(list) || depth >= validDepth {
				break
			}
			if v := c.checkedResult(st, list[i+1], pos, depth); v != nil {
				valid[v] = true
			}
		}
		return true
	})
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() >= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Init == nil || ifs.End() > pos || !returns(ifs.Body) || len(stack) < 2 {
			return true
		}
		// Only a decode every path to pos passes: one in a block
		// around pos.
		if parent := stack[len(stack)-2]; !(parent.Pos() <= pos && pos < parent.End()) {
			return true
		}
		// if err := json.Unmarshal(b, &raw); err != nil { ...; return }
		as, ok := ifs.Init.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := httpwrite.Callee(info, call)
		var target ast.Expr
		switch {
		case httpwrite.IsFunc(fn, "encoding/json", "Unmarshal") && len(call.Args) == 2:
			if src, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
				if v, ok := info.Uses[src].(*types.Var); ok && !v.IsField() {
					valid[v] = true
				}
			}
			target = call.Args[1]
		case fn != nil && fn.Name() == "Decode" && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && len(call.Args) == 1:
			target = call.Args[0]
		default:
			return true
		}
		if u, ok := ast.Unparen(target).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if tid, ok := ast.Unparen(u.X).(*ast.Ident); ok {
				if v, ok := info.Uses[tid].(*types.Var); ok && httpwrite.IsNamed(v.Type(), "encoding/json", "RawMessage") {
					valid[v] = true
				}
			}
		}
		return true
	})
	return valid
}

// returns reports a block that ends by returning.
func returns(b *ast.BlockStmt) bool {
	return b != nil && len(b.List) > 0 && isReturn(b.List[len(b.List)-1])
}

func isReturn(s ast.Stmt) bool {
	_, ok := s.(*ast.ReturnStmt)
	return ok
}

// checkedResult is the json.RawMessage variable st assigns from a call of
// a function of the package that returns JSON it decoded (validResult),
// when next returns on that call's failure (if !ok, if err != nil) and
// ends before pos.
func (c *checker) checkedResult(st, next ast.Stmt, pos token.Pos, depth int) types.Object {
	info := c.pass.TypesInfo
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil
	}
	ifs, ok := next.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.End() > pos || !returns(ifs.Body) {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	raw, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	flag, _ := ast.Unparen(as.Lhs[1]).(*ast.Ident)
	if raw == nil || flag == nil {
		return nil
	}
	rawVar, _ := info.ObjectOf(raw).(*types.Var)
	flagVar, _ := info.ObjectOf(flag).(*types.Var)
	if rawVar == nil || flagVar == nil || !httpwrite.IsNamed(rawVar.Type(), httpwrite.PkgJSON, "RawMessage") {
		return nil
	}
	// if !ok { return } or if err != nil { return }
	switch cond := ast.Unparen(ifs.Cond).(type) {
	case *ast.UnaryExpr:
		id, ok := ast.Unparen(cond.X).(*ast.Ident)
		if cond.Op != token.NOT || !ok || info.ObjectOf(id) != flagVar {
			return nil
		}
	case *ast.BinaryExpr:
		id, ok := ast.Unparen(cond.X).(*ast.Ident)
		if cond.Op != token.NEQ || !ok || info.ObjectOf(id) != flagVar || !isNil(info, cond.Y) {
			return nil
		}
	default:
		return nil
	}
	if !c.validResult(fn, depth+1) {
		return nil
	}
	return rawVar
}

// validResult reports a function of the package whose first result is a
// json.RawMessage that every return hands back as nil or as bytes known
// to be JSON there.
func (c *checker) validResult(fn *types.Func, depth int) bool {
	decl := c.declOf(fn)
	if decl == nil || decl.Body == nil || depth > validDepth {
		return false
	}
	info := c.pass.TypesInfo
	all, any := true, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || !all {
			return all
		}
		if len(ret.Results) < 2 {
			all = false
			return false
		}
		r := ast.Unparen(ret.Results[0])
		if isNil(info, r) {
			return false
		}
		id, ok := r.(*ast.Ident)
		if !ok || !c.validJSONAt(decl.Body, ret.Pos(), depth)[info.ObjectOf(id)] {
			all = false
			return false
		}
		any = true
		return false
	})
	return all && any
}

// validParams are the json.RawMessage parameters of the function whose
// body is body that hold JSON at every call: the function is of the
// package, used only as the callee of direct calls, and each call hands it
// a variable known to be JSON there.
func (c *checker) validParams(body *ast.BlockStmt, depth int) []*types.Var {
	decl := c.declAt(body.Pos())
	if decl == nil || decl.Body != body {
		return nil
	}
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	var params []*types.Var
	var index []int
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); httpwrite.IsNamed(p.Type(), httpwrite.PkgJSON, "RawMessage") {
			params, index = append(params, p), append(index, i)
		}
	}
	if len(params) == 0 {
		return nil
	}
	calls := c.callsOf(fn)
	if len(calls) == 0 {
		return nil
	}
	ok := make([]bool, len(params))
	for i := range ok {
		ok[i] = true
	}
	for _, cs := range calls {
		if cs.call == nil || cs.body == nil {
			return nil // used other than as a callee
		}
		valid := c.validJSONAt(cs.body, cs.call.Pos(), depth+1)
		for i, at := range index {
			if at >= len(cs.call.Args) {
				ok[i] = false
				continue
			}
			id, isID := ast.Unparen(cs.call.Args[at]).(*ast.Ident)
			if !isID || !valid[info.ObjectOf(id)] {
				ok[i] = false
			}
		}
	}
	var out []*types.Var
	for i, p := range params {
		if ok[i] {
			out = append(out, p)
		}
	}
	return out
}

// callSite is one use of a function of the package: a direct call in a
// function declaration's body, or (call nil) any other use.
type callSite struct {
	call *ast.CallExpr
	body *ast.BlockStmt
}

// callsOf is every use of fn in the package, made on first use for all
// functions.
func (c *checker) callsOf(fn *types.Func) []callSite {
	if c.uses == nil {
		c.uses = map[*types.Func][]callSite{}
		info := c.pass.TypesInfo
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					// A function named in a package-level declaration
					// (a table of handlers) is used as a value.
					ast.Inspect(d, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							if g, ok := info.Uses[id].(*types.Func); ok && g.Pkg() == c.pass.Pkg {
								c.uses[g.Origin()] = append(c.uses[g.Origin()], callSite{})
							}
						}
						return true
					})
					continue
				}
				callee := map[*ast.Ident]*ast.CallExpr{}
				inLit := 0
				var walk func(n ast.Node) bool
				walk = func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						inLit++
						ast.Inspect(n.Body, walk)
						inLit--
						return false
					case *ast.CallExpr:
						if id := httpwrite.NameOf(n.Fun); id != nil && inLit == 0 {
							callee[id] = n
						}
					case *ast.Ident:
						g, ok := info.Uses[n].(*types.Func)
						if !ok || g.Pkg() != c.pass.Pkg {
							return true
						}
						g = g.Origin()
						if call := callee[n]; call != nil {
							c.uses[g] = append(c.uses[g], callSite{call, fd.Body})
						} else {
							c.uses[g] = append(c.uses[g], callSite{})
						}
					}
					return true
				}
				ast.Inspect(fd.Body, walk)
			}
		}
	}
	return c.uses[fn.Origin()]
}
