package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A JSON-RPC response built whole and handed to a writer
// (write(w, rpcErr(id, -32700, "parse error")), with rpcErr returning
// Response{JSONRPC: "2.0", ID: id, Error: &RPCError{Code: code, ...}}):
// the writer encodes its parameter, and the code is in the error member of
// what it is given.

// envelopeType reports a struct type (or a pointer to one) with "jsonrpc"
// and "error" members: a JSON-RPC response.
func envelopeType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return structHas(t, "jsonrpc") && structHas(t, "error")
}

// errorMember is the error object literal an envelope literal holds in its
// "error" member, or nil.
func errorMember(info *types.Info, lit *ast.CompositeLit) *ast.CompositeLit {
	t := info.TypeOf(lit)
	if t == nil || !envelopeType(t) {
		return nil
	}
	return objectLiteral(jsonMembers(info, lit, t)["error"])
}

// envelopeCode is the code of the error a response handed to a writer
// carries: the code member of the error member of a literal, or what a
// constructor with a Builds summary puts there (a constant, then codeExpr
// is nil, or the argument it takes it from).
func envelopeCode(info *types.Info, e ast.Expr, sinkOf SinkOf) (code int64, codeExpr ast.Expr, ok bool) {
	if lit := objectLiteral(e); lit != nil {
		obj := errorMember(info, lit)
		if obj == nil {
			return 0, nil, false
		}
		t := info.TypeOf(obj)
		c := jsonMembers(info, obj, t)["code"]
		if c == nil {
			return 0, nil, false
		}
		return 0, c, true
	}
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall || sinkOf == nil {
		return 0, nil, false
	}
	fn := Callee(info, call)
	if fn == nil {
		return 0, nil, false
	}
	s := sinkOf(fn)
	if s == nil || !s.Builds || !envelopeType(fn.Type().(*types.Signature).Results().At(0).Type()) {
		return 0, nil, false
	}
	switch {
	case s.CodeArg > 0 && s.CodeArg <= len(call.Args):
		return 0, call.Args[s.CodeArg-1], true
	case s.HasCode:
		return s.Code, nil, true
	}
	return 0, nil, false
}

// buildsEnvelope summarises a constructor of a JSON-RPC error response: a
// function that writes nothing and returns, on every return, an envelope
// literal whose error member is an object literal with its code one
// constant, or one parameter; or what such a constructor returns, called
// in the return or held in a variable returned (r := build(id, code, m);
// return &r), its code the wrapper's constant or parameter.
func buildsEnvelope(info *types.Info, fn *types.Func, decl *ast.FuncDecl, sinkOf SinkOf) *Sink {
	sig := fn.Type().(*types.Signature)
	if decl.Body == nil {
		return nil
	}
	marshals := false
	if sig.Results().Len() != 1 || !envelopeType(sig.Results().At(0).Type()) {
		if !bytesResults(sig) {
			return nil
		}
		marshals = true
	}
	param := ParamIndex(info, sig)
	s := &Sink{Builds: true}
	n, ok := 0, true
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var c ast.Expr
			var fixed *int64 // the code of a constructor that has its own
			if marshals {
				lit := marshalledEnvelope(info, decl.Body, x)
				if lit == nil {
					ok = false
					return false
				}
				if obj := errorMember(info, lit); obj != nil {
					c = jsonMembers(info, obj, info.TypeOf(obj))["code"]
				}
			} else if len(x.Results) == 1 {
				if lit := objectLiteral(x.Results[0]); lit != nil {
					if obj := errorMember(info, lit); obj != nil {
						c = jsonMembers(info, obj, info.TypeOf(obj))["code"]
					}
				} else if call := builtBy(info, decl.Body, x.Results[0]); call != nil {
					if v, e, built := envelopeCode(info, call, sinkOf); built && e != nil {
						c = e
					} else if built {
						fixed = &v
					}
				}
			}
			if fixed != nil && s.CodeArg == 0 && (n == 0 || *fixed == s.Code) {
				s.Code, s.HasCode = *fixed, true
				n++
				return true
			}
			if c == nil {
				ok = false
				return false
			}
			if k := param(c); k > 0 && (n == 0 || s.CodeArg == k) {
				s.CodeArg = k
			} else if v, isConst := IntConst(info, c); isConst && s.CodeArg == 0 && (n == 0 || v == s.Code) {
				s.Code, s.HasCode = v, true
			} else {
				ok = false
				return false
			}
			n++
		}
		return ok
	})
	if !ok || n == 0 {
		return nil
	}
	return s
}

// bytesResults reports a signature whose results are the bytes of an
// encoded value ([]byte or json.RawMessage), alone or with an error: what
// json.Marshal returns.
func bytesResults(sig *types.Signature) bool {
	rs := sig.Results()
	if rs.Len() < 1 || rs.Len() > 2 || rs.Len() == 2 && !IsErrorType(rs.At(1).Type()) {
		return false
	}
	return Bytes(rs.At(0).Type())
}

// marshalledEnvelope is the envelope literal a return statement hands to
// json.Marshal as the returned bytes (return json.Marshal(Response{...}),
// or a variable assigned that literal once); nil otherwise.
func marshalledEnvelope(info *types.Info, body *ast.BlockStmt, ret *ast.ReturnStmt) *ast.CompositeLit {
	if len(ret.Results) != 1 {
		return nil
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !IsFunc(Callee(info, call), PkgJSON, "Marshal") {
		return nil
	}
	e := call.Args[0]
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		v, _ := info.ObjectOf(id).(*types.Var)
		e = SoleAssign(info, body, v)
	}
	lit := objectLiteral(e)
	if lit == nil || !envelopeType(info.TypeOf(lit)) {
		return nil
	}
	return lit
}

// IsErrorObjectType reports whether t (or what it points to) is a JSON-RPC
// error object: a struct with "code" and "message" members.
func IsErrorObjectType(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return structHas(t, "code") && structHas(t, "message")
}

// IsEnvelopeType reports whether t (or what it points to) is a JSON-RPC
// response envelope: a struct with "jsonrpc" and "error" members.
func IsEnvelopeType(t types.Type) bool {
	return t != nil && envelopeType(t)
}

// EnvelopeErrorSet reports whether lit, a response envelope literal, sets
// its "error" member to something other than nil.
func EnvelopeErrorSet(info *types.Info, lit *ast.CompositeLit) bool {
	t := info.TypeOf(lit)
	if t == nil || !envelopeType(t) {
		return false
	}
	e := jsonMembers(info, lit, t)["error"]
	if e == nil {
		return false
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	return !ok || id.Name != "nil"
}

// builtBy is the call whose result e returns: the call itself, or, for a
// variable (or its address) assigned once in body from a call, that call.
func builtBy(info *types.Info, body *ast.BlockStmt, e ast.Expr) *ast.CallExpr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok {
		return call
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	call, _ := ast.Unparen(SoleAssign(info, body, v)).(*ast.CallExpr)
	return call
}
