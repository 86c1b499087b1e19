package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// -32700 says the request's bytes are not JSON. Two answers claim it where
// the bytes were never in question: one under a test of a message that
// already decoded (its members are JSON that is not a valid request:
// -32600), and one under the error of a call that is handed no bytes of
// the request at all (an upstream, a backend, a tool given members that
// already parsed): that error is the server's or the upstream's, whatever
// it says.

// decodedMemberTest returns the test the -32700 answer w is directly
// under when that test reads only members of a value the request's body
// decoded into before it (if req.JSONRPC != "2.0" || req.Method == ""),
// and tests no error; nil otherwise. The test is the innermost if whose
// then branch holds the answer, or the case clause of a tagless switch
// holding it (its cases, and those before it, are what it knows; a
// default knows every other case false). A member is a selector on the
// decoded value, or a variable read out of a decoded map (_, ok :=
// fields["method"]). engine, when not nil, are the parameters of a
// function of a JSON-RPC engine that answers no HTTP: bytes it is handed
// ([]byte, json.RawMessage) are the message, and a decode of them counts.
func decodedMemberTest(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write, engine *ast.FieldList) ast.Node {
	stack := w.Stack
	for i := len(stack) - 2; i >= 0; i-- {
		var exprs []ast.Expr
		var at ast.Node
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] != n.Body || n.Init != nil {
				return nil
			}
			exprs, at = []ast.Expr{n.Cond}, n.Cond
		case *ast.CaseClause:
			if i < 2 {
				return nil
			}
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			if !ok || sw.Tag != nil {
				continue // a switch on a value, or a type switch: an if around it decides
			}
			if sw.Init != nil || stack[i-1] != sw.Body || !slices.ContainsFunc(n.Body, func(st ast.Stmt) bool { return st == stack[i+1] }) {
				return nil
			}
			// Cases are tried in order, a default last: those before n
			// were false, n's own is true; a default knows every other
			// case false.
			for _, st := range sw.Body.List {
				cc := st.(*ast.CaseClause)
				if n.List != nil && cc == n {
					exprs = append(exprs, cc.List...)
					break
				}
				exprs = append(exprs, cc.List...)
			}
			at = sw
		default:
			continue
		}
		if len(exprs) == 0 || !membersOnly(info, body, exprs, at.Pos(), engine) {
			return nil
		}
		return at
	}
	return nil
}

// membersOnly reports that exprs read members of values the message
// decoded into before pos, and nothing else but len.
func membersOnly(info *types.Info, body *ast.BlockStmt, exprs []ast.Expr, pos token.Pos, engine *ast.FieldList) bool {
	targets := decodeTargets(info, body, pos)
	if engine != nil {
		for v := range handedDecodes(info, body, pos, engine) {
			targets[v] = true
		}
	}
	if len(targets) == 0 {
		return false
	}
	read := mapReads(info, body, pos, targets)
	members, other := 0, false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				// len(req.Method) is a test of a member; any other
				// call may fail on anything.
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); !ok || id.Name != "len" || info.Uses[id] != types.Universe.Lookup("len") {
					other = true
				}
			case *ast.SelectorExpr:
				if v := rootVar(info, n); v != nil && targets[v] {
					members++
					return false
				}
				if _, ok := info.Uses[n.Sel].(*types.Var); ok {
					other = true
				}
			case *ast.Ident:
				v, ok := info.Uses[n].(*types.Var)
				if ok && read[v] {
					members++
					return false
				}
				if ok && !targets[v] {
					other = true
				}
				if t := info.TypeOf(n); t != nil && httpwrite.IsErrorType(t) {
					other = true
				}
			}
			return !other
		})
	}
	return !other && members > 0
}

// handedDecodes are the variables a function of an engine decodes bytes
// it was handed into before pos: json.Unmarshal(data, &v) with data one of
// params, a []byte or json.RawMessage.
func handedDecodes(info *types.Info, body *ast.BlockStmt, pos token.Pos, params *ast.FieldList) map[*types.Var]bool {
	handed := map[*types.Var]bool{}
	for _, f := range params.List {
		for _, name := range f.Names {
			// json.Unmarshal takes bytes: a []byte or json.RawMessage.
			if v, ok := info.Defs[name].(*types.Var); ok && clientBytesType(v.Type()) {
				handed[v] = true
			}
		}
	}
	out := map[*types.Var]bool{}
	if len(handed) == 0 {
		return out
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || n == nil || n.Pos() >= pos {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !httpwrite.IsFunc(httpwrite.Callee(info, call), "encoding/json", "Unmarshal") {
			return true
		}
		src, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
		if v, _ := info.Uses[src].(*types.Var); !ok || !handed[v] {
			return true
		}
		if u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// mapReads are the variables assigned, before pos, from an index of one of
// targets (_, ok := fields["method"]; m := fields["method"]): members of
// a message decoded into a map.
func mapReads(info *types.Info, body *ast.BlockStmt, pos token.Pos, targets map[*types.Var]bool) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || n == nil || n.Pos() >= pos {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		ix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
		if !ok {
			return true
		}
		if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); !isMap {
			return true
		}
		id, ok := ast.Unparen(ix.X).(*ast.Ident)
		if v, _ := info.Uses[id].(*types.Var); !ok || !targets[v] {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// rootVar is the variable a selector chain starts at (req in req.Params.X).
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// decodeTargets are the variables the request's body was decoded into
// before pos: &v handed to json.Unmarshal of the body's bytes, to a
// Decoder over it, or to a framework's binder.
func decodeTargets(info *types.Info, body *ast.BlockStmt, pos token.Pos) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || n == nil || n.Pos() >= pos {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || !decodesBody(info, body, call, 0) {
			return true
		}
		for _, a := range call.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// bytelessCall returns the call whose error the -32700 answer w reports
// when no argument of it can carry the request's bytes (the body, bytes or
// text read from it, a reader, the request, a framework's context): it is
// handed members that already parsed (req.Method, req.Params) or values
// of the server's, and a call named for decoding or reading is not one.
// Nil when the answer reports no such call, or any of its errors' origins
// is known (a decode, a read, the server's own: other rules judge those).
func bytelessCall(info *types.Info, body *ast.BlockStmt, w *httpwrite.Write) *ast.CallExpr {
	calls := failedCalls(info, body, w)
	if len(calls) != 1 || calls[0].call == nil {
		return nil
	}
	call := calls[0].call
	callee := httpwrite.Callee(info, call)
	if callee == nil {
		return nil
	}
	name := strings.ToLower(callee.Name())
	for _, w := range []string{"decode", "unmarshal", "parse", "read", "bind", "scan", "json", "valid", "load", "body"} {
		if strings.Contains(name, w) {
			return nil
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && mayCarryBytes(info, sel.X, true) {
		return nil
	}
	for _, a := range call.Args {
		if mayCarryBytes(info, a, false) {
			return nil
		}
	}
	return call
}

// mayCarryBytes reports whether e may hold the request's bytes: a value
// of type []byte, string, io.Reader, *http.Request or a framework's
// context, or json.RawMessage, unless e is a member of a struct value
// (req.Method, req.Params: a member of a message that already decoded).
// recv is true for a call's receiver, where only a reader or a request
// counts.
func mayCarryBytes(info *types.Info, e ast.Expr, recv bool) bool {
	t := info.TypeOf(e)
	if t == nil {
		return true
	}
	if httpwrite.IsNamed(derefType(t), httpwrite.PkgHTTP, "Request") || httpwrite.IsFrameworkContext(t) || implementsReader(t) {
		return true
	}
	if recv {
		return false
	}
	if _, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if v := rootVar(info, e); v != nil && !v.IsField() {
			if _, isStruct := derefType(v.Type()).Underlying().(*types.Struct); isStruct {
				return false
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	}
	return false
}

// implementsReader reports a type with a Read([]byte) (int, error) method.
func implementsReader(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 2
}

// engineParseCodes judges, in a JSON-RPC engine that answers no HTTP and
// is otherwise only read for facts (engineRefusals), the -32700 errors its
// functions build under a test of a message that decoded: whatever status
// the transport adds, that code is wrong on every transport.
func (c *checker) engineParseCodes(funcs []ast.Node, writes map[ast.Node][]*answers.Answer) {
	info := c.pass.TypesInfo
	for _, n := range funcs {
		body := httpwrite.Body(n)
		for _, a := range writes[n] {
			w := a.Write
			if !w.HasCode || w.Code != httpwrite.CodeParseError || len(w.Causes) > 0 || !httpwrite.Delivered(info, body, w) {
				continue
			}
			if causes, _ := guard(info, w.Stack); len(causes) > 0 {
				continue
			}
			if at := decodedMemberTest(info, body, w, funcParams(n)); at != nil {
				c.report(w.Node, catWrongShape, []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "tests a message that decoded"}}, nil,
					"answers -32700 (Parse error) to JSON that decoded but is not a valid request: answer -32600")
			}
		}
	}
}

// engineParams are the parameters of fn when the package is a JSON-RPC
// engine that answers no HTTP (bytes handed to its functions are the
// message); nil otherwise.
func (c *checker) engineParams(fn *ssa.Function) *ast.FieldList {
	if !c.codeOnly || fn == nil || !declaresRequest(c.pass.Pkg) {
		return nil
	}
	return funcParams(fn.Syntax())
}

// funcParams are the parameters of a function declaration or literal.
func funcParams(n ast.Node) *ast.FieldList {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Type.Params
	case *ast.FuncLit:
		return n.Type.Params
	}
	return nil
}
