package httpwrite

import (
	"go/ast"
	"go/types"
)

// IsHeaderAccessor reports whether call reads the Mcp-Session-Id header
// through an accessor other than net/http's and the frameworks': a method
// or function outside the standard library given the header's name and
// something to read it from (a receiver or another argument), with one
// string or []byte result — a header map's Get, a fast HTTP library's
// Peek, a package's getHeader(h, name). A function given the name alone
// (canonical(name)) transforms the name and reads no request.
func IsHeaderAccessor(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if IsStd(fn.Pkg().Path()) {
		// net/textproto's MIMEHeader is http.Header's own type.
		if !(fn.Pkg().Path() == "net/textproto" && fn.Name() == "Get" && sig.Recv() != nil) {
			return false
		}
	}
	if sig.Results().Len() != 1 || !StringOrBytes(sig.Results().At(0).Type()) {
		return false
	}
	named, source := false, sig.Recv() != nil
	for _, a := range call.Args {
		if IsSessionHeader(info, a) {
			named = true
		} else if _, ok := StringConst(info, a); !ok {
			source = true
		}
	}
	return named && source
}

// HeaderMapIndex reports what m[K] reads when K names the Mcp-Session-Id
// header in any case and m is a plain map of headers other than
// http.Header (whose keys are canonical, judged elsewhere): the id from a
// map[string]string, the values from a map[string][]string.
func HeaderMapIndex(info *types.Info, e *ast.IndexExpr) (id, values bool) {
	t := info.TypeOf(e.X)
	if t == nil || IsNamed(t, PkgHTTP, "Header") || !IsSessionHeader(info, e.Index) {
		return false, false
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok || !IsString(m.Key()) {
		return false, false
	}
	if IsString(m.Elem()) {
		return true, false
	}
	if s, ok := m.Elem().Underlying().(*types.Slice); ok && IsString(s.Elem()) {
		return false, true
	}
	return false, false
}

// IsString reports a type whose underlying type is a string.
func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// StringOrBytes reports whether t is a string or a []byte type: what a
// header's value is read as.
func StringOrBytes(t types.Type) bool {
	return IsString(t) || Bytes(t)
}

// Bytes reports whether t is a []byte type (json.RawMessage included).
func Bytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// NotRequestHeader reports whether h, an http.Header, is one a handler
// does not receive from its client: an upstream response's (resp.Header)
// or the one it is writing (w.Header()). An Mcp-Session-Id read there is
// an upstream's or the handler's own, not the request's.
func NotRequestHeader(info *types.Info, h ast.Expr) bool {
	switch h := ast.Unparen(h).(type) {
	case *ast.SelectorExpr:
		return h.Sel.Name == "Header" && IsNamed(info.TypeOf(h.X), PkgHTTP, "Response")
	case *ast.CallExpr:
		sel, ok := ast.Unparen(h.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Header" && len(h.Args) == 0 && IsNamed(info.TypeOf(sel.X), PkgHTTP, "ResponseWriter")
	}
	return false
}
