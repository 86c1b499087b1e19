package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

const pkgHTTPUtil = "net/http/httputil"

// proxyLimits reports a request whose body a handler caps with
// http.MaxBytesReader and then hands to an httputil.ReverseProxy that
// cannot answer 413. The cap fails inside the proxy's round trip, when the
// transport reads the body to send it upstream; the transport returns that
// read's error, *http.MaxBytesError, and the proxy hands it to its
// ErrorHandler, 502 Bad Gateway when none is set. A body over the limit is
// the client's (413), not the upstream's.
//
// Judged only where the proxy is built in the package (a
// &httputil.ReverseProxy{...} literal or httputil.NewSingleHostReverseProxy,
// held in a variable or a field the package assigns nothing else) and every
// ErrorHandler set on it is a function of the package whose every answer
// has a constant status other than 413. An
// ErrorHandler the package sets on something it cannot place, or one that
// hands the writer to a function that is not an answer, keeps it silent; so
// does a read or a replacement of the body between the cap and the proxy
// (a handler that buffers the body meets the limit itself).
func (c *checker) proxyLimits(funcs []ast.Node) {
	pass := c.pass
	if !httpwrite.Imports(pass.Pkg, pkgHTTPUtil) {
		return
	}
	info := pass.TypesInfo
	p := &proxies{c: c, sources: map[types.Object][]ast.Expr{}, handlers: map[types.Object][]ast.Expr{}}
	p.collect()
	if p.unplaced {
		return
	}
	for _, n := range funcs {
		body := httpwrite.Body(n)
		if body == nil || httpwrite.InTest(pass, n) {
			continue
		}
		ast.Inspect(body, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false // its own unit
			}
			call, ok := m.(*ast.CallExpr)
			if ok && len(call.Args) == 2 && httpwrite.IsMethod(httpwrite.Callee(info, call), pkgHTTPUtil, "ReverseProxy", "ServeHTTP") {
				p.judge(body, call)
			}
			return true
		})
	}
}

// proxies holds the package's ReverseProxy constructions: for each variable
// or field a proxy is stored in, the values assigned to it, and the
// ErrorHandlers set on it.
type proxies struct {
	c        *checker
	sources  map[types.Object][]ast.Expr
	handlers map[types.Object][]ast.Expr
	// unplaced: an ErrorHandler set on a proxy the package cannot name.
	unplaced bool
}

// collect records every assignment to a variable or field of type
// *httputil.ReverseProxy and every ErrorHandler set in the package.
func (p *proxies) collect() {
	info := p.c.pass.TypesInfo
	add := func(lhs ast.Expr, rhs ast.Expr) {
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "ErrorHandler" && httpwrite.IsNamed(info.TypeOf(sel.X), pkgHTTPUtil, "ReverseProxy") {
			if obj := objectOf(info, sel.X); obj != nil {
				p.handlers[obj] = append(p.handlers[obj], rhs)
			} else {
				p.unplaced = true
			}
			return
		}
		if obj := objectOf(info, lhs); obj != nil && httpwrite.IsNamed(obj.Type(), pkgHTTPUtil, "ReverseProxy") {
			p.sources[obj] = append(p.sources[obj], rhs)
		}
	}
	for _, f := range p.c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						add(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) && len(n.Names) == len(n.Values) {
						add(name, n.Values[i])
					}
				}
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					return true
				}
				st, ok := t.Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for _, e := range n.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					if httpwrite.IsNamed(t, pkgHTTPUtil, "ReverseProxy") {
						continue // its ErrorHandler is read with the literal
					}
					for i := range st.NumFields() {
						if fld := st.Field(i); fld.Name() == key.Name && httpwrite.IsNamed(fld.Type(), pkgHTTPUtil, "ReverseProxy") {
							p.sources[fld] = append(p.sources[fld], kv.Value)
						}
					}
				}
			}
			return true
		})
	}
}

// objectOf is the variable or field e names, or nil.
func objectOf(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if s, ok := info.Selections[e]; ok && s.Kind() == types.FieldVal {
			return s.Obj()
		}
	}
	return nil
}

// judge reports call, proxy.ServeHTTP(w, r) in body, when r's body was
// capped before it and the proxy cannot answer 413.
func (p *proxies) judge(body *ast.BlockStmt, call *ast.CallExpr) {
	info := p.c.pass.TypesInfo
	req := requestArg(info, call.Args[1])
	if req == nil {
		return
	}
	limit := capBefore(info, body, req, call.Pos())
	if limit == nil {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	handlers, ok := p.errorHandlers(objectOf(info, sel.X), 0)
	if !ok {
		return
	}
	related := []analysis.RelatedInformation{{Pos: limit.Pos(), End: limit.End(), Message: "caps the body: past the limit its read fails with *http.MaxBytesError"}}
	statuses := []int{}
	if len(handlers) == 0 {
		statuses = append(statuses, 502)
	}
	for _, h := range handlers {
		got, ok := p.handlerStatuses(h)
		if !ok {
			return
		}
		for _, s := range got {
			if !slices.Contains(statuses, s) {
				statuses = append(statuses, s)
			}
		}
		related = append(related, analysis.RelatedInformation{Pos: h.Pos(), End: h.End(), Message: "the proxy's ErrorHandler, which tells no MaxBytesError apart"})
	}
	slices.Sort(statuses)
	what := make([]string, len(statuses))
	for i, s := range statuses {
		what[i] = strconv.Itoa(s)
	}
	by := "its ErrorHandler answers " + strings.Join(what, " or ")
	if len(handlers) == 0 {
		by = "with no ErrorHandler it answers 502"
	}
	p.c.report(call, catBodyLimit, related, nil,
		"hands a MaxBytesReader-capped body to a ReverseProxy; %s to a body over the limit: answer 413", by)
}

// requestArg is the *http.Request variable e names: r, or r.WithContext(ctx)
// and r.Clone(ctx), which keep r's body.
func requestArg(info *types.Info, e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		fn := httpwrite.Callee(info, call)
		if !httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Request", "WithContext") && !httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Request", "Clone") {
			return nil
		}
		e = ast.Unparen(call.Fun).(*ast.SelectorExpr).X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !httpwrite.IsNamed(info.TypeOf(id), httpwrite.PkgHTTP, "Request") {
		return nil
	}
	return info.ObjectOf(id)
}

// capBefore is the http.MaxBytesReader call assigned to req.Body in body
// before pos, when req.Body is neither replaced nor used between them but
// to close it; nil otherwise.
func capBefore(info *types.Info, body *ast.BlockStmt, req types.Object, pos token.Pos) *ast.CallExpr {
	var limit *ast.CallExpr
	used := false // req.Body used since the cap
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isBodyOf(info, as.Lhs[0], req) {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && httpwrite.IsFunc(httpwrite.Callee(info, call), httpwrite.PkgHTTP, "MaxBytesReader") {
				limit, used = call, false
			} else {
				limit = nil
			}
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && limit != nil {
			// Closing the body reads nothing.
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && isBodyOf(info, ast.Unparen(sel.X), req) {
				return false
			}
		}
		if limit != nil && isBodyOf(info, n, req) {
			used = true
		}
		return true
	})
	if used {
		return nil
	}
	return limit
}

// isBodyOf reports whether n is req.Body.
func isBodyOf(info *types.Info, n ast.Node, req types.Object) bool {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && info.ObjectOf(id) == req
}

// errorHandlers are the ErrorHandlers set on the proxy held in obj, when
// every value obj holds is a proxy the package builds (or another such
// variable): those of its literals and those assigned to it. ok is false
// when obj holds anything else.
func (p *proxies) errorHandlers(obj types.Object, depth int) (hs []ast.Expr, ok bool) {
	info := p.c.pass.TypesInfo
	srcs := p.sources[obj]
	if obj == nil || len(srcs) == 0 || depth > 2 {
		return nil, false
	}
	hs = append(hs, p.handlers[obj]...)
	for _, src := range srcs {
		src = ast.Unparen(src)
		if u, ok := src.(*ast.UnaryExpr); ok && u.Op == token.AND {
			src = ast.Unparen(u.X)
		}
		switch s := src.(type) {
		case *ast.CompositeLit:
			if !httpwrite.IsNamed(info.TypeOf(s), pkgHTTPUtil, "ReverseProxy") {
				return nil, false
			}
			for _, e := range s.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "ErrorHandler" {
						hs = append(hs, kv.Value)
					}
				}
			}
		case *ast.CallExpr:
			if !httpwrite.IsFunc(httpwrite.Callee(info, s), pkgHTTPUtil, "NewSingleHostReverseProxy") {
				return nil, false
			}
		case *ast.Ident, *ast.SelectorExpr:
			more, ok := p.errorHandlers(objectOf(info, s), depth+1)
			if !ok {
				return nil, false
			}
			hs = append(hs, more...)
		default:
			return nil, false
		}
	}
	return hs, true
}

// handlerStatuses are the statuses an ErrorHandler answers, when it is a
// function of the package whose every answer has a constant status other
// than 413 and that hands its writer to nothing but those answers and the
// standard library's writers (a test of MaxBytesError that answers 413
// shows as such an answer, or as a status or writer not constant); ok is
// false otherwise.
func (p *proxies) handlerStatuses(h ast.Expr) (statuses []int, ok bool) {
	info := p.c.pass.TypesInfo
	var unit ast.Node
	var ft *ast.FuncType
	switch h := ast.Unparen(h).(type) {
	case *ast.FuncLit:
		unit, ft = h, h.Type
	case *ast.Ident, *ast.SelectorExpr:
		fn, _ := info.ObjectOf(httpwrite.NameOf(h)).(*types.Func)
		if fn == nil || fn.Pkg() != p.c.pass.Pkg {
			return nil, false
		}
		if d := p.c.declOf(fn); d != nil && d.Body != nil {
			unit, ft = d, d.Type
		}
	}
	if unit == nil || ft.Params == nil || len(ft.Params.List) == 0 || len(ft.Params.List[0].Names) == 0 {
		return nil, false
	}
	w := info.Defs[ft.Params.List[0].Names[0]]
	answered := map[ast.Node]bool{}
	for _, a := range p.c.writes[unit] {
		if a.Write.Status == 0 || a.Write.Status == 413 {
			return nil, false
		}
		answered[a.Write.Node] = true
		if !slices.Contains(statuses, a.Write.Status) {
			statuses = append(statuses, a.Write.Status)
		}
	}
	if len(statuses) == 0 {
		return nil, false
	}
	clean := true
	ast.Inspect(httpwrite.Body(unit), func(n ast.Node) bool {
		if n, ok := n.(*ast.CallExpr); ok {
			if answered[n] {
				return true
			}
			// A writer of the standard library (fmt.Fprintf, a JSON
			// encoder) writes what it is given, no status of its own.
			if fn := httpwrite.Callee(info, n); fn != nil && fn.Pkg() != nil && httpwrite.IsStd(fn.Pkg().Path()) && !httpwrite.IsInterfaceMethod(fn) {
				return true
			}
			for _, arg := range n.Args {
				if id, ok := ast.Unparen(arg).(*ast.Ident); ok && w != nil && info.ObjectOf(id) == w {
					clean = false
				}
			}
		}
		return clean
	})
	return statuses, clean
}
