package httpwrite

import (
	"go/ast"
	"go/types"
	"net/http"
	"strings"
)

// Web frameworks answer through their context type rather than an
// http.ResponseWriter. They are recognised by import path and name, like
// go-sdk; the analyzers never import them.
const (
	PkgGin    = "github.com/gin-gonic/gin"
	PkgEcho   = "github.com/labstack/echo/v4"
	PkgEchoV5 = "github.com/labstack/echo/v5"
	PkgFiber  = "github.com/gofiber/fiber/v2"
	PkgFiber3 = "github.com/gofiber/fiber/v3"
)

// FrameworkPkgs are the framework packages whose importers can answer HTTP
// without importing net/http themselves.
var FrameworkPkgs = []string{PkgGin, PkgEcho, PkgEchoV5, PkgFiber, PkgFiber3}

// frameworkWriters are, per framework context type, the methods that write
// a status, and the (0-based) argument that gives it. Each writes the status
// itself: fiber's JSON does not (c.Status(400).JSON(...) is the answer's
// status), echo's return an error the caller passes on.
var frameworkWriters = map[[2]string]map[string]int{
	{PkgGin, "Context"}: {
		"JSON": 0, "IndentedJSON": 0, "PureJSON": 0, "SecureJSON": 0, "AsciiJSON": 0,
		"String": 0, "Data": 0, "Status": 0,
		"AbortWithStatus": 0, "AbortWithStatusJSON": 0, "AbortWithError": 0,
	},
	{PkgEcho, "Context"}:   {"JSON": 0, "JSONPretty": 0, "JSONBlob": 0, "String": 0, "Blob": 0, "NoContent": 0},
	{PkgEchoV5, "Context"}: {"JSON": 0, "JSONPretty": 0, "JSONBlob": 0, "String": 0, "Blob": 0, "NoContent": 0},
	{PkgFiber, "Ctx"}:      {"Status": 0, "SendStatus": 0},
	{PkgFiber3, "Ctx"}:     {"Status": 0, "SendStatus": 0},
}

// frameworkBodies are, per framework context type, the methods that write
// a body with whatever status was set before, 200 when none was: fiber's
// c.JSON(v), unless chained on c.Status(n).
var frameworkBodies = map[[2]string]map[string]bool{
	{PkgFiber, "Ctx"}:  {"JSON": true, "Send": true, "SendString": true, "Write": true},
	{PkgFiber3, "Ctx"}: {"JSON": true, "Send": true, "SendString": true, "Write": true},
}

// FrameworkBody reports whether call writes a body through a framework's
// context without a status of its own, and not chained on a call that
// sets one: the status is whatever an earlier call set, else 200.
func FrameworkBody(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !frameworkBodies[[2]string{fn.Pkg().Path(), recvName(sig.Recv().Type())}][fn.Name()] {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	_, chained := ast.Unparen(sel.X).(*ast.CallExpr)
	return !chained
}

// frameworkErrors are the frameworks' error constructors that carry a
// status for the framework's error handler to answer with:
// echo.NewHTTPError(status, ...), fiber.NewError(status, ...).
var frameworkErrors = map[[2]string]bool{
	{PkgEcho, "NewHTTPError"}:   true,
	{PkgEchoV5, "NewHTTPError"}: true,
	{PkgFiber, "NewError"}:      true,
	{PkgFiber3, "NewError"}:     true,
}

// frameworkWrite recognises an answer written through a framework's
// context, or a framework error carrying a status.
func frameworkWrite(info *types.Info, fn *types.Func, call *ast.CallExpr) *Write {
	pkg := fn.Pkg()
	if pkg == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		if frameworkErrors[[2]string{pkg.Path(), fn.Name()}] && len(call.Args) >= 1 {
			w := &Write{Kind: Constructor, Node: call, StatusExpr: call.Args[0], Status: statusOf(info, call.Args[0])}
			for _, a := range call.Args[1:] {
				w.Causes = append(w.Causes, ErrorsIn(info, a)...)
			}
			return w
		}
		return nil
	}
	typ := recvName(sig.Recv().Type())
	i, ok := frameworkWriters[[2]string{pkg.Path(), typ}][fn.Name()]
	if !ok || i >= len(call.Args) {
		return nil
	}
	w := &Write{Kind: Framework, Node: call, StatusExpr: call.Args[i], Status: statusOf(info, call.Args[i])}
	for j, a := range call.Args {
		if j != i {
			w.Causes = append(w.Causes, ErrorsIn(info, a)...)
		}
	}
	return w
}

// FrameworkStatus returns the status call writes through a framework's
// context (gin's c.JSON(400, v), fiber's c.Status(400), echo's
// c.NoContent(400)) or carries in a framework error (echo.NewHTTPError,
// fiber.NewError): the constant, or 0 when it is not one; ok is false for
// any other call.
func FrameworkStatus(info *types.Info, call *ast.CallExpr) (status int, ok bool) {
	fn := Callee(info, call)
	if fn == nil {
		return 0, false
	}
	w := frameworkWrite(info, fn, call)
	if w == nil {
		return 0, false
	}
	return w.Status, true
}

// recvName is the name of the (possibly pointer) named receiver type t.
func recvName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// IsFrameworkHeader reports whether call reads the Mcp-Session-Id request
// header through a framework accessor: gin's c.GetHeader(k), fiber's
// c.Get(k).
func IsFrameworkHeader(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil || len(call.Args) < 1 {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	switch path, typ := fn.Pkg().Path(), recvName(sig.Recv().Type()); {
	case path == PkgGin && typ == "Context" && fn.Name() == "GetHeader",
		(path == PkgFiber || path == PkgFiber3) && typ == "Ctx" && fn.Name() == "Get":
		return IsSessionHeader(info, call.Args[0])
	}
	return false
}

// CtorStatus recognises an error constructor a package defines that takes
// the status its error answers with: NewAPIError(http.StatusUnauthorized,
// "..."), newHTTPError(401, msg). The function's name starts with New and
// ends with Error or Err, it returns something that is an error, and the
// argument is a constant status (400-599) given to an integer parameter
// named for a status or code, or spelled as a net/http Status constant. It
// returns the argument's index, or -1.
func CtorStatus(info *types.Info, fn *types.Func, call *ast.CallExpr) int {
	name := strings.ToLower(fn.Name())
	if !strings.HasPrefix(name, "new") || !(strings.HasSuffix(name, "error") || strings.HasSuffix(name, "err")) {
		return -1
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || !types.Implements(sig.Results().At(0).Type(), errorIface) && !types.Implements(types.NewPointer(sig.Results().At(0).Type()), errorIface) {
		return -1
	}
	for i, a := range call.Args {
		if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			break
		}
		p := sig.Params().At(i)
		b, ok := p.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			continue
		}
		s := statusOf(info, a)
		if s < 400 || s > 599 {
			continue
		}
		pn := strings.ToLower(p.Name())
		if strings.Contains(pn, "status") || strings.Contains(pn, "code") || isHTTPStatusConst(info, a) {
			return i
		}
	}
	return -1
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isHTTPStatusConst reports whether e is net/http's StatusX constant.
func isHTTPStatusConst(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	c, ok := info.Uses[sel.Sel].(*types.Const)
	return ok && c.Pkg() != nil && c.Pkg().Path() == PkgHTTP && strings.HasPrefix(c.Name(), "Status")
}

// frameworkBinders are, per framework context type, the methods that read
// the request's body and decode it into a value (true), or only read it
// (false). Their errors are the client's bytes failing to decode, or the
// body failing to be read, as json.Unmarshal's and io.ReadAll's are.
var frameworkBinders = map[[2]string]map[string]bool{
	{PkgGin, "Context"}: {
		"Bind": true, "BindJSON": true, "ShouldBind": true, "ShouldBindJSON": true,
		"ShouldBindWith": true, "ShouldBindBodyWith": true, "ShouldBindBodyWithJSON": true,
		"GetRawData": false,
	},
	{PkgEcho, "Context"}:   {"Bind": true},
	{PkgEchoV5, "Context"}: {"Bind": true},
	{PkgFiber, "Ctx"}:      {"BodyParser": true},
}

// BindsBody reports a framework context method that reads the request's
// body, and whether it also decodes it: gin's ShouldBindJSON, echo's Bind,
// fiber's BodyParser (decode); gin's GetRawData (read only).
func BindsBody(fn *types.Func) (binds, decodes bool) {
	if fn == nil || fn.Pkg() == nil {
		return false, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false, false
	}
	d, ok := frameworkBinders[[2]string{fn.Pkg().Path(), recvName(sig.Recv().Type())}][fn.Name()]
	return ok, d
}

// IsFrameworkContext reports whether t is the context a framework hands
// its handlers to answer through: gin's *Context, echo's Context, fiber's
// *Ctx.
func IsFrameworkContext(t types.Type) bool {
	for k := range frameworkWriters {
		if IsNamed(t, k[0], k[1]) {
			return true
		}
	}
	return false
}

// frameworkErrorVar recognises a framework's predefined error carrying a
// status, returned as the answer: fiber.ErrUnauthorized, echo.ErrNotFound.
// The name after Err is the status's text without spaces.
func frameworkErrorVar(info *types.Info, e ast.Expr) *Write {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !strings.HasPrefix(v.Name(), "Err") {
		return nil
	}
	switch v.Pkg().Path() {
	case PkgEcho, PkgEchoV5, PkgFiber, PkgFiber3:
	default:
		return nil
	}
	name := strings.TrimPrefix(v.Name(), "Err")
	for s := 400; s <= 599; s++ {
		if t := http.StatusText(s); t != "" && strings.ReplaceAll(strings.ReplaceAll(t, " ", ""), "-", "") == name {
			return &Write{Kind: Constructor, Node: sel, Status: s}
		}
	}
	return nil
}

// RequestHeaderRead reports a read of a request header by a constant name:
// r.Header.Get(k), r.Header.Values(k), gin's c.GetHeader(k), echo's
// c.Request().Header.Get(k), fiber's c.Get(k).
func RequestHeaderRead(info *types.Info, call *ast.CallExpr) (string, bool) {
	fn := Callee(info, call)
	if fn == nil || len(call.Args) < 1 {
		return "", false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return "", false
	}
	name, isConst := StringConst(info, call.Args[0])
	if !isConst {
		return "", false
	}
	switch {
	case IsMethod(fn, PkgHTTP, "Header", "Get"), IsMethod(fn, PkgHTTP, "Header", "Values"):
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || NotRequestHeader(info, sel.X) {
			return "", false
		}
		return name, true
	case (fn.Name() == "GetHeader" || fn.Name() == "Get") && IsFrameworkContext(sig.Recv().Type()):
		return name, true
	}
	return "", false
}
