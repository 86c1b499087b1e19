package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Kind says where an answer was found.
type Kind int

const (
	HTTPError   Kind = iota + 1 // http.Error(w, msg, status)
	WriteHeader                 // w.WriteHeader(status)
	Constructor                 // a protocol.* constructor or protocol.Error literal
	ErrorObject                 // a jsonrpc.Error literal or a JSON error object: a code only
	Helper                      // a call of a function with a Sink
	Framework                   // a framework context's writer: gin's c.JSON(status, obj), echo's c.NoContent(status)
)

// Write is one answer: a status, a code, or both, and the errors it is about.
type Write struct {
	Kind Kind
	Node ast.Node // the call or composite literal
	// Status is the HTTP status when it is a constant, else 0. StatusExpr is
	// the expression that gives it, when there is one in this function.
	Status     int
	StatusExpr ast.Expr
	// Code is the JSON-RPC code when HasCode; CodeExpr gives it (nil when an
	// error object omits its code, which makes it 0).
	Code     int64
	HasCode  bool
	CodeExpr ast.Expr
	// CodeNode is the error object that carries the code, when it is not
	// Node itself (a WriteHeader paired with a later error object).
	CodeNode ast.Node
	// Causes are the error-typed expressions the answer reports: the
	// argument of err.Error() in a message, the cause of protocol.ParseError.
	Causes []ast.Expr
	// Stack is the path from the function body down to Node.
	Stack []ast.Node
	// Implicit: a helper call that writes a body and never a status, so
	// the answer is HTTP 200 unless the caller set one (Status stays 0).
	Implicit bool
	// Carries: a Constructor built by a function with a Carries summary
	// (a constructor of the package's own, or another's by a fact).
	Carries bool
	// objParam is, for an ErrorObject that is a parameter, that parameter.
	objParam *types.Var
}

// SinkOf returns the summary of a function, or nil; analyzers back it with
// their facts.
type SinkOf func(*types.Func) *Sink

// Collect returns the answers written in body, a function's body, without
// looking into function literals (each is a function of its own). A status
// without a code (WriteHeader) is paired with an error object in the same
// block, so `w.WriteHeader(400); json.NewEncoder(w).Encode(obj)` is one
// answer.
func Collect(info *types.Info, body *ast.BlockStmt, sinkOf SinkOf) []*Write {
	if body == nil {
		return nil
	}
	var out []*Write
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		var w *Write
		switch n := n.(type) {
		case *ast.CallExpr:
			w = callWrite(info, n, sinkOf)
		case *ast.CompositeLit:
			w = literalWrite(info, n, stack)
		case *ast.Ident:
			w = paramObject(info, n)
		case *ast.SelectorExpr:
			// return fiber.ErrUnauthorized
			if len(stack) >= 2 {
				if _, ret := stack[len(stack)-2].(*ast.ReturnStmt); ret {
					w = frameworkErrorVar(info, n)
				}
			}
		}
		if w != nil {
			w.Stack = append([]ast.Node(nil), stack...)
			out = append(out, w)
		}
		return true
	})
	return pair(out)
}

// pair merges each status-only answer with the first code-only error object
// in the same block, and drops the merged objects.
func pair(ws []*Write) []*Write {
	used := map[*Write]bool{}
	for _, w := range ws {
		if w.HasCode || (w.Kind != WriteHeader && w.Kind != Helper && w.Kind != Framework) {
			continue
		}
		blk := innermostBlock(w.Stack)
		for _, o := range ws {
			if o.Kind != ErrorObject || used[o] || innermostBlock(o.Stack) != blk {
				continue
			}
			used[o] = true
			w.Code, w.HasCode, w.CodeExpr, w.CodeNode = o.Code, o.HasCode, o.CodeExpr, o.Node
			w.objParam = o.objParam
			w.Causes = append(w.Causes, o.Causes...)
			break
		}
	}
	var out []*Write
	for _, w := range ws {
		if !used[w] {
			out = append(out, w)
		}
	}
	return out
}

// innermostBlock is the innermost statement list holding the last node of
// stack: a block, or a case or select clause.
func innermostBlock(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return stack[i]
		}
	}
	return nil
}

func callWrite(info *types.Info, call *ast.CallExpr, sinkOf SinkOf) *Write {
	fn := Callee(info, call)
	if fn == nil {
		return nil
	}
	switch {
	case IsFunc(fn, PkgHTTP, "Error") && len(call.Args) == 3:
		w := &Write{Kind: HTTPError, Node: call, StatusExpr: call.Args[2]}
		w.Status = statusOf(info, call.Args[2])
		w.Causes = ErrorsIn(info, call.Args[1])
		return w
	case IsFunc(fn, PkgHTTP, "NotFound") && len(call.Args) == 2:
		// http.NotFound(w, r): http.Error's 404.
		return &Write{Kind: HTTPError, Node: call, Status: 404}
	case fn.Name() == "WriteHeader" && isWriteHeaderSig(fn) && len(call.Args) == 1:
		return &Write{Kind: WriteHeader, Node: call, StatusExpr: call.Args[0], Status: statusOf(info, call.Args[0])}
	case fn.Pkg() != nil && fn.Pkg().Path() == PkgProtocol:
		return protocolCall(info, fn, call)
	}
	if w := frameworkWrite(info, fn, call); w != nil {
		return w
	}
	var s *Sink
	if sinkOf != nil {
		s = sinkOf(fn)
	}
	if s != nil && s.Carries {
		// An error carrying its status, built by a constructor of the
		// package's or another's (httperr.ParseError(msg)): returned, it
		// is the answer.
		w := &Write{Kind: Constructor, Carries: true, Node: call, Status: s.Status, Code: s.Code, HasCode: s.HasCode}
		arg := func(i int) ast.Expr {
			if i >= 1 && i <= len(call.Args) {
				return call.Args[i-1]
			}
			return nil
		}
		if e := arg(s.StatusArg); e != nil {
			w.StatusExpr, w.Status = e, statusOf(info, e)
		}
		if e := arg(s.CodeArg); e != nil {
			w.CodeExpr = e
			w.Code, w.HasCode = IntConst(info, e)
		}
		for i, a := range call.Args {
			if i+1 != s.StatusArg && i+1 != s.CodeArg {
				w.Causes = append(w.Causes, ErrorsIn(info, a)...)
			}
		}
		return w
	}
	if s != nil && s.Builds {
		if s.HasCode {
			// An error object a constructor builds with its own code
			// (sessionRequired(), parseErr(msg)): like a literal one, it
			// is paired with a status written beside it.
			w := &Write{Kind: ErrorObject, Node: call, Code: s.Code, HasCode: true}
			for _, a := range call.Args {
				w.Causes = append(w.Causes, ErrorsIn(info, a)...)
			}
			return w
		}
		if i := s.CodeArg; i > 0 && i <= len(call.Args) {
			// A constructor given its code as a constant
			// (errorReply(id, -32700, msg)): the object it builds.
			if v, ok := IntConst(info, call.Args[i-1]); ok {
				w := &Write{Kind: ErrorObject, Node: call, Code: v, HasCode: true, CodeExpr: call.Args[i-1]}
				for j, a := range call.Args {
					if j != i-1 {
						w.Causes = append(w.Causes, ErrorsIn(info, a)...)
					}
				}
				return w
			}
		}
		s = nil
	}
	if s == nil {
		// Not a helper that writes: an error value a constructor
		// builds, or nothing.
		if w := codeCtor(info, fn, call); w != nil {
			return w
		}
		if i := CtorStatus(info, fn, call); i >= 0 {
			w := &Write{Kind: Constructor, Node: call, StatusExpr: call.Args[i], Status: statusOf(info, call.Args[i])}
			for j, a := range call.Args {
				if j != i {
					w.Causes = append(w.Causes, ErrorsIn(info, a)...)
				}
			}
			return w
		}
		return nil
	}
	w := &Write{Kind: Helper, Node: call, Status: s.Status, Code: s.Code, HasCode: s.HasCode, Implicit: s.Implicit}
	arg := func(i int) ast.Expr {
		if i >= 1 && i <= len(call.Args) {
			return call.Args[i-1]
		}
		return nil
	}
	if e := arg(s.StatusArg); e != nil {
		w.StatusExpr, w.Status = e, statusOf(info, e)
	}
	if s.Keyed != "" {
		n, field, table := parseKeyed(s.Keyed)
		if e := arg(n); e != nil {
			if k, ok := keyAt(info, e, field, sinkOf); ok {
				w.Status = statusByKey(table, k)
			}
		}
	}
	if e := arg(s.CodeArg); e != nil {
		w.CodeExpr = e
		w.Code, w.HasCode = IntConst(info, e)
	}
	if e := arg(s.ObjectArg); e != nil {
		if code, codeExpr, ok := envelopeCode(info, e, sinkOf); ok {
			// A response built whole: Response{JSONRPC: "2.0", Error:
			// &RPCError{...}}, or by a constructor of one.
			w.Code, w.HasCode, w.CodeExpr = code, true, codeExpr
			if codeExpr != nil {
				w.Code, w.HasCode = IntConst(info, codeExpr)
			}
		} else if lit := objectLiteral(e); lit != nil {
			o := literalWrite(info, lit, nil)
			if o == nil {
				o = objectArgWrite(info, lit)
			}
			if o != nil && o.Kind == ErrorObject {
				w.Code, w.HasCode, w.CodeExpr, w.CodeNode = o.Code, o.HasCode, o.CodeExpr, lit
				w.Causes = append(w.Causes, o.Causes...)
			}
		}
	}
	if s.CodeArg == 0 && s.ObjectArg == 0 && !s.HasCode {
		// A writer of any value (writeJSON(w, v any)) handed a JSON-RPC
		// error response, a literal or what a constructor builds
		// (writeJSON(w, errorReply(id, -32700, msg))): the code is that
		// response's.
		for _, a := range call.Args {
			if code, codeExpr, ok := envelopeCode(info, a, sinkOf); ok {
				w.Code, w.HasCode, w.CodeExpr = code, true, codeExpr
				if codeExpr != nil {
					w.Code, w.HasCode = IntConst(info, codeExpr)
				}
				break
			}
		}
	}
	if e := arg(s.ErrArg); e != nil {
		w.Causes = append(w.Causes, e)
	} else {
		// A message built from an error names the error the answer is about.
		for _, a := range call.Args {
			w.Causes = append(w.Causes, ErrorsIn(info, a)...)
		}
	}
	return w
}

func objectLiteral(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

func isWriteHeaderSig(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int
}

// statusOf is e's value when e is a constant HTTP status, else 0.
func statusOf(info *types.Info, e ast.Expr) int {
	v, ok := IntConst(info, e)
	if !ok || v < 100 || v > 999 {
		return 0
	}
	return int(v)
}

// protocolCtors is the status and code each protocol constructor answers,
// and which argument (1-based) is the cause. TestProtocolTable checks it
// against the runtime package itself (the analyzers never import it).
var protocolCtors = map[string]struct {
	status int
	code   int64
	cause  int
}{
	"SessionNotFound":      {404, -32001, 0},
	"SessionForbidden":     {403, -32000, 0},
	"Forbidden":            {403, -32000, 0},
	"MethodNotAllowed":     {405, -32000, 0},
	"NotAcceptable":        {406, -32000, 0},
	"UnsupportedMediaType": {415, -32000, 0},
	"BodyTooLarge":         {413, -32000, 0},
	"BadRequest":           {400, -32000, 0},
	"ParseError":           {400, CodeParseError, 1},
	"InvalidRequest":       {400, CodeInvalidRequest, 0},
	"Conflict":             {409, -32000, 0},
	"UnsupportedVersion":   {400, -32000, 0},
	"Unavailable":          {503, -32000, 0},
	"Internal":             {500, CodeInternalError, 1},
	// The 2026-07-28 refusals.
	"HeaderMismatch":             {400, -32020, 0},
	"InvalidParams":              {400, -32602, 0},
	"UnsupportedProtocolVersion": {400, -32022, 0},
}

func protocolCall(info *types.Info, fn *types.Func, call *ast.CallExpr) *Write {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		return nil
	}
	if fn.Name() == "NewError" && len(call.Args) >= 2 {
		w := &Write{Kind: Constructor, Node: call, StatusExpr: call.Args[0], Status: statusOf(info, call.Args[0]), CodeExpr: call.Args[1]}
		w.Code, w.HasCode = IntConst(info, call.Args[1])
		for _, a := range call.Args[2:] {
			w.Causes = append(w.Causes, ErrorsIn(info, a)...)
		}
		return w
	}
	c, ok := protocolCtors[fn.Name()]
	if !ok {
		return nil
	}
	w := &Write{Kind: Constructor, Node: call, Status: c.status, Code: c.code, HasCode: true}
	if c.cause > 0 && c.cause <= len(call.Args) {
		w.Causes = []ast.Expr{call.Args[c.cause-1]}
	}
	return w
}

// literalWrite recognises error objects and protocol.Error literals.
func literalWrite(info *types.Info, lit *ast.CompositeLit, stack []ast.Node) *Write {
	t := info.TypeOf(lit)
	if t == nil {
		return nil
	}
	switch {
	case IsNamed(t, PkgProtocol, "Error"):
		w := &Write{Kind: Constructor, Node: lit}
		for _, kv := range keyed(lit) {
			switch kv.key {
			case "Status":
				w.StatusExpr, w.Status = kv.value, statusOf(info, kv.value)
			case "Code":
				w.CodeExpr = kv.value
				w.Code, w.HasCode = IntConst(info, kv.value)
			case "Cause":
				w.Causes = append(w.Causes, kv.value)
			}
		}
		return w
	case IsNamed(t, PkgSDKRPC2, "WireError"):
		// A missing Code is code 0, which is itself a finding.
		w := &Write{Kind: ErrorObject, Node: lit, HasCode: true}
		for _, kv := range keyed(lit) {
			switch kv.key {
			case "Code":
				w.CodeExpr = kv.value
				w.Code, w.HasCode = IntConst(info, kv.value)
			case "Message":
				w.Causes = append(w.Causes, ErrorsIn(info, kv.value)...)
			}
		}
		return w
	}
	if w := statusErrorLiteral(info, lit, t); w != nil {
		return w
	}
	return jsonObject(info, lit, t, stack)
}

// jsonObject recognises a JSON-RPC error object written by hand: a map or
// struct literal with a "code" and a "message" member, nested as the "error"
// member of a literal that has a "jsonrpc" member. The nesting keeps
// unrelated {code, message} payloads out.
func jsonObject(info *types.Info, lit *ast.CompositeLit, t types.Type, stack []ast.Node) *Write {
	members := jsonMembers(info, lit, t)
	code, hasCode := members["code"]
	if _, ok := members["message"]; !ok {
		return nil
	}
	if !hasCode {
		if _, isStruct := t.Underlying().(*types.Struct); !isStruct || !structHas(t, "code") {
			return nil
		}
	}
	if !insideEnvelope(info, stack) && !rpcErrorType(t) {
		return nil
	}
	w := &Write{Kind: ErrorObject, Node: lit, HasCode: true}
	if code != nil {
		w.CodeExpr = code
		w.Code, w.HasCode = IntConst(info, code)
	}
	if msg := members["message"]; msg != nil {
		w.Causes = ErrorsIn(info, msg)
	}
	return w
}

// rpcErrorType reports a named struct type whose name says it is a
// JSON-RPC error (RPCError, JSONRPCError, JsonRpcErr): with a code and a
// message member, such a literal is an error object wherever it is built,
// also handed to a constructor of the envelope (NewErrorResponse(id,
// &RPCError{Code: code, Message: msg})). A type named for errors alone
// (APIError{Code: 404}) may carry an HTTP status: only the nesting tells.
func rpcErrorType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return false
	}
	name := strings.ToLower(n.Obj().Name())
	return strings.Contains(name, "rpc") && strings.Contains(name, "err")
}

// insideEnvelope reports whether the literal ending stack sits (possibly
// behind & ) as a member of a literal that has a "jsonrpc" member.
func insideEnvelope(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0 && i >= len(stack)-5; i-- {
		if lit, ok := stack[i].(*ast.CompositeLit); ok {
			t := info.TypeOf(lit)
			if t == nil {
				return false
			}
			_, ok := jsonMembers(info, lit, t)["jsonrpc"]
			if !ok {
				ok = structHas(t, "jsonrpc")
			}
			return ok
		}
	}
	return boundIntoEnvelope(info, stack)
}

// boundIntoEnvelope reports whether the literal ending stack (behind & at
// most) is the value of a local variable (errObj := &RPCError{...}) that
// the function sets as a member of a literal with a "jsonrpc" member
// (Response{JSONRPC: "2.0", Error: errObj}) or assigns to a field of a
// value of such a type (resp.Error = errObj): the error object built
// apart, then enveloped.
func boundIntoEnvelope(info *types.Info, stack []ast.Node) bool {
	i := len(stack) - 2
	if i >= 0 {
		if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i--
		}
	}
	if i < 1 {
		return false
	}
	value := stack[i+1]
	var v *types.Var
	bind := func(lhs ast.Expr) {
		if id, ok := lhs.(*ast.Ident); ok {
			v, _ = info.ObjectOf(id).(*types.Var)
		}
	}
	switch st := stack[i].(type) {
	case *ast.AssignStmt:
		for j, r := range st.Rhs {
			if r == value && j < len(st.Lhs) && len(st.Lhs) == len(st.Rhs) {
				bind(st.Lhs[j])
			}
		}
	case *ast.ValueSpec:
		for j, r := range st.Values {
			if r == value && j < len(st.Names) && len(st.Names) == len(st.Values) {
				bind(st.Names[j])
			}
		}
	}
	body, ok := stack[0].(*ast.BlockStmt)
	if v == nil || !ok {
		return false
	}
	refers := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	envelope := func(t types.Type) bool {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		return structHas(t, "jsonrpc")
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				return true
			}
			members := jsonMembers(info, n, t)
			if _, ok := members["jsonrpc"]; !ok && !envelope(t) {
				return true
			}
			for _, m := range members {
				if refers(m) {
					found = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for j, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && refers(n.Rhs[j]) && envelope(info.TypeOf(sel.X)) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

type keyValue struct {
	key   string
	value ast.Expr
}

// keyed returns the members of a keyed struct literal by field name.
func keyed(lit *ast.CompositeLit) []keyValue {
	var out []keyValue
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			out = append(out, keyValue{id.Name, kv.Value})
		}
	}
	return out
}

// jsonMembers maps the JSON member names a map or keyed struct literal sets
// to their values.
func jsonMembers(info *types.Info, lit *ast.CompositeLit, t types.Type) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			return out
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if k, ok := StringConst(info, kv.Key); ok {
					out[k] = kv.Value
				}
			}
		}
	case *types.Struct:
		names := map[string]string{}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			names[f.Name()] = jsonName(f.Name(), u.Tag(i))
		}
		for _, kv := range keyed(lit) {
			if n, ok := names[kv.key]; ok {
				out[n] = kv.value
			}
		}
		// RPCError{-32001, "Session not found"}: unkeyed, in field order.
		if len(lit.Elts) == u.NumFields() && len(keyed(lit)) == 0 {
			for i, e := range lit.Elts {
				out[jsonName(u.Field(i).Name(), u.Tag(i))] = e
			}
		}
	}
	return out
}

// JSONTagName is the JSON name a struct tag gives its field, "" when the
// tag names none.
func JSONTagName(tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name
}

func structHas(t types.Type, member string) bool {
	u, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < u.NumFields(); i++ {
		if jsonName(u.Field(i).Name(), u.Tag(i)) == member {
			return true
		}
	}
	return false
}

func jsonName(field, tag string) string {
	name := JSONTagName(tag)
	if name == "" {
		return strings.ToLower(field)
	}
	return name
}

// paramObject recognises a use of a parameter whose type is go-sdk's
// *jsonrpc.Error: a helper that writes an error object it was given.
func paramObject(info *types.Info, id *ast.Ident) *Write {
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || !IsNamed(v.Type(), PkgSDKRPC2, "WireError") {
		return nil
	}
	return &Write{Kind: ErrorObject, Node: id, objParam: v}
}

// ErrorsIn returns the error-typed expressions inside e that a message is
// made of: err in err.Error(), fmt.Sprintf("...%v", err), or e itself.
func ErrorsIn(info *types.Info, e ast.Expr) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case ast.Expr:
			if IsErrorType(info.TypeOf(n)) {
				if _, isCall := n.(*ast.CallExpr); !isCall || !isErrorCall(info, n.(*ast.CallExpr)) {
					out = append(out, n)
					return false
				}
			}
		}
		return true
	})
	return out
}

// isErrorCall reports a call whose result is an error built from its
// arguments (fmt.Errorf, errors.New): look inside it instead.
func isErrorCall(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	return IsFunc(fn, "fmt", "Errorf") || IsFunc(fn, PkgErrors, "New") || IsFunc(fn, PkgErrors, "Join")
}

// StatusText renders a status for a message, "400" or "status 400".
func StatusText(s int) string { return strconv.Itoa(s) }

// CollectFuncs returns the package's functions (Funcs) and, for each
// function outside test files that writes answers, those answers, given
// the package's summary (its declarations' answers come from there). Test
// files are skipped because tests build wrong answers on purpose.
func CollectFuncs(pass *analysis.Pass, sum *Summary) (funcs []ast.Node, writes map[ast.Node][]*Write) {
	funcs = Funcs(pass.Files)
	writes = map[ast.Node][]*Write{}
	for _, n := range funcs {
		if InTest(pass, n) {
			continue
		}
		var ws []*Write
		if fd, ok := n.(*ast.FuncDecl); ok {
			ws = sum.Writes(fd)
		} else {
			ws = Collect(pass.TypesInfo, Body(n), sum.sinkOf)
		}
		ws = append(ws, returnedStatuses(pass.TypesInfo, n)...)
		ws = Assigned(pass.TypesInfo, Body(n), ws)
		if len(ws) > 0 {
			writes[n] = ws
		}
	}
	return funcs, writes
}

// codeCtor recognises a JSON-RPC error object built by a constructor of
// the code's own (protocol.NewJSONRPCErrorResponse(id, protocol.InternalError,
// msg), newRPCError(-32600, msg)): a function whose name has "Error" in it,
// given a constant in the range JSON-RPC reserves for its codes
// (-32768..-32000). Like a literal error object, it is paired with a
// WriteHeader in the same block.
func codeCtor(info *types.Info, fn *types.Func, call *ast.CallExpr) *Write {
	// newRPCError(code, msg), rpcErr(id, code, msg), jsonErr(...)
	if !strings.Contains(strings.ToLower(fn.Name()), "err") {
		return nil
	}
	// A constructor returns what it builds; a function that returns
	// nothing writes (or logs) instead.
	if fn.Type().(*types.Signature).Results().Len() == 0 {
		return nil
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t == nil {
			continue
		} else if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			continue
		}
		if v, ok := IntConst(info, a); ok && v >= -32768 && v <= -32000 {
			w := &Write{Kind: ErrorObject, Node: call, Code: v, HasCode: true, CodeExpr: a}
			for _, b := range call.Args {
				if b != a {
					w.Causes = append(w.Causes, ErrorsIn(info, b)...)
				}
			}
			return w
		}
	}
	return nil
}

// JSONFieldName is the JSON member name of field f of struct type t (or of
// what t points to), or "" when f is not one of its fields.
func JSONFieldName(t types.Type, f *types.Var) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	u, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < u.NumFields(); i++ {
		if u.Field(i) == f {
			return jsonName(f.Name(), u.Tag(i))
		}
	}
	return ""
}

// JSONMember reports whether struct type t has a field whose JSON name is
// member.
func JSONMember(t types.Type, member string) bool {
	return structHas(t, member)
}

// LiteralCode is the constant "code" member of an error object literal (a
// struct with "code" and "message" members).
func LiteralCode(info *types.Info, lit *ast.CompositeLit) (int64, bool) {
	t := info.TypeOf(lit)
	if !IsErrorObjectType(t) {
		return 0, false
	}
	code := jsonMembers(info, lit, t)["code"]
	if code == nil {
		return 0, false
	}
	return IntConst(info, code)
}
