package errclass

import (
	"go/ast"
	"go/types"

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
// Silent when the function uses the bytes' length anywhere (len(b), a
// comparison hidden in a helper is not followed), tests the request's
// ContentLength, or caps the body with http.MaxBytesReader as well.
func (c *checker) truncatedBodies(unit ast.Node) {
	body := httpwrite.Body(unit)
	if body == nil {
		return
	}
	info := c.pass.TypesInfo
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
			if !ok || len(lim.Args) != 2 || !httpwrite.IsFunc(httpwrite.Callee(info, lim), "io", "LimitReader") || !httpwrite.IsRequestBody(info, lim.Args[0]) {
				return true
			}
			if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok && id.Name != "_" {
				if obj := info.ObjectOf(id); obj != nil {
					reads = append(reads, read{call, obj})
				}
			}
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, n)
			if b, ok := n.Fun.(*ast.Ident); ok && b.Name == "len" && len(n.Args) == 1 {
				if id, ok := ast.Unparen(n.Args[0]).(*ast.Ident); ok {
					lengths[info.ObjectOf(id)] = true
				}
			}
			if httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "MaxBytesReader") {
				guarded = true
			}
		case *ast.SelectorExpr:
			if n.Sel.Name == "ContentLength" && httpwrite.IsNamed(info.TypeOf(n.X), httpwrite.PkgHTTP, "Request") {
				guarded = true
			}
		}
		return true
	})
	if guarded {
		return
	}
	for _, r := range reads {
		if lengths[r.into] {
			continue
		}
		c.report(r.call, catBodyLimit, nil, nil,
			"reads the body through io.LimitReader and never tests its length: a body over the limit is cut, not answered 413")
	}
}

// readsAll reports io.ReadAll or ioutil.ReadAll.
func readsAll(fn *types.Func) bool {
	return httpwrite.IsFunc(fn, "io", "ReadAll") || httpwrite.IsFunc(fn, "io/ioutil", "ReadAll")
}
