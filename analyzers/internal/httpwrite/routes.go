package httpwrite

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Route is a router's registration of a handler for one HTTP method (or
// for any, Method "") at a path.
type Route struct {
	Call   *ast.CallExpr
	Method string // upper case
	Path   string // without a method prefix
	// Router is the variable or field the registration is called on, or
	// nil.
	Router types.Object
	// Handler is the last argument; Extra the middleware before it.
	Handler ast.Expr
	Extra   []ast.Expr
}

// routeMethods maps the registration methods of chi, gin, echo and fiber
// (r.Delete, r.DELETE, app.Get) to the HTTP method they register for.
var routeMethods = map[string]string{
	"Get": "GET", "GET": "GET", "Post": "POST", "POST": "POST",
	"Delete": "DELETE", "DELETE": "DELETE", "Put": "PUT", "PUT": "PUT",
	"Patch": "PATCH", "PATCH": "PATCH", "Head": "HEAD", "HEAD": "HEAD",
	"Options": "OPTIONS", "OPTIONS": "OPTIONS",
	"HandleFunc": "", "Handle": "",
}

// Routes returns the package's registrations outside test files, and, per
// router, the middleware given to its Use. A registration is a method
// call named for an HTTP method (or net/http's HandleFunc and Handle,
// whose pattern may start with one: "DELETE /mcp") given a constant path
// starting with "/" and, last, a function or an http.Handler.
func Routes(pass *analysis.Pass) (routes []Route, uses map[types.Object][]ast.Expr) {
	info := pass.TypesInfo
	uses = map[types.Object][]ast.Expr{}
	for _, f := range pass.Files {
		if InTest(pass, f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			router := routerObject(info, sel.X)
			if sel.Sel.Name == "Use" {
				if router != nil {
					uses[router] = append(uses[router], call.Args...)
				}
				return true
			}
			if r, ok := RouteOf(info, call); ok {
				r.Router = router
				routes = append(routes, r)
			}
			return true
		})
	}
	return routes, uses
}

// RouteOf reads call as a registration (see Routes), without its Router.
func RouteOf(info *types.Info, call *ast.CallExpr) (Route, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) < 2 {
		return Route{}, false
	}
	method, ok := routeMethods[sel.Sel.Name]
	if !ok {
		return Route{}, false
	}
	path, ok := StringConst(info, call.Args[0])
	if !ok {
		return Route{}, false
	}
	if i := strings.IndexByte(path, ' '); i > 0 && (sel.Sel.Name == "HandleFunc" || sel.Sel.Name == "Handle") {
		method, path = strings.ToUpper(path[:i]), strings.TrimSpace(path[i+1:])
	}
	last := len(call.Args) - 1
	if !strings.HasPrefix(path, "/") || !handlerValue(info.TypeOf(call.Args[last])) {
		return Route{}, false
	}
	return Route{Call: call, Method: method, Path: path, Handler: call.Args[last], Extra: call.Args[1:last]}, true
}

// routerObject is the variable or field a registration is called on.
func routerObject(info *types.Info, x ast.Expr) types.Object {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return info.Uses[x]
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	}
	return nil
}

// handlerValue reports a function or a value with a ServeHTTP method.
func handlerValue(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Signature); ok {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "ServeHTTP")
	return obj != nil
}
