package session

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// funcRefs is what one function's body names that can make a value in it
// the session id: the header's name, the package's functions and the
// struct fields it names (which learn may find return or hold the id).
type funcRefs struct {
	header bool
	// ctx is that it reads a context's value (ctx.Value(k)), which may be
	// the id under a key the package puts it in.
	ctx    bool
	funcs  []*types.Func
	fields []*types.Var
}

// reaches reports whether the function can hold the id given what learn
// knows so far: it names the header, or a function or field known to
// return or hold the id.
func (r funcRefs) reaches(ids *pkgIDs) bool {
	if r.header || r.ctx && len(ids.ctxKeys) > 0 {
		return true
	}
	for _, f := range r.funcs {
		if ids.funcs[f] {
			return true
		}
	}
	for _, f := range r.fields {
		if ids.fields[f] {
			return true
		}
	}
	return false
}

// learnRefs collects funcRefs for each of funcs in one walk, so that each
// of learn's rounds scans only the functions that can hold the id: most of
// a package's functions never touch it, and a scan is far dearer than this
// walk.
func learnRefs(info *types.Info, pkg *types.Package, funcs []ast.Node, ids *pkgIDs) []funcRefs {
	out := make([]funcRefs, len(funcs))
	for i, n := range funcs {
		body, _ := funcBody(info, n)
		if body == nil {
			continue
		}
		r := &out[i]
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BasicLit:
				if n.Kind == token.STRING && !r.header {
					if tv, ok := info.Types[n]; ok && tv.Value != nil && idName(constant.StringVal(tv.Value)) {
						r.header = true
					}
				}
			case *ast.Ident:
				switch o := info.Uses[n].(type) {
				case *types.Const:
					if !r.header && o.Val().Kind() == constant.String && idName(constant.StringVal(o.Val())) {
						r.header = true
					}
				case *types.Func:
					if o.Name() == "Value" && o.Pkg() != nil && o.Pkg().Path() == "context" {
						r.ctx = true
					}
					if o.Pkg() == pkg {
						r.funcs = append(r.funcs, o.Origin())
					} else if !r.header && ids.idFunc(o) {
						// Another package's helper that returns the
						// id stands for the header read inside it.
						r.header = true
					}
				case *types.Var:
					if o.IsField() {
						r.fields = append(r.fields, o.Origin())
					} else if v, ok := httpwrite.StringConst(info, n); ok && !r.header && idName(v) {
						// var sessionHeader = "Mcp-Session-Id"
						r.header = true
					}
				}
			}
			return true
		})
	}
	return out
}

// idName reports a header name that carries the session id (IDHeader).
func idName(v string) bool { return strings.EqualFold(v, "Mcp-Session-Id") || AltIDHeader(v) }
