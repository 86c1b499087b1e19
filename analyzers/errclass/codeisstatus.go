package errclass

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A JSON-RPC error's code is one of JSON-RPC's or MCP's (-32700, -32600,
// -32602, -32603, -32000, -32001), never the HTTP status beside it: a
// writer that puts the status it is given in the code member too
// (Error: &RPCError{Code: status}) answers a body that is not JSON with
// code 400, where the client reads the code to tell a parse error from an
// invalid request. Judged on MCP's endpoint only, where the table holds.

// codeIsStatus reports an answer on MCP's endpoint whose JSON-RPC code is
// its own HTTP error status. A call of a helper of the package that takes
// both from one parameter is the helper's doing: it is reported once, at
// the helper's name, with its calls as related positions
// (reportStatusCodeHelpers).
func (c *checker) codeIsStatus(w *httpwrite.Write) bool {
	if !c.serving || !w.HasCode || w.Status < 400 || w.Status > 599 || w.Code != int64(w.Status) {
		return false
	}
	if call, ok := w.Node.(*ast.CallExpr); ok && w.Kind == httpwrite.Helper {
		fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
		if fn != nil && fn.Pkg() == c.pass.Pkg {
			if s := c.sinkOf(fn); s != nil && s.StatusArg > 0 && s.StatusArg == s.CodeArg {
				if _, seen := c.codeHelpers[fn]; !seen {
					if c.codeHelpers == nil {
						c.codeHelpers = map[*types.Func][]*httpwrite.Write{}
					}
					c.codeHelperOrder = append(c.codeHelperOrder, fn)
				}
				c.codeHelpers[fn] = append(c.codeHelpers[fn], w)
				return true
			}
		}
	}
	var node ast.Node = w.Node
	if w.CodeExpr != nil {
		node = w.CodeExpr
	}
	c.report(node, catCodeIsStatus, nil, nil,
		"JSON-RPC error with code %d, the HTTP status: use JSON-RPC's code (-32700, -32600, -32603)", w.Code)
	return true
}

// reportStatusCodeHelpers reports each helper codeIsStatus collected, once,
// at its name, with every call on MCP's endpoint that reaches it.
func (c *checker) reportStatusCodeHelpers() {
	for _, fn := range c.codeHelperOrder {
		var related []analysis.RelatedInformation
		for _, w := range c.codeHelpers[fn] {
			related = append(related, analysis.RelatedInformation{Pos: w.Node.Pos(), End: w.Node.End(), Message: fmt.Sprintf("called with HTTP %d", w.Status)})
		}
		c.reportRange(nameRange(c.pass, fn), catCodeIsStatus, related, nil,
			"%s writes its HTTP status as the JSON-RPC code too: use JSON-RPC's code (-32700, -32600, -32603)", fn.Name())
	}
}
