package httpwrite

import (
	"go/ast"
	"go/build"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the packages whose functions and types mean something here.
const (
	PkgHTTP       = "net/http"
	PkgJSON       = "encoding/json"
	PkgIO         = "io"
	PkgErrors     = "errors"
	PkgSDKMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
	PkgSDKRPC     = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	PkgSDKRPC2    = "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"
	PkgProtocol   = "github.com/mcpwire/mcpwire/runtime/protocol"
	PkgStreamable = "github.com/mcpwire/mcpwire/runtime/streamable"
)

// MCPSDK reports a package of an MCP implementation that servers build
// on: go-sdk, mcp-go, mcp-golang, go-mcp, this repository's runtime.
func MCPSDK(path string) bool {
	for _, p := range []string{
		"github.com/modelcontextprotocol/go-sdk/",
		"github.com/mark3labs/mcp-go/",
		"github.com/mcpwire/mcpwire/runtime/",
		"github.com/metoro-io/mcp-golang/",
		"github.com/ThinkInAIXYZ/go-mcp/",
	} {
		if strings.HasPrefix(path+"/", p) {
			return true
		}
	}
	return false
}

// JSON-RPC codes the checks reason about.
const (
	CodeParseError      = -32700
	CodeInvalidRequest  = -32600
	CodeMethodNotFound  = -32601
	CodeInvalidParams   = -32602
	CodeInternalError   = -32603
	CodeSessionNotFound = -32001
)

// Callee returns the function or method call invokes, static or through an
// interface, or nil for calls of function values, conversions and builtins.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsFunc reports whether fn is the package-level function path.name.
func IsFunc(fn *types.Func, path, name string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != path {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() == nil
}

// IsMethod reports whether fn is the method name of the type path.typ (or a
// pointer to it).
func IsMethod(fn *types.Func, path, typ, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	return IsNamed(sig.Recv().Type(), path, typ)
}

// IsNamed reports whether t (or what it points to) is the named type
// path.name.
func IsNamed(t types.Type, path, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == path && obj.Name() == name
}

// IntConst returns the integer constant value of e, however it is spelled:
// a literal, a named constant of any package, or a constant expression.
func IntConst(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// NameOf is the identifier that names what e refers to: e itself, or the
// selected name of x.Name (a package's member, a field); nil otherwise.
func NameOf(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// StringConst returns the string constant value of e, or the MCP header
// name a package-level variable e names holds (see LearnHeaderVars).
func StringConst(info *types.Info, e ast.Expr) (string, bool) {
	// A name is read through Uses, keyed by the identifier itself: the
	// rules ask this of nearly every identifier they walk, and Types,
	// keyed by an interface, costs more per lookup.
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	if id != nil {
		switch o := info.Uses[id].(type) {
		case *types.Const:
			if o.Val().Kind() != constant.String {
				return "", false
			}
			return constant.StringVal(o.Val()), true
		case *types.Var:
			return headerVar(info, e)
		case nil:
			// Not a use (a field's key in a literal, say): as before.
		default:
			return "", false
		}
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return headerVar(info, e)
	}
	return constant.StringVal(tv.Value), true
}

// IsErrorType reports whether t is the error interface.
func IsErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsRequestBody reports whether e is r.Body for an *http.Request r.
func IsRequestBody(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" {
		return false
	}
	return IsNamed(info.TypeOf(sel.X), PkgHTTP, "Request")
}

// FormatsOnly reports a function of fmt, log or log/slog: it formats or
// records its arguments and keeps none of them.
func FormatsOnly(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "log", "log/slog":
		return true
	}
	return false
}

// IsSessionHeader reports whether e is a constant naming the Mcp-Session-Id
// header, in any case (header lookups are case-insensitive).
func IsSessionHeader(info *types.Info, e ast.Expr) bool {
	if lit, ok := e.(*ast.BasicLit); ok && len(lit.Value) != len(`"Mcp-Session-Id"`) {
		// A literal of another length (the common case, and a cheap
		// one to rule out: the rules ask this of every literal).
		return false
	}
	s, ok := StringConst(info, e)
	return ok && strings.EqualFold(s, "Mcp-Session-Id")
}

// Imports reports whether pkg imports any of paths directly.
func Imports(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// IsStd reports whether path is a standard-library package: its first
// element has no dot and GOROOT holds it. (Fixture and GOPATH packages have
// dotless paths too, so the dot alone does not decide.)
func IsStd(path string) bool {
	if v, ok := stdCache.Load(path); ok {
		return v.(bool)
	}
	first, _, _ := strings.Cut(path, "/")
	std := !strings.Contains(first, ".")
	if std {
		fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
		std = err == nil && fi.IsDir()
	}
	stdCache.Store(path, std)
	return std
}

var stdCache sync.Map

// ConstEdit replaces e, a constant expression, with another constant:
// spelled pkg.Name when e is a selector of a package that has that name
// (http.StatusBadRequest stays in net/http's spelling, jsonrpc.CodeX in
// go-sdk's), else as literal. qualifiedName is "anypkg.Name" or "". It
// returns nil when e is nil or not a constant.
func ConstEdit(info *types.Info, e ast.Expr, literal, qualifiedName string) *analysis.TextEdit {
	if e == nil {
		return nil
	}
	e = ast.Unparen(e)
	if _, ok := IntConst(info, e); !ok {
		return nil
	}
	text := literal
	if sel, ok := e.(*ast.SelectorExpr); ok && qualifiedName != "" {
		if id, ok := sel.X.(*ast.Ident); ok {
			_, name, _ := strings.Cut(qualifiedName, ".")
			if pn, isPkg := info.Uses[id].(*types.PkgName); isPkg && pn.Imported().Scope().Lookup(name) != nil {
				text = id.Name + "." + name
			}
		}
	}
	return &analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(text)}
}

// DirectFacts reports whether the analyzer has a fact about an object of a
// package pass imports directly: only those functions can be called by
// name, so only then can a package without net/http still call a sink or
// a traced function.
func DirectFacts(pass *analysis.Pass) bool {
	facts := pass.AllObjectFacts()
	if len(facts) == 0 {
		return false
	}
	direct := map[*types.Package]bool{}
	for _, p := range pass.Pkg.Imports() {
		direct[p] = true
	}
	for _, f := range facts {
		if direct[f.Object.Pkg()] {
			return true
		}
	}
	return false
}

// Term is one part of a branch condition whose value the branch knows.
type Term struct {
	E     ast.Expr
	Truth bool // the value E has when the branch runs
}

// Terms splits the condition of an if into the terms whose value a branch
// knows: the conjuncts of the then branch (all true there), the disjuncts
// of the else branch (all false there), each with a leading ! moved into
// Truth.
func Terms(e ast.Expr, then bool) []Term {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok {
		if (then && b.Op == token.LAND) || (!then && b.Op == token.LOR) {
			return append(Terms(b.X, then), Terms(b.Y, then)...)
		}
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		// !(a || b) holds both negations; !!ok is ok.
		return Terms(u.X, !then)
	}
	return []Term{{e, then}}
}

// EnclosingIfs yields, innermost first, each if statement around the last
// node of stack whose then or else branch holds it, and whether it is the
// then branch. An if whose condition or init holds the node is skipped.
func EnclosingIfs(stack []ast.Node) iter.Seq2[*ast.IfStmt, bool] {
	return func(yield func(*ast.IfStmt, bool) bool) {
		for i := len(stack) - 2; i >= 0; i-- {
			ifs, ok := stack[i].(*ast.IfStmt)
			if !ok {
				continue
			}
			inThen := stack[i+1] == ifs.Body
			inElse := ifs.Else != nil && stack[i+1] == ifs.Else
			if (inThen || inElse) && !yield(ifs, inThen) {
				return
			}
		}
	}
}

// CaseTerms yields the terms each tagless switch around the last node of
// stack knows when the node runs: every expression of an earlier case is
// false there (a case runs only when those before it did not match), and
// a case of one expression holds it true. A switch whose case expressions
// hold the node, or a switch with a tag, yields nothing.
func CaseTerms(stack []ast.Node) iter.Seq[Term] {
	return func(yield func(Term) bool) {
		for i := len(stack) - 3; i >= 0; i-- {
			sw, ok := stack[i].(*ast.SwitchStmt)
			if !ok || sw.Tag != nil || stack[i+1] != sw.Body {
				continue
			}
			cc, ok := stack[i+2].(*ast.CaseClause)
			if !ok || len(stack) <= i+3 || !bodyHolds(cc, stack[i+3]) {
				continue
			}
			var terms []Term
			for _, st := range sw.Body.List {
				if st == cc {
					break
				}
				for _, e := range st.(*ast.CaseClause).List {
					terms = append(terms, Terms(e, false)...)
				}
			}
			if len(cc.List) == 1 {
				terms = append(terms, Terms(cc.List[0], true)...)
			}
			for _, t := range terms {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// bodyHolds is that n is one of the statements of cc's body, not one of
// its expressions.
func bodyHolds(cc *ast.CaseClause, n ast.Node) bool {
	for _, st := range cc.Body {
		if st == n {
			return true
		}
	}
	return false
}

// EarlierIfs yields the if statements that run before the last node of
// stack on its way: those of each enclosing block or case clause that come
// before the statement holding it. A rule reads them for a guard that
// returns before the answer (if id == "" { ...; return }).
func EarlierIfs(stack []ast.Node) iter.Seq[*ast.IfStmt] {
	return func(yield func(*ast.IfStmt) bool) {
		for i := len(stack) - 2; i >= 0; i-- {
			var list []ast.Stmt
			switch n := stack[i].(type) {
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			default:
				continue
			}
			for _, st := range list {
				if st == stack[i+1] {
					break
				}
				if ifs, ok := st.(*ast.IfStmt); ok && !yield(ifs) {
					return
				}
			}
		}
	}
}

// Funcs returns the function declarations and literals of files, in source
// order. The analyzers walk files themselves rather than require the
// inspect pass: they have facts, so whatever they require runs on every
// dependency, standard library included, before their bail-out can skip it.
func Funcs(files []*ast.File) []ast.Node {
	var out []ast.Node
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				out = append(out, n)
			}
			return true
		})
	}
	return out
}

// Body is the body of a function declaration or literal from Funcs (nil
// for a declaration without one).
func Body(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Body
	case *ast.FuncLit:
		return n.Body
	}
	return nil
}

// FuncType is the type of a function declaration or literal from Funcs.
func FuncType(n ast.Node) *ast.FuncType {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Type
	case *ast.FuncLit:
		return n.Type
	}
	return nil
}

// InTest reports whether n is in a _test.go file. Tests build wrong answers
// on purpose (a fake server that answers 400, an expected error object
// without a code) and are not judged.
func InTest(pass *analysis.Pass, n ast.Node) bool {
	f := pass.Fset.File(n.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// CallAt is the call in body that starts at pos or whose parenthesis is
// at pos (where SSA places a call), or nil.
func CallAt(body *ast.BlockStmt, pos token.Pos) *ast.CallExpr {
	if body == nil || !pos.IsValid() {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && (c.Pos() == pos || c.Lparen == pos) {
			found = c
		}
		return true
	})
	return found
}

// IsEmptyTest reports whether e is v == "" or len(v) == 0.
func IsEmptyTest(info *types.Info, e ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" {
			x = ast.Unparen(call.Args[0])
		}
	}
	id, ok := x.(*ast.Ident)
	if !ok || info.Uses[id] != v {
		return false
	}
	tv, ok := info.Types[y]
	return ok && tv.Value != nil && (tv.Value.String() == `""` || tv.Value.String() == "0")
}

// revisionRE is the shape of an MCP protocol revision: a date.
var revisionRE = regexp.MustCompile(`^20[0-9]{2}-[01][0-9]-[0-3][0-9]$`)

// IsRevision reports a string constant naming an MCP protocol revision
// ("2025-06-18").
func IsRevision(v constant.Value) bool {
	return v != nil && v.Kind() == constant.String && revisionRE.MatchString(constant.StringVal(v))
}

// StringsKept returns the value a call of package strings carries on into
// the string it returns (the first argument of strings.TrimSpace(v),
// strings.ToLower(v), strings.TrimPrefix(v, p)), or nil: a header read
// through one is still that header.
func StringsKept(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || len(call.Args) == 0 {
		return nil
	}
	if b, ok := info.TypeOf(call).(*types.Basic); !ok || b.Kind() != types.String {
		return nil
	}
	return call.Args[0]
}

// IsInterfaceMethod reports a method declared by an interface (or a type
// parameter's constraint): its calls are dynamic, whatever package declares
// it.
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// MCPPath reports a route that names MCP's endpoint or the 2024-11-05
// transport's: its last segment, past placeholders ({id}, :id, *), is mcp,
// message(s) or sse, after a method prefix ("POST /mcp") if any.
func MCPPath(p string) bool {
	if i := strings.LastIndexByte(p, ' '); i >= 0 {
		p = p[i+1:]
	}
	segs := strings.Split(strings.ToLower(p), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		seg := segs[i]
		if seg == "" || strings.HasPrefix(seg, "{") || strings.HasPrefix(seg, ":") || strings.HasPrefix(seg, "*") {
			continue
		}
		switch seg {
		case "mcp", "message", "messages", "sse":
			return true
		}
		return false
	}
	return false
}

// Mentions reports whether n refers to obj.
func Mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// TestSupport reports whether path names a package of test support (a
// fake server, a mock, a test utility, an example): its servers answer
// what tests want.
func TestSupport(path string) bool {
	for _, seg := range strings.Split(path, "/") {
		s := strings.ToLower(seg)
		if strings.Contains(s, "test") || strings.Contains(s, "mock") || strings.Contains(s, "fake") || s == "examples" || s == "example" {
			return true
		}
	}
	return false
}

// PathInModule is the package's import path after its module's path: the
// part its authors chose for the package, which names test support
// (TestSupport) apart from a module named for mocks. The whole path when
// the driver gives no module.
func PathInModule(pass *analysis.Pass) string {
	p := pass.Pkg.Path()
	if m := pass.Module; m != nil && m.Path != "" {
		if rest, ok := strings.CutPrefix(p, m.Path); ok && (rest == "" || rest[0] == '/') {
			return rest
		}
	}
	return p
}
