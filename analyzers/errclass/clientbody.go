package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// The request's own body failing to decode is the client's fault: the
// Refusals table's not-json row, 400 with -32700. Answered 500 or with
// -32603 it blames the server for bytes the client sent, and a client
// that retries server failures sends them again.

// bodyDecodeOnly reports whether every origin is a decode of the request's
// own body (json.NewDecoder(r.Body).Decode, json.Unmarshal of the bytes
// io.ReadAll read from it, a framework context's raw body): what was
// decoded is the client's, not an upstream's reply.
func bodyDecodeOnly(info *types.Info, body *ast.BlockStmt, origins []origin) bool {
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.kind != decode || o.shape || !o.pos.IsValid() {
			return false
		}
		call := httpwrite.CallAt(body, o.pos)
		if call == nil || !decodesRequestBody(info, body, call) {
			return false
		}
	}
	return true
}

// bodyReadOnly reports whether every origin is a read of the request's
// own body (io.ReadAll(r.Body), of a MaxBytesReader made on it): it fails
// when the client went away or broke its chunking (400), or sent more than
// the limit (413), never for the server's own reasons.
func bodyReadOnly(info *types.Info, body *ast.BlockStmt, origins []origin) bool {
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.kind != read || !o.pos.IsValid() {
			return false
		}
		call := httpwrite.CallAt(body, o.pos)
		if call == nil || len(call.Args) == 0 {
			return false
		}
		fn := httpwrite.Callee(info, call)
		if !httpwrite.IsFunc(fn, httpwrite.PkgIO, "ReadAll") && !httpwrite.IsFunc(fn, "io/ioutil", "ReadAll") || !madeOnBody(info, body, call.Args[0], 0) {
			return false
		}
	}
	return true
}

// syntaxOnlyDecode reports whether every origin is a decode of the
// request's body, with encoding/json, into a value any JSON fits (a
// json.RawMessage, an empty interface): such a decode fails only when the
// bytes are not JSON (or could not be read), never on their shape.
func syntaxOnlyDecode(info *types.Info, body *ast.BlockStmt, origins []origin) bool {
	if !bodyDecodeOnly(info, body, origins) {
		return false
	}
	for _, o := range origins {
		call := httpwrite.CallAt(body, o.pos)
		fn := httpwrite.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != httpwrite.PkgJSON || len(call.Args) == 0 || !anyJSONFits(info.TypeOf(call.Args[len(call.Args)-1])) {
			return false
		}
	}
	return true
}

// anyJSONFits reports whether t is a pointer to a json.RawMessage or to an
// empty interface: a target every JSON value decodes into.
func anyJSONFits(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	elem := p.Elem()
	if named, ok := types.Unalias(elem).(*types.Named); ok {
		obj := named.Obj()
		return obj.Pkg() != nil && obj.Pkg().Path() == httpwrite.PkgJSON && obj.Name() == "RawMessage"
	}
	iface, ok := types.Unalias(elem).Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// decodesRequestBody reports a decode whose input is the request body:
// X.Decode(v) with X a decoder made on it, Unmarshal(b, v) with b read
// from it, or a framework's binder (c.Bind(&v), c.ShouldBindJSON(&v)).
func decodesRequestBody(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	if _, decodes := httpwrite.BindsBody(httpwrite.Callee(info, call)); decodes {
		return true // the framework binds the request's own body
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Decode":
		return madeOnBody(info, body, sel.X, 0)
	case "Unmarshal", "UnmarshalFromString":
		return len(call.Args) == 2 && madeOnBody(info, body, call.Args[0], 0)
	}
	return false
}

// madeOnBody reports whether e is the request body, a reader or decoder
// made on it, or the bytes read from it, following a local variable to
// the one value it is assigned.
func madeOnBody(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	e = ast.Unparen(e)
	if httpwrite.IsRequestBody(info, e) {
		return true
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, e)
		if fn == nil {
			// []byte(s) and other conversions keep the bytes.
			if len(e.Args) == 1 {
				return madeOnBody(info, body, e.Args[0], depth+1)
			}
			return false
		}
		if frameworkRawBody(fn) {
			return true
		}
		switch fn.Name() {
		case "NewDecoder", "ReadAll", "LimitReader", "MaxBytesReader", "NopCloser", "NewReader":
			for _, a := range e.Args {
				if madeOnBody(info, body, a, depth+1) {
					return true
				}
			}
		}
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		rhs := httpwrite.SoleAssign(info, body, v)
		return rhs != nil && madeOnBody(info, body, rhs, depth+1)
	}
	return false
}

// frameworkRawBody reports a framework context's method that returns the
// request's raw body: fiber's c.Body(), gin's c.GetRawData().
func frameworkRawBody(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() == nil || !slices.Contains(httpwrite.FrameworkPkgs, fn.Pkg().Path()) {
		return false
	}
	switch fn.Name() {
	case "Body", "BodyRaw", "GetRawData":
		return true
	}
	return false
}

// speaksMCP reports whether the function being checked answers MCP: it is
// in the endpoint's units, its answers carry JSON-RPC codes, or it names
// what only an MCP endpoint reads. A REST route beside the endpoint is
// none of these, and the table's rows do not govern its answers.
func (c *checker) speaksMCP(writes []*answers.Answer, body *ast.BlockStmt) bool {
	return c.serving || speaksJSONRPC(writes) || namesMCP(c.pass.TypesInfo, body)
}

// namesMCP reports a function that names what only an MCP endpoint
// reads: the "jsonrpc" member, or the Mcp-Session-Id or
// MCP-Protocol-Version header (a proxy of the endpoint that writes no
// JSON-RPC error of its own).
func namesMCP(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && !found {
			if v, ok := httpwrite.StringConst(info, lit); ok {
				found = v == "jsonrpc" || strings.EqualFold(v, "Mcp-Session-Id") || strings.EqualFold(v, "MCP-Protocol-Version")
			}
		}
		return !found
	})
	return found
}

// speaksJSONRPC reports whether a function's answers carry JSON-RPC codes:
// an MCP endpoint, where a plain 500 also answers a JSON-RPC request (a
// REST route's answers are not judged).
func speaksJSONRPC(writes []*answers.Answer) bool {
	for _, a := range writes {
		if a.HasCode {
			return true
		}
	}
	return false
}

// overLimit reports an answer whose innermost enclosing if holds when the
// request's body is over a size: len(b) > N of bytes read from the body
// (io.ReadAll(io.LimitReader(r.Body, N+1))), or r.ContentLength > N. The
// table answers that 413.
func overLimit(info *types.Info, body *ast.BlockStmt, stack []ast.Node) bool {
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		if !inThen {
			return false
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.GTR && b.Op != token.GEQ {
			return false
		}
		if _, isConst := info.Types[b.Y]; !isConst {
			return false
		}
		switch x := ast.Unparen(b.X).(type) {
		case *ast.CallExpr:
			id, ok := ast.Unparen(x.Fun).(*ast.Ident)
			return ok && id.Name == "len" && len(x.Args) == 1 && madeOnBody(info, body, x.Args[0], 0)
		case *ast.SelectorExpr:
			return x.Sel.Name == "ContentLength" && httpwrite.IsNamed(info.TypeOf(x.X), httpwrite.PkgHTTP, "Request")
		}
		return false
	}
	return false
}
