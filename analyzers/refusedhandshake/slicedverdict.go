package refusedhandshake

import (
	"go/ast"
	"go/types"
	"sort"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// slicedVerdicts finds the answers body writes through one slice of
// answers (a batch's responses): a local slice that body only appends to
// (s = append(s, v)), measures and hands to writes -- w.Write(s[0]), an
// encoder's Encode(s), a call given s alone whose result is written --
// where v is what a dispatch returned, or, when the dispatch failed, a
// JSON-RPC error built in its place. The error built in place is itself
// the refusal: the message (the initialize among them) is answered with
// it and the registration stays. A slice read any other way (a loop over
// its elements, an element tested) is not followed: what it sends for an
// error is decided there.
func (t *tables) slicedVerdicts(body *ast.BlockStmt) []verdict {
	type use struct {
		id    *ast.Ident
		stack []ast.Node
	}
	uses := map[*types.Var][]use{}
	assigns := map[*types.Var][]*ast.AssignStmt{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := t.info.Uses[n].(*types.Var); ok && t.local(body, v) {
				uses[v] = append(uses[v], use{n, append([]ast.Node(nil), stack...)})
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					v, _ := t.info.ObjectOf(id).(*types.Var)
					if v != nil && t.local(body, v) {
						assigns[v] = append(assigns[v], n)
					}
				}
			}
		}
		return true
	})
	vars := make([]*types.Var, 0, len(uses))
	for v := range uses {
		vars = append(vars, v)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Pos() < vars[j].Pos() })
	var out []verdict
	for _, s := range vars {
		us := uses[s]
		if _, ok := s.Type().Underlying().(*types.Slice); !ok || httpwrite.Bytes(s.Type()) {
			continue
		}
		var writes []*ast.CallExpr
		var appended []ast.Expr
		ok := true
		for _, u := range us {
			st := u.stack
			p := st[len(st)-2]
			switch p := p.(type) {
			case *ast.AssignStmt:
				// s = append(s, v): the statement's left side.
				if len(p.Lhs) == 1 && p.Lhs[0] == u.id && t.appendTo(p, s) != nil {
					continue
				}
			case *ast.CallExpr:
				if b, isB := t.info.Uses[identOf(p.Fun)].(*types.Builtin); isB {
					switch {
					case b.Name() == "len":
						continue
					case b.Name() == "append" && len(p.Args) == 2 && p.Args[0] == u.id && p.Ellipsis == 0:
						if as, isA := st[len(st)-3].(*ast.AssignStmt); isA && t.appendTo(as, s) == p {
							appended = append(appended, p.Args[1])
							continue
						}
					}
				}
			}
			if w := t.sliceWrite(st); w != nil {
				writes = append(writes, w)
				continue
			}
			ok = false
			break
		}
		if !ok || len(writes) == 0 || len(appended) == 0 {
			continue
		}
		// Each write (a batch's array, a single answer's element) is a
		// path the answers reach the client by.
		for _, w := range writes {
			for _, a := range appended {
				if vd, ok := t.appendedVerdict(body, a, w, assigns); ok {
					out = append(out, vd)
					break
				}
			}
		}
	}
	return out
}

// local reports a variable declared in body.
func (t *tables) local(body *ast.BlockStmt, v *types.Var) bool {
	return !v.IsField() && v.Pos() >= body.Pos() && v.Pos() < body.End()
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// appendTo is the append of as when as is s = append(s, ...).
func (t *tables) appendTo(as *ast.AssignStmt, s *types.Var) *ast.CallExpr {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	if id := identOf(as.Lhs[0]); id == nil || t.info.ObjectOf(id) != s {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	if b, ok := t.info.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" {
		return nil
	}
	if id := identOf(call.Args[0]); id == nil || t.info.Uses[id] != s {
		return nil
	}
	return call
}

// sliceWrite is the write the use of a slice at the end of stack hands it
// to: the slice or an element of it (s[0]) is an argument of a call that
// writes the answer, or the one argument of a call whose result is.
func (t *tables) sliceWrite(stack []ast.Node) *ast.CallExpr {
	j := len(stack) - 1
	if ix, ok := stack[j-1].(*ast.IndexExpr); ok && ix.X == stack[j] {
		j--
	}
	call, ok := stack[j-1].(*ast.CallExpr)
	if !ok || call.Fun == stack[j] {
		return nil
	}
	if t.answerWrite(call) {
		return call
	}
	if len(call.Args) != 1 || j < 2 {
		return nil
	}
	if outer, ok := stack[j-2].(*ast.CallExpr); ok && outer.Fun != call && t.answerWrite(outer) {
		return outer
	}
	return nil
}

// answerWrite reports a call that writes its arguments to the
// ResponseWriter: w.Write(b), json.NewEncoder(w).Encode(v), fmt.Fprint(w,
// ...), or a call handed w.
func (t *tables) answerWrite(call *ast.CallExpr) bool {
	if target := httpwrite.BodyWriteTarget(t.info, call); target != nil {
		return isNamed(t.info.TypeOf(target), netHTTP, "ResponseWriter")
	}
	return takesWriter(t.info, call)
}

// appendedVerdict is the verdict an appended value a is: a dispatch
// call, or a variable of body assigned only from one dispatch call and
// from JSON-RPC errors built in its place.
func (t *tables) appendedVerdict(body *ast.BlockStmt, a ast.Expr, write *ast.CallExpr, assigns map[*types.Var][]*ast.AssignStmt) (verdict, bool) {
	a = ast.Unparen(a)
	if d, ok := a.(*ast.CallExpr); ok {
		if t.dispatchCall(d) {
			return verdict{dispatch: d, write: write}, true
		}
		return verdict{}, false
	}
	id, ok := a.(*ast.Ident)
	if !ok {
		return verdict{}, false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	if v == nil || !t.local(body, v) {
		return verdict{}, false
	}
	vd := verdict{write: write, v: v}
	for _, as := range assigns[v] {
		if len(as.Rhs) != 1 {
			return verdict{}, false
		}
		rhs, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		switch {
		case ok && t.dispatchCall(rhs) && vd.dispatch == nil:
			vd.dispatch = rhs
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if s, _ := t.info.ObjectOf(id).(*types.Var); s != nil && s != v {
						vd.siblings = append(vd.siblings, s)
					}
				}
			}
		case ok && len(as.Lhs) == 1 && t.rpcErrorCode(rhs):
			vd.builtRefusal = rhs
		default:
			return verdict{}, false
		}
	}
	return vd, vd.dispatch != nil
}
