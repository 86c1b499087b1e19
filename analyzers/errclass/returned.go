package errclass

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A dispatcher that parses the request itself often answers a refusal by
// returning a whole response value (an envelope holding a -32700 error
// object) that its caller, the handler, writes. The refusal's status is
// then the handler's: written with no status set, it is HTTP 200, which a
// refusal before any method runs must not be (protocol.md, "Refusals").

// refusalFact marks an exported function whose result (at index Result)
// can be a response that refuses the request before any method runs, so
// that a handler in another package writing it is judged.
type refusalFact struct {
	Code   int64
	Result int
}

func (*refusalFact) AFact() {}

func (f *refusalFact) String() string {
	return fmt.Sprintf("returns refusal %d (result %d)", f.Code, f.Result)
}

// returnedRefusal is what a function of this package returns: a refusal
// built at lit (in this package) or by a callee of another package.
type returnedRefusal struct {
	code   int64
	result int
	lit    token.Pos // the error object, when it is in this package
}

// returnedRefusals finds the functions of this package that return a
// refusal: an error object with -32700 (or -32600 about the request's own
// read or decode) that the function returns as (part of) its result, and,
// transitively, the functions that return such a function's result as
// theirs. The exported ones get a refusalFact.
func (c *checker) returnedRefusals(funcs []ast.Node, writes map[ast.Node][]*answers.Answer, ssaFuncs map[ast.Node]*ssa.Function) map[*types.Func]returnedRefusal {
	info := c.pass.TypesInfo
	out := map[*types.Func]returnedRefusal{}
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, n := range funcs {
		fd, ok := n.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		fn, ok := info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		decls[fn] = fd
		ssaFn := ssaFuncs[n]
		for _, a := range writes[n] {
			w := a.Write
			if a.HasSession || w.Kind != httpwrite.ErrorObject || !w.HasCode || w.Status != 0 || w.StatusExpr != nil ||
				(w.Code != httpwrite.CodeParseError && w.Code != httpwrite.CodeInvalidRequest) {
				continue
			}
			idx := returnedAt(w.Stack)
			if idx < 0 || ssaFn == nil {
				continue
			}
			if w.Code == httpwrite.CodeInvalidRequest && !c.aboutRequestBytes(ssaFn, fd.Body, w) && !c.shapeValidator(fd) {
				continue
			}
			if _, seen := out[fn]; !seen {
				out[fn] = returnedRefusal{code: w.Code, result: idx, lit: w.Node.Pos()}
			}
		}
	}
	// Functions that return such a result as theirs (a wrapper that
	// stores a request's context and calls the dispatcher), until
	// nothing changes; then in source order, for stable facts.
	for changed := true; changed; {
		changed = false
		for fn, fd := range decls {
			if _, done := out[fn]; done {
				continue
			}
			if r, ok := c.returnsRefusalOf(fd, out); ok {
				out[fn] = r
				changed = true
			}
		}
	}
	fns := make([]*types.Func, 0, len(out))
	for fn := range out {
		if httpwrite.Exported(fn) {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		r := out[fn]
		c.pass.ExportObjectFact(fn, &refusalFact{Code: r.code, Result: r.result})
	}
	return out
}

// aboutRequestBytes reports a -32600 that refuses the request's own bytes:
// in a function that reads the request (or decodes the bytes handed to
// it), about an error of that read or decode. A -32600 without such an
// error may be a method's own, after dispatch, which rides on 200.
func (c *checker) aboutRequestBytes(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if !readsRequest(info, fn, body) {
		return false
	}
	causes := w.Causes
	if len(causes) == 0 {
		causes, _ = guard(info, w.Stack)
	}
	for _, e := range causes {
		for _, o := range c.originsOf(fn, e) {
			if o.kind == decode || o.kind == read {
				return true
			}
		}
	}
	return false
}

// returnedAt is the index, among the results of a return statement, of
// the literal at the end of stack (through &, parentheses and enclosing
// literals), or -1 when the literal is not returned as it is.
func returnedAt(stack []ast.Node) int {
	i := len(stack) - 1
	for i > 0 {
		switch stack[i-1].(type) {
		case *ast.CompositeLit, *ast.KeyValueExpr, *ast.UnaryExpr, *ast.ParenExpr:
			i--
			continue
		}
		break
	}
	if i == 0 {
		return -1
	}
	ret, ok := stack[i-1].(*ast.ReturnStmt)
	if !ok {
		return -1
	}
	return slices.Index(ret.Results, ast.Expr(stack[i].(ast.Expr)))
}

// returnsRefusalOf reports a function that returns, as one of its results,
// the result of a call of a function known to return a refusal: return
// F(...) with F's results passed through, or return F(...) as one result.
func (c *checker) returnsRefusalOf(fd *ast.FuncDecl, known map[*types.Func]returnedRefusal) (returnedRefusal, bool) {
	info := c.pass.TypesInfo
	nres := fd.Type.Results.NumFields()
	var found returnedRefusal
	ok := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ok {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		for i, e := range ret.Results {
			call, isCall := ast.Unparen(e).(*ast.CallExpr)
			if !isCall {
				continue
			}
			r, has := c.refusalOf(info, call, known)
			switch {
			case !has:
			case len(ret.Results) == 1 && nres > 1:
				// return F(...): F's results are this function's.
				found, ok = r, true
			case len(ret.Results) == nres && r.result == 0 && results(info, call) == 1:
				r.result = i
				found, ok = r, true
			}
		}
		return true
	})
	return found, ok
}

// results is the number of results of the call.
func results(info *types.Info, call *ast.CallExpr) int {
	if tup, ok := info.TypeOf(call).(*types.Tuple); ok {
		return tup.Len()
	}
	return 1
}

// refusalOf is the refusal the function call calls returns, from this
// package's or from a fact.
func (c *checker) refusalOf(info *types.Info, call *ast.CallExpr, known map[*types.Func]returnedRefusal) (returnedRefusal, bool) {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return returnedRefusal{}, false
	}
	fn = fn.Origin()
	if r, ok := known[fn]; ok {
		return r, true
	}
	if fn.Pkg() == c.pass.Pkg {
		return returnedRefusal{}, false
	}
	var f refusalFact
	if c.pass.ImportObjectFact(fn, &f) {
		return returnedRefusal{code: f.Code, result: f.Result}, true
	}
	return returnedRefusal{}, false
}

// reportReturnedRefusals reports each call of a function returning a
// refusal whose result the caller writes with HTTP 200: encoded to the
// ResponseWriter with no status set before, or handed to an answer that
// pins 200 (a framework's c.JSON(http.StatusOK, resp)).
func (c *checker) reportReturnedRefusals(funcs []ast.Node, writes map[ast.Node][]*answers.Answer, known map[*types.Func]returnedRefusal) {
	info := c.pass.TypesInfo
	for _, n := range funcs {
		body := httpwrite.Body(n)
		if body == nil || httpwrite.InTest(c.pass, n) {
			continue
		}
		var stack []ast.Node
		ast.Inspect(body, func(m ast.Node) bool {
			if m == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if _, lit := m.(*ast.FuncLit); lit {
				return false
			}
			stack = append(stack, m)
			call, ok := m.(*ast.CallExpr)
			if !ok {
				return true
			}
			r, ok := c.refusalOf(info, call, known)
			if !ok {
				return true
			}
			if r.code == httpwrite.CodeParseError && decodedBefore(info, body, call) {
				return true // the bytes are JSON: that refusal cannot come
			}
			if at := c.writtenWith200(body, writes[n], stack, r.result); at != nil {
				c.reportReturned(body, call, at, r)
			}
			return true
		})
	}
}

// reportReturned reports the write: its missing status is the line to
// fix, for this refusal and any other the callee returns.
func (c *checker) reportReturned(body *ast.BlockStmt, call *ast.CallExpr, at ast.Node, r returnedRefusal) {
	if c.returnedAt[at] {
		return
	}
	if c.returnedAt == nil {
		c.returnedAt = map[ast.Node]bool{}
	}
	c.returnedAt[at] = true
	name := "the callee"
	if fn := typeutil.StaticCallee(c.pass.TypesInfo, call); fn != nil {
		name = fn.Name()
	}
	// The message names the callee; the place the error object is
	// built, when it is in this package, is the one related position.
	var related []analysis.RelatedInformation
	if r.lit.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: r.lit, Message: fmt.Sprintf("the %d (%s) error object", r.code, codeName(r.code))})
	}
	if w, ok := at.(*ast.CallExpr); ok {
		related = append(related, c.fixedIn(w)...)
		if set := ok200Before(c.pass.TypesInfo, body, w); set != nil {
			related = append(related, analysis.RelatedInformation{Pos: set.Pos(), End: set.End(), Message: "sets HTTP 200 for whatever follows"})
		}
	}
	c.report(at, catRefusalOK, related, nil,
		"writes the %d (%s) response %s returns with HTTP 200: a request refused before any method runs is 400",
		r.code, codeName(r.code), name)
}

// writtenWith200 returns the call that writes, with HTTP 200, the result
// (at index result) of the call at the end of stack: encoded in place or
// through the variable that holds it (and json.Marshal's bytes of it),
// later in the same block; nil when it is not written so.
func (c *checker) writtenWith200(body *ast.BlockStmt, writes []*answers.Answer, stack []ast.Node, result int) ast.Node {
	info := c.pass.TypesInfo
	i := len(stack) - 1
	if i == 0 {
		return nil
	}
	call := stack[i].(*ast.CallExpr)
	var held types.Object
	switch p := stack[i-1].(type) {
	case *ast.CallExpr:
		if result != 0 || !slices.Contains(p.Args, ast.Expr(call)) {
			return nil
		}
		return c.with200(body, writes, p)
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && p.Rhs[0] == call && result < len(p.Lhs) {
			if id, ok := p.Lhs[result].(*ast.Ident); ok {
				held = info.ObjectOf(id)
			}
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && p.Values[0] == call && result < len(p.Names) {
			held = info.ObjectOf(p.Names[result])
		}
	}
	if held == nil || held.Name() == "_" {
		return nil
	}
	h := newHolders(info, held)
	after := stmtsAfter(stack, i)
	if i >= 2 {
		if ifs, ok := stack[i-2].(*ast.IfStmt); ok && ifs.Init == stack[i-1] {
			// if e := validate(req); e != nil { encode(e) }: the branch
			// is what follows the assignment.
			after = ifs.Body.List
		}
	}
	for _, s := range after {
		if h.marshalled(s) {
			continue
		}
		if as, ok := s.(*ast.AssignStmt); ok && slices.ContainsFunc(as.Lhs, h.mentionsExpr) {
			// Reassigned: no longer known to be it.
			return nil
		}
		if tellsApart(h, s) {
			// if resp.Error != nil { ... }, if e, ok := resp.(mcp.JSONRPCError); ok,
			// switch resp.(type): the handler tells a refusal from an
			// answer before it writes either (a nil test does not).
			return nil
		}
		var at ast.Node
		ast.Inspect(s, func(n ast.Node) bool {
			if wc, ok := n.(*ast.CallExpr); ok && at == nil && slices.ContainsFunc(wc.Args, h.mentionsExpr) {
				if x := c.with200(body, writes, wc); x != nil {
					at = x
				}
			}
			_, lit := n.(*ast.FuncLit)
			return at == nil && !lit
		})
		if at != nil {
			return at
		}
		if _, ok := s.(*ast.ReturnStmt); ok {
			return nil
		}
	}
	return nil
}

// with200 returns wc when it writes its argument with HTTP 200: a body
// write to a ResponseWriter or a framework's context before any status is
// set, or an answer of the function whose status is the constant 200.
func (c *checker) with200(body *ast.BlockStmt, writes []*answers.Answer, wc *ast.CallExpr) ast.Node {
	info := c.pass.TypesInfo
	if t := httpwrite.BodyWriteTarget(info, wc); t != nil && httpwrite.IsResponseWriter(info.TypeOf(t)) {
		if ok200Before(info, body, wc) != nil {
			return wc
		}
		if statusBefore(writes, &httpwrite.Write{Node: wc}) || httpwrite.StatusCallBefore(info, body, wc.Pos()) {
			return nil
		}
		return wc
	}
	if httpwrite.FrameworkBody(info, wc) {
		// fiber's c.JSON(v): 200 unless a status was set before.
		if httpwrite.StatusCallBefore(info, body, wc.Pos()) {
			return nil
		}
		return wc
	}
	for _, a := range writes {
		if a.Write.Node == wc && a.Write.Status == 200 && !a.Write.HasCode {
			return wc
		}
	}
	return nil
}

// ok200Before returns the WriteHeader(200) call that is the last
// statement before the body write wc in wc's own block, but for header
// sets (w.WriteHeader(http.StatusOK) after w.Header().Set(...), then
// json.NewEncoder(w).Encode(resp)): the status is written, and it is 200
// whatever the body holds. nil otherwise.
func ok200Before(info *types.Info, body *ast.BlockStmt, wc *ast.CallExpr) *ast.CallExpr {
	if body == nil {
		return nil
	}
	// The innermost block holding wc: the deepest enclosing one visited.
	var list []ast.Stmt
	at := -1
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() > wc.Pos() || wc.End() > n.End() {
			return false
		}
		if blk, ok := n.(*ast.BlockStmt); ok {
			for i, st := range blk.List {
				if st.Pos() <= wc.Pos() && wc.End() <= st.End() {
					list, at = blk.List, i
				}
			}
		}
		return true
	})
	for i := at - 1; i >= 0; i-- {
		es, ok := list[i].(*ast.ExprStmt)
		if !ok {
			return nil
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok {
			return nil
		}
		fn := httpwrite.Callee(info, call)
		if fn == nil {
			return nil
		}
		if fn.Name() == "Set" || fn.Name() == "Add" || fn.Name() == "Del" {
			continue // w.Header().Set(...)
		}
		if fn.Name() == "WriteHeader" && len(call.Args) == 1 {
			if v, ok := httpwrite.IntConst(info, call.Args[0]); ok && v == 200 {
				return call
			}
		}
		return nil
	}
	return nil
}

// tellsApart reports a statement that tells a held response's error from
// its result: an if whose condition reads a member of it or whose init or
// condition asserts its type, or a switch on a member or on its type.
func tellsApart(h *holders, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.IfStmt:
		return readsMember(h, s.Cond) || s.Init != nil && assertsHeldType(h, s.Init) || assertsHeldType(h, s.Cond)
	case *ast.TypeSwitchStmt:
		return assertsHeldType(h, s.Assign)
	case *ast.SwitchStmt:
		return s.Tag != nil && readsMember(h, s.Tag)
	}
	return false
}

// assertsHeldType reports whether n asserts the type of a held value
// (resp.(mcp.JSONRPCError), resp.(type)).
func assertsHeldType(h *holders, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok && h.mentionsExpr(ta.X) {
			found = true
		}
		return !found
	})
	return found
}

// readsMember reports whether e reads a member of a held value (resp.Error,
// resp.Error.Code, resp.IsError()).
func readsMember(h *holders, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && h.mentionsExpr(sel.X) {
			found = true
		}
		return !found
	})
	return found
}

// decodedBefore reports whether a variable handed to call was decoded
// earlier in body by a test that returns when it fails (if err :=
// json.Unmarshal(raw, &m); err != nil { ...; return }, if !json.Valid(raw)
// { ...; return }): the bytes call gets are JSON, so its parse error is
// never the answer.
func decodedBefore(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	args := map[types.Object]bool{}
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] != nil {
			args[info.Uses[id]] = true
		}
	}
	if len(args) == 0 {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if found || !ok || ifs.Pos() >= call.Pos() {
			return !found
		}
		if !httpwrite.EndsInReturn(ifs.Body) {
			return true
		}
		for _, part := range []ast.Node{ifs.Init, ifs.Cond} {
			if part == nil {
				continue
			}
			ast.Inspect(part, func(m ast.Node) bool {
				c, ok := m.(*ast.CallExpr)
				if !ok || len(c.Args) == 0 {
					return !found
				}
				fn := httpwrite.Callee(info, c)
				id, isID := ast.Unparen(c.Args[0]).(*ast.Ident)
				if fn != nil && (fn.Name() == "Unmarshal" || fn.Name() == "Valid") && isID && args[info.Uses[id]] {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
