package errclass

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// answersHTML reports an answer that is an HTML page: the function, or the
// helper of this package the answer calls, sets Content-Type text/html or
// renders an html/template. An MCP endpoint answers JSON or an event
// stream, so such an answer (an OAuth consent or error page beside the
// MCP endpoint) is not one whose status errclass judges against JSON-RPC's
// error classes.
func (c *checker) answersHTML(body *ast.BlockStmt, w *httpwrite.Write) bool {
	info := c.pass.TypesInfo
	if rendersHTML(info, body) {
		return true
	}
	call, ok := w.Node.(*ast.CallExpr)
	if !ok || w.Kind != httpwrite.Helper {
		return false
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	for _, f := range c.pass.Files {
		if f.Pos() > fn.Pos() || fn.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() && fd.Body != nil {
				return rendersHTML(info, fd.Body)
			}
		}
	}
	return false
}

func rendersHTML(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			if s, ok := httpwrite.StringConst(info, n); ok && strings.HasPrefix(strings.ToLower(s), "text/html") {
				found = true
			}
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "html/template" && strings.HasPrefix(fn.Name(), "Execute") {
				found = true
			}
		}
		return !found
	})
	return found
}
