package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// truncatedBodies reports, in a function on MCP's endpoint, a request body
// read whole through io.LimitReader whose length is never tested. The
// reader stops at the limit without an error, so a body over it is cut and
// handled as if whole: a JSON-RPC message cut short fails to parse and is
// answered as the client's malformed JSON, or is forwarded truncated. The
// table answers a body over the limit 413, which needs the read to take one
// byte more than the limit and the length tested (or http.MaxBytesReader,
// whose error says so).
//
// A helper of the package handed the request's body is read the same way.
//
// Silent when the function compares the bytes' length with anything (a
// comparison hidden in a helper is not followed), compares the request's
// ContentLength, or caps the body with http.MaxBytesReader as well. A
// length only handed on (r.ContentLength = int64(len(b)) for a forwarded
// body) tests nothing.
func (c *checker) truncatedBodies(unit ast.Node) {
	body := httpwrite.Body(unit)
	if body == nil {
		return
	}
	info := c.pass.TypesInfo
	for _, call := range truncatedReads(info, body, func(e ast.Expr) bool { return httpwrite.IsRequestBody(info, e) }) {
		c.reportTruncated(call, nil)
	}
	// A helper of the package handed the body (DecodeRequest(r.Body,
	// max)) that reads its reader parameter the same way is judged too.
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := httpwrite.Callee(info, call)
		if fn == nil || fn.Pkg() != c.pass.Pkg {
			return true
		}
		decl := c.decls()[fn.Origin()]
		if decl == nil || decl.Body == nil {
			return true
		}
		sig := fn.Type().(*types.Signature)
		for i, a := range call.Args {
			if i >= sig.Params().Len() || !httpwrite.IsRequestBody(info, a) {
				continue
			}
			param := sig.Params().At(i)
			for _, read := range truncatedReads(info, decl.Body, func(e ast.Expr) bool {
				id, ok := ast.Unparen(e).(*ast.Ident)
				return ok && info.Uses[id] == param
			}) {
				c.reportTruncated(read, []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "handed the request's body here"}})
			}
		}
		return true
	})
}

func (c *checker) reportTruncated(call *ast.CallExpr, related []analysis.RelatedInformation) {
	if c.truncSaid == nil {
		c.truncSaid = map[*ast.CallExpr]bool{}
	}
	if c.truncSaid[call] {
		return
	}
	c.truncSaid[call] = true
	c.report(call, catBodyLimit, related, nil,
		"reads the body through io.LimitReader and never tests its length: a body over the limit is cut, not answered 413")
}

// truncatedReads returns the reads in body of a whole reader that source
// accepts through io.LimitReader (b, err := io.ReadAll(io.LimitReader(src,
// n))) whose length body never compares, when body compares no
// ContentLength and calls no http.MaxBytesReader.
func truncatedReads(info *types.Info, body *ast.BlockStmt, source func(ast.Expr) bool) []*ast.CallExpr {
	type read struct {
		call *ast.CallExpr
		into types.Object
	}
	var reads []read
	lengths := map[types.Object]bool{}
	guarded := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || !readsAll(httpwrite.Callee(info, call)) {
				return true
			}
			lim, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
			if !ok || len(lim.Args) != 2 || !httpwrite.IsFunc(httpwrite.Callee(info, lim), "io", "LimitReader") || !source(lim.Args[0]) {
				return true
			}
			if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok && id.Name != "_" {
				if obj := info.ObjectOf(id); obj != nil {
					reads = append(reads, read{call, obj})
				}
			}
		case *ast.CallExpr:
			if httpwrite.IsFunc(httpwrite.Callee(info, n), httpwrite.PkgHTTP, "MaxBytesReader") {
				guarded = true
			}
		case *ast.BinaryExpr:
			// Only a comparison tests a length: len(b) handed on
			// (r.ContentLength = int64(len(b)) after re-encoding) does
			// not.
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
			default:
				return true
			}
			ast.Inspect(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.CallExpr:
					if b, ok := m.Fun.(*ast.Ident); ok && b.Name == "len" && len(m.Args) == 1 {
						if id, ok := ast.Unparen(m.Args[0]).(*ast.Ident); ok {
							lengths[info.ObjectOf(id)] = true
						}
					}
				case *ast.SelectorExpr:
					if m.Sel.Name == "ContentLength" && httpwrite.IsNamed(info.TypeOf(m.X), httpwrite.PkgHTTP, "Request") {
						guarded = true
					}
				}
				return true
			})
		}
		return true
	})
	if guarded {
		return nil
	}
	var out []*ast.CallExpr
	for _, r := range reads {
		if !lengths[r.into] {
			out = append(out, r.call)
		}
	}
	return out
}

// readsAll reports io.ReadAll or ioutil.ReadAll.
func readsAll(fn *types.Func) bool {
	return httpwrite.IsFunc(fn, "io", "ReadAll") || httpwrite.IsFunc(fn, "io/ioutil", "ReadAll")
}
