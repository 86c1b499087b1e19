package errclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// catUnanswered: a failed read or decode of the request's body that the
// handler answers nothing.
const catUnanswered = "body-failure-unanswered"

// unansweredBodies reports, in a handler on MCP's endpoint
// (func(http.ResponseWriter, *http.Request) with no results), a failure of
// the request body's read or decode that gets no answer: the branch under
// its err != nil writes nothing and returns, or the decode's error is
// discarded and the handler goes on. net/http then sends 200 with an empty
// body (or whatever the handler writes for an empty message), where the
// not-json row says 400 with -32700 and the body-unreadable row 400.
//
// Silent when anything that may have written the answer came before on
// the path (a call handed the writer, other than its Header()), inside a
// loop (a stream of messages ends with a failed decode), under a test
// that picks GET and not POST, when the branch calls the package's own
// code or hands on the writer, and for a discarded decode, when the body
// is kept for something else (r.Body assigned, the bytes used again):
// those bytes may go on to a server that answers them.
func (c *checker) unansweredBodies(unit ast.Node) {
	body := httpwrite.Body(unit)
	if body == nil || !plainHandler(c.pass.TypesInfo, unit) {
		return
	}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if call, read := c.silentFailure(body, n, stack); call != nil {
				if read {
					c.report(call, catUnanswered, nil, nil,
						"a failed read of the request body is answered nothing: the client gets 200; answer 400 (body-unreadable)")
				} else {
					c.report(call, catUnanswered, nil, nil,
						"a request body that does not decode is answered nothing: the client gets 200; answer 400 with -32700 (not-json)")
				}
			}
		case *ast.AssignStmt, *ast.ExprStmt:
			if call := c.discardedDecode(body, n.(ast.Stmt), stack); call != nil {
				c.report(call, catUnanswered, nil, nil,
					"discards the body's decode error: bytes that are not JSON are served as an empty message; answer 400 with -32700 (not-json)")
			}
		}
		stack = append(stack, n)
		return true
	})
}

// plainHandler reports a net/http handler: a function taking a
// ResponseWriter and an *http.Request that returns nothing, so a failure
// it does not answer cannot be answered by its caller.
func plainHandler(info *types.Info, unit ast.Node) bool {
	ft := httpwrite.FuncType(unit)
	if ft == nil || (ft.Results != nil && len(ft.Results.List) > 0) {
		return false
	}
	w, r := false, false
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		switch {
		case httpwrite.IsNamed(t, httpwrite.PkgHTTP, "ResponseWriter"):
			w = true
		case httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request"):
			if _, ptr := types.Unalias(t).(*types.Pointer); ptr {
				r = true
			}
		}
	}
	return w && r
}

// silentFailure returns the call reading or decoding the request's body
// whose failure the if tests (if err := f(); err != nil, or err assigned by
// the statement just before) when the branch writes nothing and ends in a
// bare return, and whether that call is a read rather than a decode.
func (c *checker) silentFailure(body *ast.BlockStmt, ifs *ast.IfStmt, stack []ast.Node) (*ast.CallExpr, bool) {
	info := c.pass.TypesInfo
	if ifs.Else != nil || len(ifs.Body.List) == 0 {
		return nil, false
	}
	bin, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ || !isNil(info, bin.Y) {
		return nil, false
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	if !ok || !httpwrite.IsErrorType(info.TypeOf(id)) {
		return nil, false
	}
	v := info.Uses[id]
	var as ast.Stmt = ifs.Init
	if as == nil && len(stack) > 0 {
		if blk, ok := stack[len(stack)-1].(*ast.BlockStmt); ok {
			for i, s := range blk.List {
				if s == ifs && i > 0 {
					as = blk.List[i-1]
				}
			}
		}
	}
	call := assignedErrCall(info, as, v)
	if call == nil {
		return nil, false
	}
	read := false
	switch {
	case decodesBody(info, body, call, 0):
	case readsAll(httpwrite.Callee(info, call)) && len(call.Args) == 1 && fromBody(info, body, call.Args[0], call.Pos(), 0):
		read = true
	default:
		return nil, false
	}
	if ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ok || len(ret.Results) > 0 {
		return nil, false
	}
	for _, s := range ifs.Body.List[:len(ifs.Body.List)-1] {
		if !c.writesNothing(s) {
			return nil, false
		}
	}
	outer := ast.Stmt(ifs)
	if ifs.Init == nil && as != nil {
		outer = as
	}
	if !c.nothingBefore(body, outer, stack) {
		return nil, false
	}
	return call, read
}

// assignedErrCall is the single call whose last result s assigns to v.
func assignedErrCall(info *types.Info, s ast.Stmt, v types.Object) *ast.CallExpr {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || v == nil {
		return nil
	}
	last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok || info.ObjectOf(last) != v {
		return nil
	}
	call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return call
}

// discardedDecode returns the decode of the request's body in s when its
// error is thrown away (_ = json.Unmarshal(b, &m), or the call alone as a
// statement), nothing may have answered before it, and the body's bytes
// are used for nothing else.
func (c *checker) discardedDecode(body *ast.BlockStmt, s ast.Stmt, stack []ast.Node) *ast.CallExpr {
	info := c.pass.TypesInfo
	var call *ast.CallExpr
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil
		}
		if id, ok := s.Lhs[0].(*ast.Ident); !ok || id.Name != "_" {
			return nil
		}
		call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
	}
	if call == nil || !decodesBody(info, body, call, 0) {
		return nil
	}
	if binds, _ := httpwrite.BindsBody(httpwrite.Callee(info, call)); binds {
		return nil
	}
	if !c.nothingBefore(body, s, stack) || keepsBody(info, body, call) {
		return nil
	}
	return call
}

// keepsBody reports that the function keeps the request's body for more
// than the decode: it assigns r.Body, or uses the bytes the decode reads
// (a variable) anywhere else.
func keepsBody(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	var src types.Object
	if len(call.Args) == 2 {
		if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
			src = info.Uses[id]
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && src == nil {
		// A decoder's method: the decoder is what holds the body.
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				src = v
			}
		}
	}
	kept := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if httpwrite.IsRequestBody(info, l) {
					kept = true
				}
			}
		case *ast.SelectorExpr:
			if n.Pos() > call.End() && httpwrite.IsRequestBody(info, n) {
				kept = true
			}
		case *ast.Ident:
			if src != nil && n.Pos() > call.End() && info.Uses[n] == src {
				kept = true
			}
		}
		return !kept
	})
	return kept
}

// writesNothing reports a statement of an unanswered branch: a call of
// another package's function (a logger) handed no writer.
func (c *checker) writesNothing(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := httpwrite.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return false
	}
	return !c.mentionsWriter(call)
}

// mentionsWriter reports a value in n that may write the answer: a
// ResponseWriter (or a type with its methods), other than in a call of its
// Header method or a type assertion on it.
func (c *checker) mentionsWriter(n ast.Node) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" && len(m.Args) == 0 {
				if httpwrite.IsResponseWriter(info.TypeOf(sel.X)) {
					return false
				}
			}
		case *ast.TypeAssertExpr:
			return false
		case *ast.Ident:
			if v, ok := info.Uses[m].(*types.Var); ok && (httpwrite.IsResponseWriter(v.Type()) || flushes(v.Type())) {
				found = true
			}
		}
		return true
	})
	return found
}

// nothingBefore reports that no statement on the path to s, in the
// function's own blocks, may have written the answer, that s is in no
// loop, and that no test on the path picks GET without POST. A preceding
// if whose branch returns is off the path.
func (c *checker) nothingBefore(body *ast.BlockStmt, s ast.Stmt, stack []ast.Node) bool {
	inner := ast.Node(s)
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt:
			return false
		case *ast.IfStmt:
			if n.Init != nil && n.Init != inner && c.mentionsWriter(n.Init) {
				return false
			}
			if n.Cond != inner && c.getOnly(n.Cond) {
				return false
			}
		case *ast.CaseClause:
			get := false
			for _, e := range n.List {
				if c.getOnly(e) {
					get = true
				}
			}
			if get && !c.anyPost(n.List) {
				return false
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st == inner || st.Pos() >= inner.Pos() {
					break
				}
				if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && httpwrite.EndsInReturn(ifs.Body) && (ifs.Init == nil || !c.mentionsWriter(ifs.Init)) && !c.mentionsWriter(ifs.Cond) {
					continue
				}
				if c.mentionsWriter(st) {
					return false
				}
			}
		}
		inner = stack[i]
		if stack[i] == body {
			break
		}
	}
	return true
}

// getOnly reports a condition that names the GET method and not POST.
func (c *checker) getOnly(e ast.Expr) bool {
	return c.namesMethod(e, "GET") && !c.namesMethod(e, "POST")
}

func (c *checker) anyPost(es []ast.Expr) bool {
	for _, e := range es {
		if c.namesMethod(e, "POST") {
			return true
		}
	}
	return false
}

// namesMethod reports a string constant in e equal to the HTTP method m.
func (c *checker) namesMethod(e ast.Expr, m string) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if strings.EqualFold(constant.StringVal(tv.Value), m) {
					found = true
				}
				return false
			}
		}
		return !found
	})
	return found
}

// flushes reports a type with a Flush method (an http.Flusher taken from
// the writer): flushing commits the status.
func flushes(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Flush")
	_, ok := obj.(*types.Func)
	return ok
}
