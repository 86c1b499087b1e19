package session

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// recordID reports whether e, the value of an assignment being recorded,
// is the Mcp-Session-Id taken from a header record: h.Value (or
// string(h.RawValue)) under a test that h's key names the header
// (h.Key == "mcp-session-id", strings.EqualFold(h.Key, ...), a case of a
// switch on h.Key), as a proxy's filter reads the header records it is
// handed. The record and its key are recognised by what the code tests,
// not by their names: any string field of the same variable whose other
// string field is compared with the header's name.
func (s *Scan) recordID(e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		// string(h.RawValue)
		if tv, ok := s.info.Types[call.Fun]; ok && tv.IsType() {
			e = call.Args[0]
		}
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	base := s.baseVar(sel.X)
	if base == nil {
		return false
	}
	if t := s.info.TypeOf(sel); t == nil || !httpwrite.StringOrBytes(t) {
		return false
	}
	for i := len(s.stack) - 2; i >= 0; i-- {
		switch n := s.stack[i].(type) {
		case *ast.IfStmt:
			if s.stack[i+1] == n.Body && s.keyTest(n.Cond, base, sel.Sel.Name) {
				return true
			}
		case *ast.CaseClause:
			if i >= 2 {
				if sw, ok := s.stack[i-2].(*ast.SwitchStmt); ok && sw.Tag != nil && s.keyOf(sw.Tag, base, sel.Sel.Name) {
					for _, v := range n.List {
						if httpwrite.IsSessionHeader(s.info, v) {
							return true
						}
					}
				}
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// keyTest reports whether cond, or a conjunct of it, says that base's key
// field (a string field other than value) names the Mcp-Session-Id header.
func (s *Scan) keyTest(cond ast.Expr, base *types.Var, value string) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			return s.keyTest(c.X, base, value) || s.keyTest(c.Y, base, value)
		case token.EQL:
			return s.keyOf(c.X, base, value) && httpwrite.IsSessionHeader(s.info, c.Y) ||
				s.keyOf(c.Y, base, value) && httpwrite.IsSessionHeader(s.info, c.X)
		}
	case *ast.CallExpr:
		fn := httpwrite.Callee(s.info, c)
		if httpwrite.IsFunc(fn, "strings", "EqualFold") && len(c.Args) == 2 {
			return s.keyOf(c.Args[0], base, value) && httpwrite.IsSessionHeader(s.info, c.Args[1]) ||
				s.keyOf(c.Args[1], base, value) && httpwrite.IsSessionHeader(s.info, c.Args[0])
		}
	}
	return false
}

// keyOf reports whether e is base.F (or strings.ToLower/ToUpper of it) for
// a string field F other than value.
func (s *Scan) keyOf(e ast.Expr, base *types.Var, value string) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		fn := httpwrite.Callee(s.info, call)
		if httpwrite.IsFunc(fn, "strings", "ToLower") || httpwrite.IsFunc(fn, "strings", "ToUpper") || httpwrite.IsFunc(fn, "strings", "TrimSpace") {
			e = call.Args[0]
		}
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name == value || s.baseVar(sel.X) != base {
		return false
	}
	t := s.info.TypeOf(sel)
	return t != nil && httpwrite.StringOrBytes(t)
}

// baseVar is the variable e names, or nil.
func (s *Scan) baseVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := s.info.ObjectOf(id).(*types.Var)
	return v
}

// IDHeader reports whether e is a constant naming a request header that
// carries the session id: Mcp-Session-Id in any case, or a name that says
// nothing but that (X-Session-ID, Session-Id, X-MCP-Session), which some
// servers read their id from. The protocol names the header; a server that
// reads its id from another and answers its absence or an unknown value
// still answers the rows of a missing and an unknown session. A name with
// another word in it (X-Tyk-Session-ID, a product's own session) is not
// one; nor is a query parameter (the 2024-11-05 transport's sessionId,
// whose refusals that revision does not name).
func IDHeader(info *types.Info, e ast.Expr) bool {
	if httpwrite.IsSessionHeader(info, e) {
		return true
	}
	v, ok := httpwrite.StringConst(info, e)
	return ok && AltIDHeader(v)
}

// AltIDHeader reports whether name, a header name other than
// Mcp-Session-Id, names the session id alone: its words, an optional X
// first, are session and id, or mcp and session.
func AltIDHeader(name string) bool {
	ws := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' })
	if len(ws) > 0 && ws[0] == "x" {
		ws = ws[1:]
	}
	switch strings.Join(ws, "-") {
	case "session-id", "mcp-session", "mcp-session-id":
		return true
	}
	return false
}
