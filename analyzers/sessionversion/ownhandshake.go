package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A gateway whose upstream sessions are opened by relaying each client's
// own initialize, and whose answer goes back to that client, agrees with
// the upstream on the revision the client agreed: the client's
// MCP-Protocol-Version names the upstream session's revision, and sending
// it on is right even where the gateway keeps the upstream's id. Only a
// gateway that initializes upstream itself negotiates a revision of its
// own there.

// negotiatesOwn reports, once per package, whether the package builds an
// initialize of its own: "initialize" used other than in a comparison (a
// method name in a request it builds, a JSON body written out), or a call
// of an MCP client's Initialize or Connect.
func (c *checker) negotiatesOwn() bool {
	if c.ownInit == 0 {
		c.ownInit = -1
		for _, f := range c.pass.Files {
			if c.buildsInitialize(f) {
				c.ownInit = 1
				break
			}
		}
	}
	return c.ownInit > 0
}

func (c *checker) buildsInitialize(f *ast.File) bool {
	info := c.pass.TypesInfo
	found := false
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if found {
			return false
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				// A constant's own value is no use of it; its uses are.
				stack = stack[:len(stack)-1]
				return false
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && names(n) && !comparedIn(info, parent, n) {
				found = true
			}
		case *ast.Ident:
			if k, ok := info.Uses[n].(*types.Const); ok && k.Val().Kind() == constant.String &&
				namesInit(constant.StringVal(k.Val())) && !comparedIn(info, parentOf(stack, n), n) {
				found = true
			}
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg &&
				fn.Signature().Recv() != nil && (fn.Name() == "Initialize" || fn.Name() == "Connect") {
				found = true
			}
		}
		return !found
	})
	return found
}

// names reports whether lit is the method name "initialize", or a JSON
// text holding it as a quoted string ({"method":"initialize",...}); a log
// line that mentions an initialize is neither.
func names(lit *ast.BasicLit) bool {
	v, err := strconv.Unquote(lit.Value)
	return err == nil && namesInit(v)
}

func namesInit(v string) bool {
	return v == "initialize" || strings.Contains(v, `"initialize"`)
}

// parentOf is the node holding n: a selector's parent when n is its name.
func parentOf(stack []ast.Node, n ast.Node) ast.Node {
	i := len(stack) - 2
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == n && i > 0 {
			return stack[i-1]
		}
		return stack[i]
	}
	return nil
}

// comparers are the functions of strings, bytes and slices that compare.
var comparers = map[string]bool{
	"EqualFold": true, "HasPrefix": true, "HasSuffix": true, "Contains": true,
	"Compare": true, "Index": true, "Equal": true, "ContainsFunc": true,
}

// comparedIn reports whether e, a child of parent, is only compared: an
// operand of == or !=, a case of a switch, or an argument of a strings,
// bytes or slices function that compares (EqualFold, HasPrefix, ...).
func comparedIn(info *types.Info, parent ast.Node, e ast.Expr) bool {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	case *ast.CaseClause:
		return true
	case *ast.CallExpr:
		fn := httpwrite.Callee(info, p)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() {
		case "strings", "bytes", "slices":
			return comparers[fn.Name()]
		}
	}
	return false
}
