package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/textproto"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// headerVars maps a package-level variable that holds the name of one of
// MCP's own headers (var sessionHeader = "Mcp-Session-Id", or
// http.CanonicalHeaderKey("mcp-session-id")) to that name, so StringConst
// reads it as the constant it stands for. Only those two names are kept: a
// variable is not a constant, and another string variable (a default
// revision, a path) may well change.
var headerVars sync.Map // *types.Var → string

// learnedHeaderVars holds the packages LearnHeaderVars has walked.
var learnedHeaderVars sync.Map // *types.Package → struct{}

// LearnHeaderVars records the package's variables that hold an MCP header's
// name. Every check that reads header names calls it first; it walks the
// package's top-level declarations once.
func LearnHeaderVars(pass *analysis.Pass) {
	if _, done := learnedHeaderVars.LoadOrStore(pass.Pkg, struct{}{}); done {
		return
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					v, _ := pass.TypesInfo.Defs[name].(*types.Var)
					if v == nil {
						continue
					}
					if s, ok := headerName(pass.TypesInfo, vs.Values[i]); ok {
						headerVars.Store(v, s)
					}
				}
			}
		}
	}
}

// headerName is the MCP header name e spells: a constant, or one handed to
// http.CanonicalHeaderKey or textproto.CanonicalMIMEHeaderKey.
func headerName(info *types.Info, e ast.Expr) (string, bool) {
	e = ast.Unparen(e)
	canonical := false
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
		fn := Callee(info, c)
		if !IsFunc(fn, PkgHTTP, "CanonicalHeaderKey") && !IsFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey") {
			return "", false
		}
		e, canonical = c.Args[0], true
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return "", false
	}
	s, ok := StringConst(info, e)
	if !ok || !strings.EqualFold(s, "Mcp-Session-Id") && !strings.EqualFold(s, "MCP-Protocol-Version") {
		return "", false
	}
	if canonical {
		// The variable holds what the call returns: an index of the
		// header map by it finds the header.
		s = textproto.CanonicalMIMEHeaderKey(s)
	}
	return s, true
}

// headerVar is the header name the variable e names holds, if
// LearnHeaderVars recorded it.
func headerVar(info *types.Info, e ast.Expr) (string, bool) {
	id := NameOf(e)
	if id == nil {
		return "", false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return "", false
	}
	s, ok := headerVars.Load(v)
	if !ok {
		return "", false
	}
	return s.(string), true
}
