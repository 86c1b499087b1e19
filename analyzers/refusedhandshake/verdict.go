package refusedhandshake

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catVerdictBlind is rule 10: a session registered for an initialize
// whatever the answer its dispatch gave.
const catVerdictBlind = "registered-whatever-answered"

// verdict is the answer to an initialize as a value: what a dispatch call
// returned, written to the ResponseWriter as it is.
type verdict struct {
	dispatch *ast.CallExpr
	write    *ast.CallExpr
	v        *types.Var // the variable holding it; nil when written inline
	siblings []*types.Var
	// builtRefusal is a JSON-RPC error assigned to v in the dispatch's
	// place (when it failed): the answer may be a refusal whatever the
	// dispatch can return (slicedverdict.go).
	builtRefusal *ast.CallExpr
}

// checkVerdicts is rule 10. In a function given the ResponseWriter, for an
// initialize, a session registered under a fresh id and the answer written
// as whatever a dispatch returned -- an engine's HandleMessage, a message
// handler held in a field, a dispatcher of the package whose initialize path
// can build an error object -- with nothing testing that answer and nothing
// removing the entry: an initialize the dispatch refuses (invalid params, an
// unsupported revision, a panic recovered as -32603) is answered with its
// error and leaves the entry behind.
func (t *tables) checkVerdicts(fn ast.Node, body *ast.BlockStmt, sites []regSite, reported map[ast.Node]bool) {
	if !takesWriterParam(t.info, fn) {
		return
	}
	named := false
	if fd, ok := fn.(*ast.FuncDecl); ok {
		if f, ok := t.info.Defs[fd.Name].(*types.Func); ok {
			named = namedInit(f)
		}
	}
	verdicts := append(t.verdicts(body), t.slicedVerdicts(body)...)
	if len(verdicts) == 0 {
		return
	}
	for _, s := range sites {
		if reported[s.node] || !(s.initOnly || named || t.dominatedByInit(body, s.node) || t.handedInit(s)) {
			continue
		}
		if t.removesKey(body, s) || t.deferredRemoval(body, s.table) {
			continue
		}
		for _, vd := range verdicts {
			if s.node.Pos() >= vd.write.Pos() || !onPathTo(body, s.node, vd.write) {
				continue
			}
			if vd.v != nil && t.testsVerdict(body, vd) {
				continue
			}
			if vd.builtRefusal == nil && !t.mayRefuse(vd.dispatch, 0) {
				continue
			}
			reported[s.node] = true
			related := append(relatedAt(vd.dispatch, "the initialize is answered here; the answer may be an error"), relatedAt(vd.write, "written as it is")...)
			if vd.builtRefusal != nil {
				related = append(related, relatedAt(vd.builtRefusal, "the error answered in its place when it fails")...)
			}
			if s.via != nil {
				related = append(relatedAt(s.via, "registered here, by the function called"), related...)
			}
			finding(t.pass, s.node, catVerdictBlind,
				fmt.Sprintf("a session is registered in %s for an initialize whatever its dispatch answers, and nothing removes it: an initialize the dispatch refuses (invalid params, an unsupported revision, a recovered panic) is answered with that error and leaves an entry no client can address; register it only when the answer is a result", s.table.Name()),
				related, nil)
			break
		}
	}
}

// handedInit reports a site that calls a registrar and hands it something
// naming initialize (register(id, isInitialize)): the registrar registers
// for an initialize, whatever else it registers for.
func (t *tables) handedInit(s regSite) bool {
	call, ok := s.node.(*ast.CallExpr)
	if !ok || s.via == nil {
		return false
	}
	for _, a := range call.Args {
		if mentionsInit(t.info, t.decls, a) {
			return true
		}
	}
	return false
}

// takesWriterParam reports whether fn has an http.ResponseWriter parameter.
func takesWriterParam(info *types.Info, fn ast.Node) bool {
	for _, typ := range paramTypes(info, fn) {
		if isNamed(typ, netHTTP, "ResponseWriter") {
			return true
		}
	}
	return false
}

// onPathTo reports whether a and b lie on one path of body: the innermost
// statement list holding b also holds (a statement around) a, or a sits in
// a block enclosing b's. Code in another case of a switch, or in an if's
// branch that returns before b, is not on b's path; a branch that returns
// is taken to leave it.
func onPathTo(body *ast.BlockStmt, a, b ast.Node) bool {
	pa, pb := pathTo(body, a), pathTo(body, b)
	if len(pa) == 0 || len(pb) == 0 {
		return false
	}
	// The deepest node both paths share.
	i := 0
	for i < len(pa) && i < len(pb) && pa[i] == pb[i] {
		i++
	}
	if i == 0 {
		return false
	}
	switch pa[i-1].(type) {
	case *ast.BlockStmt, *ast.CaseClause:
	default:
		return false
	}
	// a sits in a statement of that list: every list between a and it must
	// be a plain block, an if's then-branch or a case that does not return
	// before falling out (it does not, when it contains a).
	for j := i; j < len(pa)-1; j++ {
		if httpwrite.EndsInReturn(pa[j]) {
			return false
		}
		if _, ok := pa[j].(*ast.FuncLit); ok {
			return false
		}
	}
	return true
}

// verdicts finds the answers body writes as a dispatch returned them:
// w.Write(v), json.NewEncoder(w).Encode(v), a call handed w and v (or the
// dispatch call itself), where v is assigned once in body from a call that
// is handed something besides a context.
func (t *tables) verdicts(body *ast.BlockStmt) []verdict {
	defs := map[*types.Var]*ast.AssignStmt{}
	assigned := map[*types.Var]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := t.info.Defs[id].(*types.Var)
			if v == nil {
				v, _ = t.info.Uses[id].(*types.Var)
			}
			if v == nil {
				continue
			}
			assigned[v]++
			if len(as.Rhs) == 1 {
				if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
					defs[v] = as
				}
			}
		}
		return true
	})
	var out []verdict
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !t.writesAnswer(call) {
			return true
		}
		for _, a := range call.Args {
			a = ast.Unparen(a)
			if isNamed(t.info.TypeOf(a), netHTTP, "ResponseWriter") {
				continue
			}
			if d, ok := a.(*ast.CallExpr); ok && t.dispatchCall(d) {
				out = append(out, verdict{dispatch: d, write: call})
				continue
			}
			id, ok := a.(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := t.info.Uses[id].(*types.Var)
			as := defs[v]
			if v == nil || as == nil || assigned[v] != 1 || as.Pos() >= call.Pos() {
				continue
			}
			d := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !t.dispatchCall(d) {
				continue
			}
			vd := verdict{dispatch: d, write: call, v: v}
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if s, _ := t.info.Defs[id].(*types.Var); s != nil && s != v {
						vd.siblings = append(vd.siblings, s)
					}
				}
			}
			out = append(out, vd)
		}
		return true
	})
	return out
}

// dispatchCall reports whether call may be the dispatch of a message: it is
// handed the message (see message) and returns something that can hold an
// answer (not a string, a number or a bool). A constructor handed the
// message's id and a result is not one.
func (t *tables) dispatchCall(call *ast.CallExpr) bool {
	input := false
	for _, a := range call.Args {
		input = input || t.message(a)
	}
	if !input {
		return false
	}
	sig, ok := t.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	return answerType(sig.Results().At(0).Type())
}

// message reports whether e may be a whole JSON-RPC message: its bytes
// (a []byte or json.RawMessage that is not a member named id), a decoded
// message (a struct with a JSON member method), a value of an interface
// type (an SDK's message), or the request itself.
func (t *tables) message(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	typ := t.info.TypeOf(e)
	if typ == nil || isNamed(typ, "context", "Context") || isNamed(typ, netHTTP, "ResponseWriter") || httpwrite.IsErrorType(typ) {
		return false
	}
	if isPointerTo(typ, netHTTP, "Request") {
		return true
	}
	if sel, ok := e.(*ast.SelectorExpr); ok && strings.EqualFold(sel.Sel.Name, "id") {
		return false
	}
	elem := typ
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		elem = p.Elem()
	}
	if httpwrite.Bytes(elem) {
		return true
	}
	switch u := elem.Underlying().(type) {
	case *types.Interface:
		return !u.Empty()
	case *types.Struct:
		return httpwrite.JSONMember(elem, "method")
	}
	return false
}

// answerType reports whether values of typ can hold a JSON-RPC answer that
// is an error: encoded bytes, an interface, an envelope with an error
// member, or a map.
func answerType(typ types.Type) bool {
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		typ = p.Elem()
	}
	if httpwrite.Bytes(typ) {
		return true
	}
	switch typ.Underlying().(type) {
	case *types.Interface:
		return !httpwrite.IsErrorType(typ)
	case *types.Map:
		return true
	case *types.Struct:
		return httpwrite.JSONMember(typ, "error")
	}
	return false
}

// testsVerdict reports whether a condition of body looks at the verdict
// beyond its being nil (an empty answer is a notification's): a test of its
// error member, a helper judging it, a switch on it -- or at a result
// returned beside it (a JSON-RPC error object returned apart, nil or not).
// A test of a returned Go error beside encoded bytes is a failure to
// answer, not the answer's verdict: the bytes may hold a refusal.
func (t *tables) testsVerdict(body *ast.BlockStmt, vd verdict) bool {
	watched := []*types.Var{vd.v}
	encoded := httpwrite.Bytes(vd.v.Type())
	for _, s := range vd.siblings {
		if !encoded || !httpwrite.IsErrorType(s.Type()) {
			watched = append(watched, s)
		}
	}
	found := false
	look := func(e ast.Node) {
		if e == nil || found || (e.Pos() <= vd.write.Pos() && vd.write.End() <= e.End()) {
			return // the write itself: if _, err := w.Write(v); err != nil
		}
		for _, v := range watched {
			if httpwrite.Mentions(t.info, e, v) && (v != vd.v || !nilTestOf(t.info, e, v)) {
				found = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			look(n.Init)
			look(n.Cond)
		case *ast.SwitchStmt:
			look(n.Init)
			look(n.Tag)
			if n.Tag == nil {
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						look(e)
					}
				}
			}
		case *ast.TypeSwitchStmt:
			look(n.Assign)
		case *ast.ForStmt:
			look(n.Cond)
		}
		return !found
	})
	return found
}

// nilTestOf reports whether e is only v == nil or v != nil (len(v) == 0
// for bytes): whether there is an answer at all.
func nilTestOf(info *types.Info, e ast.Node, v *types.Var) bool {
	be, ok := e.(*ast.BinaryExpr)
	if !ok || (be.Op != token.EQL && be.Op != token.NEQ) {
		return false
	}
	side := func(x, y ast.Expr) bool {
		x, y = ast.Unparen(x), ast.Unparen(y)
		if call, ok := x.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" && len(call.Args) == 1 {
				x = ast.Unparen(call.Args[0])
				if lit, ok := y.(*ast.BasicLit); !ok || lit.Value != "0" {
					return false
				}
				y = nil
			}
		}
		id, ok := x.(*ast.Ident)
		if !ok || info.Uses[id] != v {
			return false
		}
		return y == nil || isNilIdent(y)
	}
	return side(be.X, be.Y) || side(be.Y, be.X)
}

// mayRefuse reports whether the dispatch call may answer an initialize
// with an error: a call of a function value or an interface method (a
// message handler the server was handed: any engine refuses an initialize
// it cannot accept), another package's function, or a function of this
// package whose initialize path builds an error object or hands on to one
// of those.
func (t *tables) mayRefuse(call *ast.CallExpr, depth int) bool {
	fn := httpwrite.Callee(t.info, call)
	if fn == nil {
		return true // a function value: the handler the server was given
	}
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return true
	}
	if fn.Pkg() == nil || httpwrite.IsStd(fn.Pkg().Path()) {
		return false
	}
	if fn.Pkg() != t.pass.Pkg {
		return true
	}
	fd := t.decls[fn.Origin()]
	if fd == nil || depth > 2 {
		return false
	}
	return t.buildsRefusal(fd.Body, depth)
}

// buildsRefusal reports whether n, on the paths an initialize takes,
// builds a JSON-RPC error (a constant code from -32768 to -32000 handed to
// a call or set in a literal, an error object literal) or calls a
// dispatch that may. The cases of a switch that name only string
// constants other than "initialize" are not an initialize's path (other
// methods', on a switch of the method; on a switch of something else the
// refusal is missed, which keeps the rule silent), nor is its default when
// a case names initialize.
func (t *tables) buildsRefusal(n ast.Node, depth int) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.SwitchStmt:
			initCase := false
			for _, c := range x.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if isInitConst(t.info, e) {
						initCase = true
					}
				}
			}
			if x.Init != nil && t.buildsRefusal(x.Init, depth) {
				found = true
				return false
			}
			for _, c := range x.Body.List {
				cc := c.(*ast.CaseClause)
				if !t.initPathCase(cc, initCase) {
					continue
				}
				for _, st := range cc.Body {
					if t.buildsRefusal(st, depth) {
						found = true
						return false
					}
				}
			}
			return false
		case *ast.CompositeLit:
			if code, ok := httpwrite.LiteralCode(t.info, x); ok && code >= -32768 && code <= -32000 {
				found = true
			}
		case *ast.CallExpr:
			if t.rpcErrorCode(x) {
				found = true
			} else if fn := httpwrite.Callee(t.info, x); fn != nil && fn.Pkg() == t.pass.Pkg && t.decls[fn.Origin()] != nil && t.dispatchCall(x) {
				found = t.mayRefuse(x, depth+1)
			}
		}
		return !found
	})
	return found
}

// initPathCase reports whether an initialize may take case c of a switch:
// it names initialize, it is the default of a switch with no such case, or
// it names something other than string constants.
func (t *tables) initPathCase(c *ast.CaseClause, initCase bool) bool {
	if c.List == nil {
		return !initCase
	}
	for _, e := range c.List {
		if isInitConst(t.info, e) {
			return true
		}
		tv, ok := t.info.Types[e]
		if !ok || tv.Value == nil {
			return true
		}
	}
	return false
}
