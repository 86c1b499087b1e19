package httpwrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// statusErrorLiteral recognises an error value built as a literal of a
// type that carries the status it answers with: &HTTPError{Status: 404,
// Code: -32001, Message: ...}, also positional. The type (or a pointer to
// it) is an error and has an integer field named for a status (Status,
// StatusCode, HTTPStatus) given a constant 400 to 599; a field named Code
// given a JSON-RPC error code is its code. The handler that returns it, or
// the framework it is returned to, writes that status: the answer is made
// here, where the condition deciding it is.
func statusErrorLiteral(info *types.Info, lit *ast.CompositeLit, t types.Type) *Write {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || (!types.Implements(t, errorIface) && !types.Implements(types.NewPointer(t), errorIface)) {
		return nil
	}
	w := &Write{Kind: Constructor, Node: lit}
	for i, e := range lit.Elts {
		var f *types.Var
		value := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, value = fieldNamed(st, id.Name), kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f == nil {
			continue
		}
		b, ok := f.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			continue
		}
		name := strings.ToLower(f.Name())
		switch {
		case strings.Contains(name, "status"):
			if s := statusOf(info, value); s >= 400 && s <= 599 {
				w.StatusExpr, w.Status = value, s
			}
		case name == "code" || name == "rpccode" || name == "errcode":
			if c, ok := IntConst(info, value); ok && c >= -32768 && c <= -32000 {
				w.CodeExpr, w.Code, w.HasCode = value, c, true
			}
		}
	}
	if w.Status == 0 {
		return nil
	}
	return w
}

func fieldNamed(st *types.Struct, name string) *types.Var {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// returnedStatuses are the statuses function n returns to the adapter
// that writes them (see returnedStatus), with their paths.
func returnedStatuses(info *types.Info, n ast.Node) []*Write {
	ft, body := FuncType(n), Body(n)
	if ft == nil || body == nil || ft.Results == nil || ft.Results.NumFields() != 2 {
		return nil
	}
	var sig *types.Signature
	switch n := n.(type) {
	case *ast.FuncDecl:
		if fn, ok := info.Defs[n.Name].(*types.Func); ok {
			sig = fn.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(n).(*types.Signature)
	}
	if sig == nil {
		return nil
	}
	var out []*Write
	var stack []ast.Node
	ast.Inspect(body, func(x ast.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, x)
		if ret, ok := x.(*ast.ReturnStmt); ok {
			if w := returnedStatus(info, ret, sig); w != nil {
				w.Stack = append(append([]ast.Node(nil), stack...), w.Node)
				out = append(out, w)
			}
		}
		return true
	})
	return out
}

// returnedStatus recognises the status a handler returns to the adapter
// that writes it: in a function given an http.ResponseWriter whose results
// are (int, error), `return http.StatusNotFound, err` answers 404.
func returnedStatus(info *types.Info, ret *ast.ReturnStmt, fn *types.Signature) *Write {
	if fn == nil || len(ret.Results) != 2 || fn.Results().Len() != 2 {
		return nil
	}
	b, ok := fn.Results().At(0).Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || !IsErrorType(fn.Results().At(1).Type()) {
		return nil
	}
	writer := false
	for i := range fn.Params().Len() {
		writer = writer || IsResponseWriter(fn.Params().At(i).Type())
	}
	if !writer {
		return nil
	}
	s := statusOf(info, ret.Results[0])
	if s < 400 || s > 599 {
		return nil
	}
	return &Write{Kind: Constructor, Node: ret.Results[0], StatusExpr: ret.Results[0], Status: s, Causes: ErrorsIn(info, ret.Results[1])}
}
