package httpwrite

import (
	"go/ast"
	"go/types"
	"strings"
)

// A helper that writes a body to the ResponseWriter it is given and never
// sets a status answers with HTTP 200, the status net/http sends for a body
// written first. Its Sink says so with Implicit (Status stays 0, so checks
// that judge explicit statuses are unchanged); errclass reads it as 200.

// implicitSink summarises fn, declared by decl, which writes no status
// (ws holds no WriteHeader, http.Error, framework writer or helper call):
// it is a sink when its body unconditionally writes to a ResponseWriter
// parameter. Its code is the code of the one error object it builds, or
// the parameter that object (or a constructor) takes it from.
func implicitSink(info *types.Info, fn *types.Func, decl *ast.FuncDecl, ws []*Write, fallbacks map[ast.Node]bool) *Sink {
	sig := fn.Type().(*types.Signature)
	rw := map[types.Object]bool{}
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); IsResponseWriter(p.Type()) {
			rw[p] = true
		}
	}
	// Cheap tests first: this runs for every function that writes no
	// status, most of which write nothing at all.
	if len(rw) == 0 && !beegoController(sig) || SetsStatus(info, decl.Body, fallbacks) {
		return nil
	}
	writes := false
	for _, st := range decl.Body.List {
		if len(rw) > 0 && bodyWriteTo(info, st, func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && rw[info.Uses[id]]
		}) || servesJSON(info, st) {
			writes = true
			break
		}
	}
	if !writes {
		return nil
	}
	s := &Sink{Implicit: true}
	param := ParamIndex(info, sig)
	var objs []*Write
	for _, w := range ws {
		if w.Kind == ErrorObject && innermostBlock(w.Stack) == decl.Body {
			objs = append(objs, w)
		}
	}
	if len(objs) == 0 {
		// An error object handed to a constructor of the response
		// (build(id, nil, &rpcErr{Code: code})): a literal of a type
		// with "code" and "message" members.
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				if o := objectArgWrite(info, lit); o != nil {
					objs = append(objs, o)
					return false
				}
			}
			_, isLit := n.(*ast.FuncLit)
			return !isLit
		})
	}
	if len(objs) == 1 {
		o := objs[0]
		switch {
		case o.CodeExpr != nil && param(o.CodeExpr) > 0:
			s.CodeArg = param(o.CodeExpr)
		case o.HasCode:
			s.Code, s.HasCode = o.Code, true
		}
		for i := 0; o.objParam != nil && i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == o.objParam {
				s.ObjectArg = i + 1
			}
		}
	}
	if s.CodeArg == 0 && !s.HasCode && len(objs) == 0 {
		s.CodeArg = ctorCodeParam(info, decl, sig)
	}
	if s.CodeArg == 0 && !s.HasCode && s.ObjectArg == 0 {
		// An error object handed in whole (send(w, &rpcErr{Code: ...})).
		for i := 0; i < sig.Params().Len(); i++ {
			t := sig.Params().At(i).Type()
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			if structHas(t, "code") && structHas(t, "message") || envelopeType(t) {
				s.ObjectArg = i + 1
				break
			}
		}
	}
	return s
}

// objectArgWrite is the error object a literal handed to a sink's object
// parameter builds: the parameter's type vouches that it is one, so no
// envelope around it is needed.
func objectArgWrite(info *types.Info, lit *ast.CompositeLit) *Write {
	t := info.TypeOf(lit)
	if t == nil || !structHas(t, "code") || !structHas(t, "message") {
		return nil
	}
	members := jsonMembers(info, lit, t)
	w := &Write{Kind: ErrorObject, Node: lit, HasCode: true}
	if code := members["code"]; code != nil {
		w.CodeExpr = code
		w.Code, w.HasCode = IntConst(info, code)
	}
	if msg := members["message"]; msg != nil {
		w.Causes = ErrorsIn(info, msg)
	}
	return w
}

// ParamIndex returns a function giving the 1-based index of the parameter
// of sig an expression names, or 0.
func ParamIndex(info *types.Info, sig *types.Signature) func(ast.Expr) int {
	return func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0
		}
		obj := info.Uses[id]
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == obj {
				return i + 1
			}
		}
		return 0
	}
}

// ctorCodeParam is the parameter of the helper declared by decl that it
// hands, as the code, to a constructor of a JSON-RPC error object of the
// code's own (jsonrpc.ErrorResponse(id, code, msg, data)): an integer
// parameter passed to a function of a non-standard package whose name says
// "Error" and which returns what it builds. 0 when there is none.
func ctorCodeParam(info *types.Info, decl *ast.FuncDecl, sig *types.Signature) int {
	param := ParamIndex(info, sig)
	found := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found != 0 {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			// b.Error.Code, b.Error.Message = code, msg
			for j, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || !strings.EqualFold(sel.Sel.Name, "code") {
					continue
				}
				if t, ok := info.TypeOf(as.Rhs[j]).Underlying().(*types.Basic); ok && t.Info()&types.IsInteger != 0 {
					if i := param(as.Rhs[j]); i > 0 {
						found = i
						return false
					}
				}
			}
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := Callee(info, call)
		if fn == nil || fn.Pkg() == nil || IsStd(fn.Pkg().Path()) ||
			!strings.Contains(strings.ToLower(fn.Name()), "error") ||
			fn.Type().(*types.Signature).Results().Len() == 0 {
			return true
		}
		csig := fn.Type().(*types.Signature)
		for j, a := range call.Args {
			// The callee's own parameter must be an integer: an int
			// handed to a variadic ...any is a message argument.
			if j >= csig.Params().Len() || csig.Variadic() && j >= csig.Params().Len()-1 {
				break
			}
			b, ok := csig.Params().At(j).Type().Underlying().(*types.Basic)
			if ok && b.Info()&types.IsInteger != 0 {
				if i := param(a); i > 0 {
					found = i
					return false
				}
			}
		}
		return true
	})
	return found
}

// IsResponseWriter reports whether t is http.ResponseWriter, or a type
// that has its three methods (a wrapper the code defines).
func IsResponseWriter(t types.Type) bool {
	if t == nil {
		return false
	}
	if IsNamed(t, PkgHTTP, "ResponseWriter") {
		return true
	}
	if !mayHaveMethods(t) {
		return false
	}
	// Three lookups, not the method set: a whole method set for every
	// parameter of every function costs a tenth of mcpvet's analysis.
	for _, name := range []string{"WriteHeader", "Write", "Header"} {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		if _, ok := obj.(*types.Func); !ok {
			return false
		}
	}
	return true
}

// mayHaveMethods reports whether t can have methods at all: a named type
// (or a pointer to one), an interface, or a struct that embeds a field.
func mayHaveMethods(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named, *types.Interface, *types.TypeParam:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Embedded() {
				return true
			}
		}
	}
	return false
}

// Beego's controllers answer through their own context: c.Data["json"] =
// v; c.ServeJSON() writes v with the status set by c.Ctx.Output.SetStatus,
// 200 when none is.
var beegoPkgs = map[string]bool{
	"github.com/beego/beego/v2/server/web": true,
	"github.com/astaxie/beego":             true,
}

// beegoController reports a method of a type that embeds a beego
// controller (it can answer through c.ServeJSON).
func beegoController(sig *types.Signature) bool {
	if sig.Recv() == nil {
		return false
	}
	return embedsBeego(sig.Recv().Type(), 3)
}

// embedsBeego reports a struct that embeds a beego type, at most depth
// embeddings deep.
func embedsBeego(t types.Type, depth int) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth == 0 {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		ft := f.Type()
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		if n, ok := types.Unalias(ft).(*types.Named); ok && n.Obj().Pkg() != nil && beegoPkgs[n.Obj().Pkg().Path()] {
			return true
		}
		if embedsBeego(ft, depth-1) {
			return true
		}
	}
	return false
}

// servesJSON reports whether the statement n calls a beego controller's
// ServeJSON.
func servesJSON(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			fn := Callee(info, call)
			if fn != nil && fn.Pkg() != nil && beegoPkgs[fn.Pkg().Path()] && (fn.Name() == "ServeJSON" || fn.Name() == "ServeJSONP") {
				found = true
			}
		}
		return !found
	})
	return found
}

// SetsStatus reports whether body, or a function literal in it, calls
// WriteHeader, http.Error, http.NotFound, http.Redirect or beego's status
// calls, other than the calls in except (a fallback for a failed encoding
// of the body): then the status is not the implicit 200.
func SetsStatus(info *types.Info, body ast.Node, except map[ast.Node]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || except[n] {
			return !found
		}
		fn := Callee(info, call)
		if fn != nil && (fn.Name() == "WriteHeader" && isWriteHeaderSig(fn) || IsFunc(fn, PkgHTTP, "Error") || IsFunc(fn, PkgHTTP, "NotFound") || IsFunc(fn, PkgHTTP, "Redirect") ||
			fn.Pkg() != nil && beegoPkgs[fn.Pkg().Path()] && (fn.Name() == "SetStatus" || strings.HasSuffix(fn.Name(), "Abort"))) {
			found = true
		}
		return !found
	})
	return found
}

// bodyWriteTo reports whether the statement n writes a body to a writer
// isW accepts: json.NewEncoder(w).Encode(v), w.Write(b), fmt.Fprint*(w,
// ...), io.WriteString(w, s).
func bodyWriteTo(info *types.Info, n ast.Node, isW func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if BodyWriteTarget(info, call) != nil && isW(BodyWriteTarget(info, call)) {
			found = true
		}
		return !found
	})
	return found
}

// WritesBody reports whether the statement n writes a body to an
// http.ResponseWriter (or a wrapper with its methods) outside any
// function literal.
func WritesBody(info *types.Info, n ast.Node) bool {
	return bodyWriteTo(info, n, func(e ast.Expr) bool { return IsResponseWriter(info.TypeOf(e)) })
}

// BodyWriteTarget returns the writer call writes a body to, when call is
// json.NewEncoder(w).Encode(v), w.Write(b) on a ResponseWriter,
// fmt.Fprint*(w, ...) or io.WriteString(w, s); else nil.
func BodyWriteTarget(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	switch {
	case fn.Name() == "Encode" && fn.Pkg().Path() == "encoding/json":
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok || len(inner.Args) != 1 || !IsFunc(Callee(info, inner), "encoding/json", "NewEncoder") {
			return nil
		}
		return inner.Args[0]
	case fn.Name() == "Write" && len(call.Args) == 1:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if ok && IsResponseWriter(info.TypeOf(sel.X)) {
			return sel.X
		}
	case fn.Pkg().Path() == "fmt" && strings.HasPrefix(fn.Name(), "Fprint") && len(call.Args) >= 1,
		IsFunc(fn, "io", "WriteString") && len(call.Args) == 2:
		return call.Args[0]
	}
	return nil
}

// dropImplicit drops the calls of implicit-200 helpers from a function's
// answers when it has others: a helper that sets the status and then has
// another helper encode the body is summarised by its status, as before.
func dropImplicit(answers []*Write) []*Write {
	var explicit []*Write
	for _, w := range answers {
		if !(w.Kind == Helper && w.Implicit && w.Status == 0) {
			explicit = append(explicit, w)
		}
	}
	if len(explicit) > 0 {
		return explicit
	}
	return answers
}
