package errclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catUnknownTool: a tools/call or prompts/get naming a tool or prompt the
// server does not have, answered -32601.
const catUnknownTool = "unknown-tool-code"

// unknownTool reports w when it answers -32601 (Method not found) where a
// lookup of the request's tool or prompt name missed. The method is one
// the server serves; the name is a parameter of it, so MCP's tools and
// prompts sections, go-sdk, mcp-go and the TypeScript SDK all answer
// -32602 (Invalid params).
func (c *checker) unknownTool(body *ast.BlockStmt, w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if !w.HasCode || w.Code != httpwrite.CodeMethodNotFound || w.CodeExpr != nil && !isConst(info, w.CodeExpr) {
		return false
	}
	if !nameMissed(info, body, w.Stack) || !c.servesNamedCalls() {
		return false
	}
	c.report(w.Node, catUnknownTool, nil, nil,
		"answers -32601 (Method not found) to a tool or prompt name it does not have, a parameter of a served method: answer -32602")
	return true
}

// nameMissed reports an answer written straight in the branch where the
// request's tool or prompt name matched nothing: the default clause of a
// switch on the name whose cases are string constants other than MCP's
// methods, or the branch of a lookup keyed by the name that found nothing
// (if !ok after v, ok := tools[name]; if v == nil after v := tools[name]).
func nameMissed(info *types.Info, body *ast.BlockStmt, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 2; i-- {
		switch n := stack[i].(type) {
		case ast.Expr, *ast.ExprStmt, *ast.ReturnStmt, *ast.AssignStmt:
			continue
		case *ast.CaseClause:
			if n.List != nil {
				return false
			}
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			return ok && sw.Tag != nil && nameSwitch(info, body, sw)
		case *ast.BlockStmt:
			ifs, ok := stack[i-1].(*ast.IfStmt)
			if !ok || ifs.Body != n {
				return false
			}
			return lookupMissed(info, body, ifs)
		default:
			return false
		}
	}
	return false
}

// nameSwitch: a switch on the name whose every case is a string constant,
// none of them one of MCP's methods (that switch is the method's).
func nameSwitch(info *types.Info, body *ast.BlockStmt, sw *ast.SwitchStmt) bool {
	if !toolName(info, body, sw.Tag, 0) {
		return false
	}
	cases := 0
	for _, st := range sw.Body.List {
		for _, e := range st.(*ast.CaseClause).List {
			if _, ok := httpwrite.StringConst(info, e); !ok || mcpMethodConst(info, e) {
				return false
			}
			cases++
		}
	}
	return cases > 0
}

// lookupMissed reads the condition of ifs as "the lookup keyed by the name
// found nothing": !ok where ok is the second result of a map index or of
// a call returning (T, bool) handed the name, or v == nil where v is the
// only result of one.
func lookupMissed(info *types.Info, body *ast.BlockStmt, ifs *ast.IfStmt) bool {
	terms := httpwrite.Terms(ifs.Cond, true)
	if len(terms) != 1 {
		return false
	}
	t := terms[0]
	switch x := ast.Unparen(t.E).(type) {
	case *ast.Ident:
		// !ok
		if t.Truth {
			return false
		}
		v, _ := info.Uses[x].(*types.Var)
		return v != nil && isBool(v.Type()) && commaOkOf(info, body, v)
	case *ast.BinaryExpr:
		// v == nil
		if x.Op != token.EQL || !t.Truth || !isNil(info, x.Y) {
			return false
		}
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return false
		}
		rhs := httpwrite.SoleAssign(info, body, v)
		return rhs != nil && keyedByName(info, body, rhs)
	}
	return false
}

// commaOkOf reports ok assigned once, as the second of two results of a
// lookup keyed by the name (v, ok := tools[name]; v, ok := reg.Get(name)).
func commaOkOf(info *types.Info, body *ast.BlockStmt, ok *types.Var) bool {
	var as *ast.AssignStmt
	count := 0
	visit := func(n ast.Node) bool {
		a, isAssign := n.(*ast.AssignStmt)
		if !isAssign {
			return true
		}
		for i, l := range a.Lhs {
			if id, isID := l.(*ast.Ident); isID && (info.Defs[id] == ok || info.Uses[id] == ok) {
				count++
				if i == 1 && len(a.Lhs) == 2 && len(a.Rhs) == 1 {
					as = a
				}
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	if count != 1 || as == nil {
		return false
	}
	return keyedByName(info, body, as.Rhs[0])
}

// keyedByName: a map index or a call one of whose arguments is the name.
func keyedByName(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		if _, ok := info.TypeOf(x.X).Underlying().(*types.Map); !ok {
			return false
		}
		return toolName(info, body, x.Index, 0)
	case *ast.CallExpr:
		for _, a := range x.Args {
			if toolName(info, body, a, 0) {
				return true
			}
		}
	}
	return false
}

// toolName reports the request's tool or prompt name: a string field whose
// JSON member is "name" (params.Name), a value taken from a map's "name"
// (params["name"].(string)), a variable assigned once from either, or a
// string parameter whose name says it holds a tool or prompt.
func toolName(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	if depth > 3 {
		return false
	}
	if x, ok := e.(*ast.TypeAssertExpr); ok {
		// Its recorded type is the (T, bool) tuple where it is comma-ok.
		ix, ok := ast.Unparen(x.X).(*ast.IndexExpr)
		if !ok || x.Type == nil || !httpwrite.IsString(info.TypeOf(x.Type)) {
			return false
		}
		s, ok := httpwrite.StringConst(info, ix.Index)
		return ok && s == "name"
	}
	if !httpwrite.IsString(info.TypeOf(e)) {
		return false
	}
	switch x := e.(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal {
			return false
		}
		return httpwrite.JSONFieldName(sel.Recv(), sel.Obj().(*types.Var)) == "name"
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.IsField() {
			return false
		}
		if rhs := httpwrite.SoleAssign(info, body, v); rhs != nil {
			return toolName(info, body, rhs, depth+1)
		}
		return isParam(body, v) && namesToolOrPrompt(v.Name())
	}
	return false
}

// isParam reports v declared before body and not at package level: a
// parameter of its function.
func isParam(body *ast.BlockStmt, v *types.Var) bool {
	return v.Pos() < body.Pos() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

func namesToolOrPrompt(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "tool") || strings.Contains(n, "prompt")
}

// servesNamedCalls: the package names tools/call or prompts/get, the two
// methods whose params carry a name the server looks up.
func (c *checker) servesNamedCalls() bool {
	if c.namedCalls == 0 {
		c.namedCalls = -1
		for _, tv := range c.pass.TypesInfo.Types {
			if tv.Value != nil && tv.Value.Kind() == constant.String {
				if s := constant.StringVal(tv.Value); s == "tools/call" || s == "prompts/get" {
					c.namedCalls = 1
					break
				}
			}
		}
	}
	return c.namedCalls > 0
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
