package errclass

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// refusal judges an answer that carries -32700 or -32600 with HTTP 200,
// pinned (WriteHeader(http.StatusOK)) or implicit (a body written before
// any status, by the function or by a helper that never sets one). Those
// codes refuse the request's bytes before any method runs: a
// transport-level refusal, 400 (protocol.md, "Refusals"). A code a method
// answers (-32601, -32602, -32000, or a method's own -32600) rides on 200.
// It reports whether it took the answer (found, or deferred to the
// helper's finding).
func (c *checker) refusal(fn *ssa.Function, body *ast.BlockStmt, writes []*answers.Answer, a *answers.Answer) bool {
	w := a.Write
	code, ok := w.Code, w.HasCode
	switch {
	case ok:
	case w.CodeExpr != nil:
		code, ok = localRefusalCode(c.pass.TypesInfo, body, w.CodeExpr)
	case w.CodeNode == nil:
		code, ok = localRefusalCode(c.pass.TypesInfo, body, w.Node)
	}

	if a.HasSession {
		return false
	}
	if ok && code != httpwrite.CodeParseError && code != httpwrite.CodeInvalidRequest && code != httpwrite.CodeInternalError && code != 0 {
		return c.undecodedWith200(body, writes, w, code)
	}
	if !ok || (code != httpwrite.CodeParseError && code != httpwrite.CodeInvalidRequest) {
		return false
	}
	switch {
	case w.Status == 200:
	case w.Status == 0 && w.StatusExpr == nil && c.implicit200(body, writes, w):
	default:
		return false
	}
	if !c.preDispatch(fn, body, w, code) {
		return false
	}
	if h := c.localHelper(w); h != nil {
		if c.refusals == nil {
			c.refusals = map[*types.Func][]refusalCall{}
		}
		if _, seen := c.refusals[h]; !seen {
			c.refusalOrder = append(c.refusalOrder, h)
		}
		c.refusals[h] = append(c.refusals[h], refusalCall{w, code})
		return true
	}
	c.report(w.Node, catRefusalOK, nil, c.statusFix(w, 400, "http.StatusBadRequest"),
		"answers %d (%s) with HTTP 200: a request refused before any method runs is 400", code, codeName(code))
	return true
}

// undecodedWith200 reports an answer with another code (a server-defined
// -32004, say) to the request's body failing to decode, written with HTTP
// 200: the client's bytes are refused before any method runs, 400 with
// -32700 (-32600 for JSON that is not a JSON-RPC request).
func (c *checker) undecodedWith200(body *ast.BlockStmt, writes []*answers.Answer, w *httpwrite.Write, code int64) bool {
	switch {
	case w.Status == 200:
	case w.Status == 0 && w.StatusExpr == nil && c.implicit200(body, writes, w):
	default:
		return false
	}
	call := bodyDecodeFailed(c.pass.TypesInfo, body, w)
	if call == nil {
		return false
	}
	c.report(w.Node, catRefusalOK, []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "the request's body fails to decode here"}}, nil,
		"answers %d with HTTP 200 to a body that does not decode: refuse it 400 with -32700 (-32600 if it is JSON)", code)
	return true
}

// refusalCall is a call of a helper that writes a refusal with HTTP 200,
// and the code it passes.
type refusalCall struct {
	w    *httpwrite.Write
	code int64
}

// localRefusalCode is the code of an answer that passes it in a local
// variable every assignment of which, in body, is -32700 or -32600
// (code := parseError; if invalid { code = invalidRequest }): the first
// of them. The variable must be declared in body and only assigned
// constants.
func localRefusalCode(info *types.Info, body *ast.BlockStmt, node ast.Node) (int64, bool) {
	var v *types.Var
	ast.Inspect(node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || v != nil {
			return v == nil
		}
		obj, ok := info.Uses[id].(*types.Var)
		if !ok || obj.IsField() || obj.Pos() < body.Pos() || obj.Pos() >= body.End() {
			return true
		}
		if b, ok := obj.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			v = obj
		}
		return v == nil
	})
	if v == nil {
		return 0, false
	}
	var values []int64
	bad := false
	assigned := func(lhs ast.Expr, rhs ast.Expr, tok token.Token) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok || info.ObjectOf(id) != v {
			return
		}
		c, isConst := int64(0), false
		if rhs != nil && (tok == token.ASSIGN || tok == token.DEFINE) {
			c, isConst = httpwrite.IntConst(info, rhs)
		}
		if !isConst || c != httpwrite.CodeParseError && c != httpwrite.CodeInvalidRequest {
			bad = true
			return
		}
		values = append(values, c)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var r ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					r = n.Rhs[i]
				}
				assigned(l, r, n.Tok)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				var r ast.Expr
				if i < len(n.Values) {
					r = n.Values[i]
				}
				assigned(name, r, token.DEFINE)
			}
		case *ast.IncDecStmt:
			assigned(n.X, nil, token.INC)
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(id) == v {
				bad = true
			}
		}
		return !bad
	})
	if bad || len(values) == 0 {
		return 0, false
	}
	return values[0], true
}

// shapeValidator reports a function of the package that judges the
// decoded request's shape: it takes the request (a value with a JSON
// "method" member), returns one result, and every non-nil value it returns
// is an error object literal with -32700 or -32600, or -32602 (params
// that are not an object) beside one of those. What it returns refuses
// the request before any method runs.
//
//	func validate(req request) *rpcError {
//		if req.JSONRPC != "2.0" { return &rpcError{Code: -32600, ...} }
//		return nil
//	}
func (c *checker) shapeValidator(fd *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || !httpwrite.IsErrorObjectType(sig.Results().At(0).Type()) {
		return false
	}
	request := false
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		request = request || httpwrite.JSONMember(t, "method")
	}
	if !request {
		return false
	}
	ok, any, refuses := true, false, false
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit || !ok {
			return false
		}
		stack = append(stack, n)
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		defer func() { stack = stack[:len(stack)-1] }()
		if len(ret.Results) != 1 {
			ok = false
			return false
		}
		e := ast.Unparen(ret.Results[0])
		if isNil(info, e) {
			return false
		}
		if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			e = u.X
		}
		lit, isLit := e.(*ast.CompositeLit)
		code, known := int64(0), false
		if isLit {
			code, known = httpwrite.LiteralCode(info, lit)
		}
		switch {
		case !known:
			ok = false
		case code == httpwrite.CodeParseError, code == httpwrite.CodeInvalidRequest:
			refuses = true
		case code != httpwrite.CodeInvalidParams || underMethodTest(info, stack):
			// -32602 under a test of the method is that method's
			// requirement, which rides on 200.
			ok = false
		}
		any = true
		return false
	})
	return ok && any && refuses
}

// underMethodTest reports a node on stack inside an if or a switch that
// tests the request's "method" member (req.Method == "tools/call").
func underMethodTest(info *types.Info, stack []ast.Node) bool {
	for _, n := range stack {
		var cond ast.Node
		switch n := n.(type) {
		case *ast.IfStmt:
			cond = n.Cond
		case *ast.SwitchStmt:
			cond = n.Tag
		case *ast.CaseClause:
			for _, e := range n.List {
				if namesMethodMember(info, e) {
					return true
				}
			}
		}
		if cond != nil && namesMethodMember(info, cond) {
			return true
		}
	}
	return false
}

// namesMethodMember reports whether n reads the "method" JSON member of a
// struct.
func namesMethodMember(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok || found {
			return !found
		}
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			if httpwrite.JSONFieldName(s.Recv(), s.Obj().(*types.Var)) == "method" {
				found = true
			}
		}
		return !found
	})
	return found
}

// implicit200 reports an answer whose status is the implicit 200: a call
// of a helper that writes a body and never a status, or an error object
// the function encodes to the ResponseWriter itself, with no status set
// on the way.
func (c *checker) implicit200(body *ast.BlockStmt, writes []*answers.Answer, w *httpwrite.Write) bool {
	switch {
	case w.Kind == httpwrite.Helper && w.Implicit:
	case w.Kind == httpwrite.ErrorObject && c.encodedToWriter(w):
	case w.Kind == httpwrite.ErrorObject && c.frameworkBodyOf(w):
	default:
		return false
	}
	return !statusBefore(writes, w) && !httpwrite.StatusCallBefore(c.pass.TypesInfo, body, w.Node.Pos())
}

// statusBefore reports a status written before w that may still hold when
// w is written: one in a block around w, or in earlier blocks none of
// which ends by returning (a status picked in a branch of a refusal that
// returns never reaches w).
func statusBefore(writes []*answers.Answer, w *httpwrite.Write) bool {
	for _, o := range writes {
		ow := o.Write
		if ow == w || ow.Node.Pos() >= w.Node.Pos() {
			continue
		}
		switch {
		case ow.Kind == httpwrite.WriteHeader, ow.Kind == httpwrite.HTTPError, ow.Kind == httpwrite.Framework,
			ow.Kind == httpwrite.Helper && !ow.Implicit:
		default:
			continue
		}
		if httpwrite.ReachesLater(ow.Stack, w.Node.Pos()) {
			return true
		}
	}
	return false
}

// encodedToWriter reports an error object (inside its envelope) that the
// function writes to an http.ResponseWriter itself: encoded in place
// (json.NewEncoder(w).Encode(resp{...})), or held in a variable that a
// later statement of the same block encodes or marshals and writes.
func (c *checker) encodedToWriter(w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	st := w.Stack
	i := httpwrite.Enveloped(st)
	if i == 0 {
		return false
	}
	toWriter := func(call *ast.CallExpr) bool {
		t := httpwrite.BodyWriteTarget(info, call)
		return t != nil && httpwrite.IsResponseWriter(info.TypeOf(t))
	}
	var held types.Object
	switch p := st[i-1].(type) {
	case *ast.CallExpr:
		return toWriter(p)
	case *ast.AssignStmt:
		for j, r := range p.Rhs {
			if r == st[i] && j < len(p.Lhs) && len(p.Lhs) == len(p.Rhs) {
				if id, ok := p.Lhs[j].(*ast.Ident); ok {
					held = info.ObjectOf(id)
				}
			}
		}
	case *ast.ValueSpec:
		for j, v := range p.Values {
			if v == st[i] && j < len(p.Names) {
				held = info.ObjectOf(p.Names[j])
			}
		}
	}
	if held == nil {
		return false
	}
	h := newHolders(info, held)
	for _, s := range stmtsAfter(st, i) {
		if h.marshalled(s) {
			continue
		}
		written := false
		ast.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && toWriter(call) && slices.ContainsFunc(call.Args, h.mentionsExpr) {
				written = true
			}
			_, lit := n.(*ast.FuncLit)
			return !written && !lit
		})
		if written {
			return true
		}
		if _, ok := s.(*ast.ReturnStmt); ok {
			return false
		}
	}
	return false
}

// preDispatch reports whether an answer with -32700 or -32600 refuses the
// request before any method runs. -32700 always does: only bytes that are
// not JSON earn it. -32600 does in a function that reads the request
// itself (r.Body, or the body's bytes handed to it) or under a test of a
// request header, and not under an error errclass cannot place as the
// request's decode or read: a method's own -32600, returned after dispatch,
// rides on 200.
func (c *checker) preDispatch(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write, code int64) bool {
	if code == httpwrite.CodeParseError {
		return true
	}
	info := c.pass.TypesInfo
	if !readsRequest(info, fn, body) && !underHeaderTest(info, w.Stack) {
		return false
	}
	causes := w.Causes
	if len(causes) == 0 {
		causes, _ = guard(info, w.Stack)
	}
	if len(causes) == 0 {
		return true
	}
	for _, e := range causes {
		for _, o := range c.originsOf(fn, e) {
			if o.kind == decode || o.kind == read {
				return true
			}
		}
		if call := errCall(info, body, e, w.Node.Pos()); call != nil && validatesDecoded(info, body, call) {
			return true
		}
	}
	return false
}

// validatesDecoded reports a call named for validating (Validate,
// ValidateRequest, validateMessage) handed the value the function decoded
// the request's own body into (json.Unmarshal(raw, &req), then
// v.ValidateRequest(&req)): its failure says the envelope is not a valid
// request before any method runs, a transport-level refusal.
func validatesDecoded(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil || !strings.Contains(strings.ToLower(fn.Name()), "validat") {
		return false
	}
	targets := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		dec, ok := n.(*ast.CallExpr)
		if !ok || dec.Pos() >= call.Pos() || len(dec.Args) == 0 || !decodesRequestBody(info, body, dec) {
			return true
		}
		if v := addressed(info, dec.Args[len(dec.Args)-1]); v != nil {
			targets[v] = true
		}
		return true
	})
	for _, a := range call.Args {
		if v := addressed(info, a); v != nil && targets[v] {
			return true
		}
	}
	return false
}

// addressed is the local variable e names, itself or by its address.
func addressed(info *types.Info, e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// readsRequest reports a function that reads the request's body (r.Body),
// through a framework's binder (echo's Bind, gin's ShouldBindJSON), or decodes
// bytes handed to it as a []byte parameter (the body read by its
// caller; a json.RawMessage is a member of a message already decoded).
func readsRequest(info *types.Info, fn *ssa.Function, body *ast.BlockStmt) bool {
	byteParams := map[types.Object]bool{}
	if sig := fn.Signature; sig != nil {
		for i := 0; i < sig.Params().Len(); i++ {
			p := sig.Params().At(i)
			if s, ok := types.Unalias(p.Type()).(*types.Slice); ok && !httpwrite.IsNamed(p.Type(), "encoding/json", "RawMessage") {
				if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
					byteParams[p] = true
				}
			}
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if httpwrite.IsRequestBody(info, n) {
				found = true
			}
		case *ast.CallExpr:
			callee := httpwrite.Callee(info, n)
			if binds, _ := httpwrite.BindsBody(callee); binds {
				found = true
			}
			if httpwrite.IsFunc(callee, "encoding/json", "Unmarshal") || httpwrite.IsFunc(callee, "bytes", "NewReader") {
				if len(n.Args) > 0 {
					if id, ok := ast.Unparen(n.Args[0]).(*ast.Ident); ok && byteParams[info.Uses[id]] {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// underHeaderTest reports an answer under an if whose init or condition
// reads a header of the request (r.Header.Get("MCP-Protocol-Version")).
func underHeaderTest(info *types.Info, stack []ast.Node) bool {
	for ifs := range httpwrite.EnclosingIfs(stack) {
		found := false
		for _, n := range []ast.Node{ifs.Init, ifs.Cond} {
			if n == nil {
				continue
			}
			ast.Inspect(n, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" && httpwrite.IsNamed(info.TypeOf(sel.X), httpwrite.PkgHTTP, "Request") {
					found = true
				}
				return !found
			})
		}
		if found {
			return true
		}
	}
	return false
}

// localHelper is the helper of this package a Helper answer calls.
func (c *checker) localHelper(w *httpwrite.Write) *types.Func {
	if w.Kind != httpwrite.Helper {
		return nil
	}
	call, ok := w.Node.(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	return fn
}

// reportRefusals reports the refusals written with 200 through helpers of
// this package: at the call when one call is wrong, else once at the
// helper, whose status is the root cause, with the calls as related
// positions.
func (c *checker) reportRefusals() {
	for _, fn := range c.refusalOrder {
		ws := c.refusals[fn]
		at, how := c.helperStatus(fn)
		helperRel := analysis.RelatedInformation{Pos: at, Message: fmt.Sprintf("%s %s", fn.Name(), how)}
		if len(ws) == 1 {
			w := ws[0].w
			var related []analysis.RelatedInformation
			if at.IsValid() {
				related = append(related, helperRel)
			}
			c.report(w.Node, catRefusalOK, related, c.statusFix(w, 400, "http.StatusBadRequest"),
				"answers %d (%s) with HTTP 200: a request refused before any method runs is 400", ws[0].code, codeName(ws[0].code))
			continue
		}
		var related []analysis.RelatedInformation
		if at.IsValid() {
			related = append(related, helperRel)
		}
		codes := map[int64]bool{}
		for _, rc := range ws {
			codes[rc.code] = true
			related = append(related, analysis.RelatedInformation{Pos: rc.w.Node.Pos(), End: rc.w.Node.End(),
				Message: fmt.Sprintf("refuses the request with %d (%s)", rc.code, codeName(rc.code))})
		}
		var names []string
		for _, code := range []int64{httpwrite.CodeParseError, httpwrite.CodeInvalidRequest} {
			if codes[code] {
				names = append(names, fmt.Sprint(code))
			}
		}
		c.reportRange(nameRange(c.pass, fn), catRefusalOK, related, nil,
			"%s writes HTTP 200 for the refusals its %d callers pass (%s): a refusal before any method runs is 400",
			fn.Name(), len(ws), strings.Join(names, ", "))
	}
}

// helperStatus finds where the helper fn fixes its status: its
// WriteHeader(200), else the call that writes its body first.
func (c *checker) helperStatus(fn *types.Func) (token.Pos, string) {
	var decl *ast.FuncDecl
	for _, f := range c.pass.Files {
		if f.Pos() <= fn.Pos() && fn.Pos() < f.End() {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
					decl = fd
				}
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return token.NoPos, ""
	}
	info := c.pass.TypesInfo
	var at token.Pos
	how := "writes the body without a status: HTTP 200"
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || at.IsValid() {
			return !at.IsValid()
		}
		callee := httpwrite.Callee(info, call)
		switch {
		case callee != nil && callee.Name() == "WriteHeader" && len(call.Args) == 1:
			at, how = call.Pos(), "pins HTTP 200"
		case callee != nil && c.sinkOf(callee) != nil && !c.sinkOf(callee).Builds:
			at, how = call.Pos(), "answers through "+callee.Name()+" with HTTP 200"
		case httpwrite.BodyWriteTarget(info, call) != nil:
			at = call.Pos()
		}
		return !at.IsValid()
	})
	return at, how
}

// frameworkBodyOf reports an error object (inside its envelope) handed to a
// framework's body writer that sets no status of its own (fiber's
// c.JSON(v), not chained on c.Status(n)): the status is 200 unless one was
// set before.
func (c *checker) frameworkBodyOf(w *httpwrite.Write) bool {
	st := w.Stack
	i := httpwrite.Enveloped(st)
	if i == 0 {
		i = len(st) - 1
	}
	if i < 1 {
		return false
	}
	call, ok := st[i-1].(*ast.CallExpr)
	return ok && httpwrite.FrameworkBody(c.pass.TypesInfo, call)
}
