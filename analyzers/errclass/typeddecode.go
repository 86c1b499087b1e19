package errclass

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// typedDecode reports a decode whose target valid JSON can fail to fit:
// json.Unmarshal or Decoder.Decode into a pointer to anything but a
// json.RawMessage or an empty interface, or a framework's binder (which
// also refuses a Content-Type it does not bind). args are the call's, the
// receiver first for a method.
func typedDecode(fn *types.Func, args []ssa.Value) bool {
	if binds, decodes := httpwrite.BindsBody(fn); binds {
		return decodes
	}
	switch {
	case httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Unmarshal") && len(args) == 2,
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Decode") && len(args) == 2:
		return typedTarget(args[1])
	}
	return false
}

// typedTarget reports a decode target (the pointer handed to Unmarshal or
// Decode) that some valid JSON does not fit.
func typedTarget(v ssa.Value) bool {
	for {
		mi, ok := v.(*ssa.MakeInterface)
		if !ok {
			break
		}
		v = mi.X
	}
	p, ok := types.Unalias(v.Type()).(*types.Pointer)
	if !ok {
		return false
	}
	return rejectsJSON(p.Elem(), 0)
}

// rejectsJSON reports a type some valid JSON value does not decode into: a
// struct or a map (an array, a string), a slice (an object), a number or
// a string, a type with its own UnmarshalJSON. A json.RawMessage, an
// interface and a type parameter take every value, or may; so does a
// byte slice with its own UnmarshalJSON (a RawMessage of the package's).
func rejectsJSON(t types.Type, depth int) bool {
	if depth > 3 || httpwrite.IsNamed(t, httpwrite.PkgJSON, "RawMessage") {
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return false
	case *types.Pointer:
		return rejectsJSON(u.Elem(), depth+1)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte && unmarshalsItself(t) {
			return false
		}
		return true
	case *types.Struct, *types.Map, *types.Array, *types.Basic:
		return true
	}
	return false
}

// unmarshalsItself reports a type (or its pointer) with an UnmarshalJSON
// method.
func unmarshalsItself(t types.Type) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(typ)
		for i := range ms.Len() {
			if ms.At(i).Obj().Name() == "UnmarshalJSON" {
				return true
			}
		}
	}
	return false
}

// paramsMember reports bytes that are the params member of a decoded
// message (msg.Params, tagged "params"): what the client sent its method.
func paramsMember(v ssa.Value) bool {
	for {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			break
		}
		v = ct.X
	}
	var f *types.Var
	switch v := v.(type) {
	case *ssa.Field:
		f = fieldOf(v.X.Type(), v.Field, false)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			f = fieldOf(fa.X.Type(), fa.Field, true)
		}
	}
	return f != nil && (f.Name() == "Params" || f.Name() == "params")
}

// typedDecodeParse reports -32700 answered to every failure of a decode
// of the client's bytes into a target valid JSON can fail to fit: JSON of
// the wrong shape ("method": 5, a batch array where one object is
// decoded) is then called a parse error, where the not-jsonrpc and
// bad-batch rows say 400 with -32600. Silent when the bytes were shown to
// be JSON first (json.Valid, a decode into a json.RawMessage or an empty
// interface) or the errors are told apart by kind (*json.SyntaxError,
// *json.UnmarshalTypeError), in the function that answers or the one
// that decodes. Only a decode of the request's own body is judged, and
// not in a function handed only requests the package built itself
// (builtRequestsOnly): bytes a function is handed may have been decoded
// before it. Two readers labelling blind from docs/protocol.md agree on
// this shape (corpus/field/second.tsv) where a single reader weighing
// only the bytes that are not JSON calls it right.
//
// The mirror: -32600 answered to every failure of such a
// decode of the request's own body, with nothing showing the bytes are
// JSON first, calls bytes that are not JSON an invalid request, where the
// not-json row says -32700.
func (c *checker) typedDecodeParse(fn *ssa.Function, body *ast.BlockStmt, a *answers.Answer) bool {
	w := a.Write
	if !w.HasCode || w.Code != httpwrite.CodeParseError && w.Code != httpwrite.CodeInvalidRequest || a.HasSession || w.Implicit {
		return false
	}
	if w.Status != 0 && (w.Status < 400 || w.Status >= 500 || w.Status == 413) || w.Code == httpwrite.CodeInvalidRequest && w.Status != 0 && w.Status != 400 {
		return false
	}
	info := c.pass.TypesInfo
	causes, tooLarge := answerCauses(info, w)
	if tooLarge || len(causes) == 0 || c.sortsSyntax(body) {
		return false
	}
	origins := c.originsOfAll(fn, causes)
	if len(origins) == 0 {
		return false
	}
	if !directly(info, body, causes, w, origins) {
		return false
	}
	var first *ast.CallExpr
	for _, o := range origins {
		if o.kind != decode || !o.typed || o.shape || o.reqBody || !o.pos.IsValid() {
			return false
		}
		decl := c.declAt(o.pos)
		if decl == nil || decl.Body == nil {
			return false
		}
		call := httpwrite.CallAt(decl.Body, o.pos)
		if call == nil || c.shownJSON(decl.Body, call) || c.sortsSyntax(decl.Body) {
			return false
		}
		// -32600 only under a decode of the request's own body: bytes a
		// function is handed may be a member that already decoded
		// (params), which can fail only on its shape.
		// -32700 for the request's own body, or for bytes a function is
		// handed that its every caller read from the body and did not
		// decode first (handedUndecoded): a transport may decode bytes
		// into the same type before handing them on, which leaves the
		// branch to JSON that is not JSON at all.
		if !(decodesRequestBody(c.pass.TypesInfo, decl.Body, call) || w.Code == httpwrite.CodeParseError && c.handedUndecoded(decl, call)) ||
			!c.decodesClientBytes(decl, call) || c.builtRequestsOnly(decl) {
			return false
		}
		if first == nil {
			first = call
		}
	}
	if w.Code == httpwrite.CodeInvalidRequest && c.validatesBodies() {
		return false
	}
	related := []analysis.RelatedInformation{{Pos: first.Pos(), End: first.End(), Message: "decodes into a target valid JSON can fail to fit: " + types.ExprString(first.Fun)}}
	if w.Code == httpwrite.CodeInvalidRequest {
		c.report(w.Node, catTypedDecodeInvalid, related, nil,
			"answers -32600 (Invalid Request) to every failure of a typed decode, also to non-JSON bytes (-32700): test json.Valid first")
		return true
	}
	// Held to the end of the package (reportParseCodes): another rule
	// may judge the same answer's status, which comes first.
	c.parseCodes = append(c.parseCodes, analysis.Diagnostic{Pos: w.Node.Pos(), End: w.Node.End(), Category: catTypedDecode, Related: related,
		Message: "answers -32700 (Parse error) to every failure of a typed decode, also to JSON that does not fit (-32600): test json.Valid first"})
	return false
}

// builtRequestsOnly reports a function handed an *http.Request that
// every caller in the package builds itself (http.NewRequest,
// NewRequestWithContext, httptest.NewRequest) from bytes that are not an
// incoming request's body, or whose Body it sets to such bytes (a clone
// of the client's request given the server's own payload): its body is
// the server's own, which a client cannot make fail to decode. A use
// other than a call (a handler registered on a mux) may hand it anything.
func (c *checker) builtRequestsOnly(decl *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	at := -1
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if httpwrite.IsNamed(params.At(i).Type(), httpwrite.PkgHTTP, "Request") {
			at = i
		}
	}
	sites := c.callsOf(fn)
	if at < 0 || len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if site.call == nil || len(site.call.Args) <= at {
			return false
		}
		id, ok := ast.Unparen(site.call.Args[at]).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return false
		}
		if set := bodySet(info, site.body, v); set != nil {
			if madeOnBody(info, site.body, set, 0) {
				return false
			}
			continue
		}
		built := builtRequest(info, site.body, v)
		if built == nil || len(built.Args) == 0 || madeOnBody(info, site.body, built.Args[len(built.Args)-1], 0) {
			return false
		}
	}
	return true
}

// bodySet is the value the last assignment to v.Body in body gives it
// (a request cloned from the client's, given the server's own bytes).
func bodySet(info *types.Info, body *ast.BlockStmt, v *types.Var) ast.Expr {
	var set ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if isBodyOf(info, ast.Unparen(l), v) {
				set = as.Rhs[i]
			}
		}
		return true
	})
	return set
}

// builtRequest is the call that makes the request v holds in body, when
// its one assignment is http.NewRequest, http.NewRequestWithContext or
// httptest.NewRequest.
func builtRequest(info *types.Info, body *ast.BlockStmt, v *types.Var) *ast.CallExpr {
	call, ok := httpwrite.SoleAssign(info, body, v).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := httpwrite.Callee(info, call)
	if httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "NewRequest") || httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "NewRequestWithContext") ||
		httpwrite.IsFunc(fn, "net/http/httptest", "NewRequest") {
		return call
	}
	return nil
}

// handedUndecoded reports a decode (the call, in decl) of bytes decl is
// handed as a parameter ([]byte, string, json.RawMessage), when decl is
// called in the package and only there, and every call hands it bytes
// read from the request's body and not decoded before (decodedBefore). A
// use as a value, or a caller in another package, may hand it bytes a
// transport decoded into the same type first, or the server's own.
func (c *checker) handedUndecoded(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if !httpwrite.IsFunc(httpwrite.Callee(info, call), httpwrite.PkgJSON, "Unmarshal") || len(call.Args) != 2 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || !paramInput(info, decl, id, 0) {
		return false
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil || httpwrite.Exported(fn) {
		return false
	}
	at := httpwrite.ParamIndex(info, fn.Type().(*types.Signature))(id) - 1
	if at < 0 {
		return false
	}
	sites := c.callsOf(fn)
	for _, site := range sites {
		if site.call == nil || len(site.call.Args) <= at || !madeOnBody(info, site.body, site.call.Args[at], 0) ||
			decodedBefore(info, site.body, site.call) {
			return false
		}
	}
	return len(sites) > 0
}

// decodesClientBytes reports a decode (the call, in decl) of the request's
// body, by a framework's binder, a decoder made on it or bytes read from
// it, or of bytes decl is handed as a parameter ([]byte, string,
// json.RawMessage, a reader) when the package nowhere tests bytes with
// json.Valid nor sorts decode errors by kind (its caller may have).
func (c *checker) decodesClientBytes(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if decodesRequestBody(info, decl.Body, call) {
		return true
	}
	var in ast.Expr
	switch fn := httpwrite.Callee(info, call); {
	case httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Unmarshal") && len(call.Args) == 2:
		in = call.Args[0]
	case httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Decode"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			in = sel.X
		}
	}
	if in == nil || !paramInput(info, decl, in, 0) {
		return false
	}
	if c.pkgSyntaxAware == nil {
		aware := false
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if aware {
					return false
				}
				if call, ok := n.(*ast.CallExpr); ok && httpwrite.IsFunc(httpwrite.Callee(info, call), httpwrite.PkgJSON, "Valid") {
					aware = true
				}
				if id, ok := n.(*ast.Ident); ok && syntaxKind(info, id) {
					aware = true
				}
				return !aware
			})
		}
		c.pkgSyntaxAware = &aware
	}
	return !*c.pkgSyntaxAware
}

// validatesBodies reports a function of the package that tests bytes with
// json.Valid and puts a body back on a request (r.Body =
// io.NopCloser(...)): a middleware that refuses what is not JSON before
// the handler behind it decodes, whose decode then fails only on JSON of
// the wrong shape, rightly -32600.
func (c *checker) validatesBodies() bool {
	info := c.pass.TypesInfo
	for _, n := range httpwrite.Funcs(c.pass.Files) {
		body := httpwrite.Body(n)
		if body == nil {
			continue
		}
		valid, restores := false, false
		ast.Inspect(body, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				valid = valid || httpwrite.IsFunc(httpwrite.Callee(info, x), httpwrite.PkgJSON, "Valid")
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "Body" && httpwrite.IsNamed(info.TypeOf(sel.X), httpwrite.PkgHTTP, "Request") {
						restores = true
					}
				}
			}
			return true
		})
		if valid && restores {
			return true
		}
	}
	return false
}

// paramInput reports an expression that is a parameter of decl, or a
// conversion of one, or a reader or decoder made on one.
func paramInput(info *types.Info, decl *ast.FuncDecl, e ast.Expr, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		for _, f := range decl.Type.Params.List {
			for _, n := range f.Names {
				if info.Defs[n] == v {
					return clientBytesType(v.Type())
				}
			}
		}
		rhs := httpwrite.SoleAssign(info, decl.Body, v)
		return rhs != nil && paramInput(info, decl, rhs, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return paramInput(info, decl, e.Args[0], depth+1)
		}
		fn := httpwrite.Callee(info, e)
		if fn == nil || len(e.Args) != 1 {
			return false
		}
		switch fn.Name() {
		case "NewDecoder", "NewReader", "NopCloser", "NewBuffer", "NewBufferString":
			return paramInput(info, decl, e.Args[0], depth+1)
		}
	}
	return false
}

// clientBytesType reports the types a message arrives as: bytes, a
// string, a reader.
func clientBytesType(t types.Type) bool {
	if httpwrite.IsNamed(t, "io", "Reader") || httpwrite.IsNamed(t, "io", "ReadCloser") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

// shownJSON reports a function body that shows its bytes are JSON before
// the typed decode call: a json.Valid call anywhere in it, or a decode
// into a json.RawMessage or an empty interface before call.
func (c *checker) shownJSON(body *ast.BlockStmt, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		k, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := httpwrite.Callee(info, k)
		switch {
		case httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Valid"):
			found = true
		case k.Pos() < call.Pos() && len(k.Args) > 0 &&
			(httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Unmarshal") || httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Decode")) &&
			anyJSONFits(info.TypeOf(k.Args[len(k.Args)-1])):
			found = true
		}
		return !found
	})
	return found
}

// sortsSyntax reports a function body that names *json.SyntaxError,
// *json.UnmarshalTypeError or *json.InvalidUnmarshalError (errors.As, a
// type switch): it tells a decode's failures apart by kind.
func (c *checker) sortsSyntax(body *ast.BlockStmt) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && syntaxKind(info, id) {
			found = true
		}
		return !found
	})
	return found
}

// syntaxKind reports a use of one of encoding/json's error types.
func syntaxKind(info *types.Info, id *ast.Ident) bool {
	tn, ok := info.Uses[id].(*types.TypeName)
	if !ok || tn.Pkg() == nil || tn.Pkg().Path() != httpwrite.PkgJSON {
		return false
	}
	switch tn.Name() {
	case "SyntaxError", "UnmarshalTypeError", "InvalidUnmarshalError":
		return true
	}
	return false
}

// maxBytes413 reports 413 answered to every failed read of a body capped
// with http.MaxBytesReader, in a function that never tells
// *http.MaxBytesError apart (unchecked): a client that broke off or sent
// broken chunking is then told its body was too large, where the
// body-unreadable row says 400. Only with -errclass.strict.
func (c *checker) maxBytes413(w *httpwrite.Write, origins []origin, unchecked bool) bool {
	if !strict || !unchecked || w.Status != 413 || len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.kind != read || !o.body {
			return false
		}
	}
	c.report(w.Node, catBodyLimit, origins[0].related("fails for a body cut off too, not only over the limit: "+origins[0].name), nil,
		"answers 413 to every failed read of the capped body, also to one the client broke off (400): tell *http.MaxBytesError apart")
	return true
}

// paramsCode reports a code other than -32602 (or -32600, -32700)
// answered to every failure of a decode of the client's params (a
// json.RawMessage member named params of the decoded message): those
// bytes are JSON the method cannot take, Invalid params, not the
// server's or an upstream's failure.
func (c *checker) paramsCode(fn *ssa.Function, body *ast.BlockStmt, a *answers.Answer) bool {
	w := a.Write
	if !w.HasCode || a.HasSession {
		return false
	}
	switch w.Code {
	case 0, httpwrite.CodeInvalidParams, httpwrite.CodeInvalidRequest, httpwrite.CodeParseError:
		return false
	}
	info := c.pass.TypesInfo
	causes, _ := answerCauses(info, w)
	origins := c.originsOfAll(fn, causes)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.kind != decode || !o.shape || !o.params {
			return false
		}
	}
	if !directly(info, body, causes, w, origins) {
		return false
	}
	c.report(w.Node, catParamsCode, origins[0].related("decodes the client's params: "+origins[0].name), nil,
		"answers %d when the client's params do not decode into what the method takes: answer -32602 (Invalid params)", w.Code)
	return true
}

// answerCauses are the errors the answer w reports: its own causes, else
// those of the if guarding it (tooLarge: that if tests for a body over
// the limit). None when a test around the answer picked one kind of error
// out (kindPicked): the answer is about that kind, not every error.
func answerCauses(info *types.Info, w *httpwrite.Write) (causes []ast.Expr, tooLarge bool) {
	if len(w.Causes) == 0 {
		return guard(info, w.Stack)
	}
	if kindPicked(info, w.Stack) {
		return nil, false
	}
	return w.Causes, false
}

// originsOfAll are the origins of every error of causes.
func (c *checker) originsOfAll(fn *ssa.Function, causes []ast.Expr) []origin {
	var origins []origin
	for _, e := range causes {
		origins = append(origins, c.originsOf(fn, e)...)
	}
	return origins
}

// directly reports that every error the answer w is about is assigned, last
// before it in body, straight from the call one of origins is (if err :=
// json.Unmarshal(...); err != nil): the decode is the one thing that
// failed. An error handed up by a function that also makes errors of its
// own, which the tracer cannot place (a validator's fmt.Errorf beside its
// decode), may be any of them.
func directly(info *types.Info, body *ast.BlockStmt, causes []ast.Expr, w *httpwrite.Write, origins []origin) bool {
	if len(causes) == 0 {
		return false
	}
	for _, e := range causes {
		e = ast.Unparen(e)
		// err.Error() in the message names err.
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
				e = ast.Unparen(sel.X)
			}
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return false
		}
		f, ok := lastErrAssign(info, body, v, w.Node.Pos())
		if !ok {
			return false
		}
		at := false
		for _, o := range origins {
			if o.pos == f.call.Pos() || o.pos == f.call.Lparen {
				at = true
			}
		}
		if !at {
			return false
		}
	}
	return true
}
