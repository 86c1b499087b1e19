package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A helper that writes the response it is given often falls back to a 500
// when encoding that response fails (if err := json.NewEncoder(w).Encode(v);
// err != nil { http.Error(w, ..., 500) }, or json.Marshal before the
// write). That fallback answers the helper's own failure, not its caller's
// request: what the helper writes for its caller is its other answer.

// dropEncodeFallbacks drops from a helper's answers those written only when
// encoding its own response failed, when an answer remains.
func dropEncodeFallbacks(info *types.Info, answers []*Write) []*Write {
	var kept []*Write
	for _, w := range answers {
		if !underEncodeFailure(info, w.Stack) {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return answers
	}
	return kept
}

// underEncodeFailure reports an answer inside the then branch of an if
// testing err != nil where err is the error of encoding the response
// (assignsEncode), assigned in the if's init or by the statement just
// before the if.
func underEncodeFailure(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok {
			continue
		}
		if stack[i+1] != ifs.Body {
			return false
		}
		err := testedNonNil(info, ifs.Cond)
		if err == nil {
			return false
		}
		if assignsEncode(info, ifs.Init, err, stack[0]) {
			return true
		}
		if i == 0 {
			return false
		}
		var list []ast.Stmt
		switch b := stack[i-1].(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		}
		for j, s := range list {
			if s == ast.Stmt(ifs) {
				return j > 0 && assignsEncode(info, list[j-1], err, stack[0])
			}
		}
		return false
	}
	return false
}

// testedNonNil is the variable an if condition tests as err != nil.
func testedNonNil(info *types.Info, cond ast.Expr) types.Object {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if tv, ok := info.Types[x]; ok && tv.IsNil() {
		x, y = y, x
	}
	if tv, ok := info.Types[y]; !ok || !tv.IsNil() {
		return nil
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	return info.ObjectOf(id)
}

// assignsEncode reports a statement assigning v the error of encoding the
// response: v := json.NewEncoder(w).Encode(x), b, v := json.Marshal(x), or
// any call returning ([]byte, error) whose bytes the function then writes
// to a ResponseWriter (b, v := codec.ErrorResponse(id, code, msg); ...;
// w.Write(b)).
func assignsEncode(info *types.Info, s ast.Node, v types.Object, body ast.Node) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	assigned := false
	for _, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
			assigned = true
		}
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !assigned || !ok {
		return false
	}
	fn := Callee(info, call)
	if IsFunc(fn, PkgJSON, "Marshal") || IsFunc(fn, PkgJSON, "MarshalIndent") || IsMethod(fn, PkgJSON, "Encoder", "Encode") {
		return true
	}
	if len(as.Lhs) != 2 || !bytesResult(info.TypeOf(as.Lhs[0])) {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || info.ObjectOf(id) == nil {
		return false
	}
	b := info.ObjectOf(id)
	return bodyWriteTo(info, body, func(e ast.Expr) bool { return IsResponseWriter(info.TypeOf(e)) }) && writesVar(info, body, b)
}

// bytesResult reports a []byte.
func bytesResult(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	e, ok := s.Elem().Underlying().(*types.Basic)
	return ok && e.Kind() == types.Byte
}

// writesVar reports a body write to a ResponseWriter in body whose
// arguments use b.
func writesVar(info *types.Info, body ast.Node, b types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		t := BodyWriteTarget(info, call)
		if t == nil || !IsResponseWriter(info.TypeOf(t)) {
			return true
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && info.Uses[id] == b {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
