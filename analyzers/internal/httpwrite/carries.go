package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A package often keeps its error answers in constructors of their own:
//
//	func ParseError(msg string) *echo.HTTPError { return rpc(400, -32700, msg) }
//	func rpc(status, code int, msg string) *echo.HTTPError {
//		return echo.NewHTTPError(status, Body{Error: Detail{Code: code, Message: msg}})
//	}
//
// A handler that returns ParseError(...) answers 400 with -32700: the
// framework (or the adapter the package wraps its handlers in) writes the
// status the error carries. carries summarises such a function: its first
// result is an error, and every return yields a status-carrying error built
// in place (a framework's error, an error literal with a status field, a
// constructor given its status) or by another such function, with the
// status and the JSON-RPC code it carries as constants or parameters.

// carries returns the Carries summary of fn, declared by decl whose
// answers are ws, or nil.
func carries(info *types.Info, fn *types.Func, decl *ast.FuncDecl, ws []*Write, sinkOf SinkOf) *Sink {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || !isErrorValue(sig.Results().At(0).Type()) {
		return nil
	}
	byNode := map[ast.Node]*Write{}
	for _, w := range ws {
		if w.Kind == Constructor {
			byNode[w.Node] = w
		}
	}
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return 0
		}
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == v {
				return i + 1
			}
		}
		return 0
	}
	var out *Sink
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		if len(ret.Results) == 0 {
			ok = false
			return false
		}
		e := ast.Unparen(ret.Results[0])
		if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		w := byNode[e]
		if w == nil {
			// &Error{Status: status, Code: code}: a literal given its
			// status by the caller, which statusErrorLiteral leaves.
			if lit, isLit := e.(*ast.CompositeLit); isLit {
				w = paramStatusLiteral(info, lit)
			}
		}
		if w == nil {
			ok = false
			return false
		}
		s := &Sink{Builds: true, Carries: true}
		switch {
		case w.Carries:
			s.Status, s.StatusArg, s.Code, s.HasCode, s.CodeArg = w.Status, param(w.StatusExpr), w.Code, w.HasCode, param(w.CodeExpr)
		default:
			s.Status, s.StatusArg = w.Status, param(w.StatusExpr)
			s.Code, s.HasCode, s.CodeArg = w.Code, w.HasCode, param(w.CodeExpr)
			if !w.HasCode && w.CodeExpr == nil {
				if c, ok := nestedCode(info, e); ok {
					s.Code, s.HasCode = c, true
				} else if ce := nestedCodeExpr(e); ce != nil {
					s.CodeArg = param(ce)
				}
			}
		}
		if s.StatusArg > 0 {
			s.Status = 0
		} else if s.Status < 400 || s.Status > 599 {
			ok = false
			return false
		}
		if s.CodeArg > 0 {
			s.Code, s.HasCode = 0, false
		}
		if out == nil {
			out = s
		} else if *out != *s {
			ok = false
		}
		return false
	})
	if !ok || out == nil {
		return nil
	}
	return out
}

// isErrorValue reports a type that is an error (or whose pointer is).
func isErrorValue(t types.Type) bool {
	return types.Implements(t, errorIface) || types.Implements(types.NewPointer(t), errorIface)
}

// nestedCode finds, in the composite literals among a call's arguments, a
// field named Code given a JSON-RPC error code as a constant.
func nestedCode(info *types.Info, e ast.Expr) (int64, bool) {
	var code int64
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok && !found {
			if id, ok := kv.Key.(*ast.Ident); ok && strings.EqualFold(id.Name, "code") {
				if c, ok := IntConst(info, kv.Value); ok && c >= -32768 && c <= -32000 {
					code, found = c, true
				}
			}
		}
		return !found
	})
	return code, found
}

// nestedCodeExpr is the value given to a field named Code in the composite
// literals of e, or nil.
func nestedCodeExpr(e ast.Expr) ast.Expr {
	var out ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok && out == nil {
			if id, ok := kv.Key.(*ast.Ident); ok && strings.EqualFold(id.Name, "code") {
				out = kv.Value
			}
		}
		return out == nil
	})
	return out
}

// paramStatusLiteral is the Constructor an error literal with a field named
// for a status makes when that field is given a variable (the caller's
// status), with its code when a Code field is given a constant or a
// variable; nil for any other literal.
func paramStatusLiteral(info *types.Info, lit *ast.CompositeLit) *Write {
	t := info.TypeOf(lit)
	if t == nil || !isErrorValue(t) {
		return nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	w := &Write{Kind: Constructor, Node: lit}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		f := fieldNamed(st, id.Name)
		if f == nil {
			continue
		}
		if b, ok := f.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			continue
		}
		name := strings.ToLower(f.Name())
		_, isVar := ast.Unparen(kv.Value).(*ast.Ident)
		switch {
		case strings.Contains(name, "status") && isVar:
			w.StatusExpr = kv.Value
		case name == "code" || name == "rpccode" || name == "errcode":
			w.CodeExpr = kv.Value
			w.Code, w.HasCode = IntConst(info, kv.Value)
		}
	}
	if w.StatusExpr == nil {
		return nil
	}
	return w
}
