package errclass

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// -32700 and the client-error statuses say the request was at fault. A
// decode or read of an upstream's response (the Body of an *http.Response:
// a server is handed requests, so any response it holds is one it was sent)
// fails on the upstream's bytes or the network, never on the client's:
// those failures are the server's side, 502 or 500 with -32603.

// upstreamBytes reports a decode or read call whose input is an upstream
// response's body: an argument (or, for a method, the receiver: a Decoder
// made over it) traced back to resp.Body through the readers and
// conversions that carry the bytes on.
func upstreamBytes(c *ssa.CallCommon) bool {
	for _, a := range c.Args {
		if fromResponseBody(a, 0) {
			return true
		}
	}
	return false
}

// fromResponseBody reports whether every value v can be is an
// *http.Response's Body or what was read from it.
func fromResponseBody(v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		return fromResponseBody(v.X, depth+1)
	case *ssa.FieldAddr:
		return responseBody(v.X.Type(), v.Field)
	case *ssa.Field:
		return responseBody(v.X.Type(), v.Field)
	case *ssa.Convert:
		return fromResponseBody(v.X, depth+1)
	case *ssa.ChangeType:
		return fromResponseBody(v.X, depth+1)
	case *ssa.MakeInterface:
		return fromResponseBody(v.X, depth+1)
	case *ssa.ChangeInterface:
		return fromResponseBody(v.X, depth+1)
	case *ssa.Slice:
		return fromResponseBody(v.X, depth+1)
	case *ssa.Extract:
		return fromResponseBody(v.Tuple, depth+1)
	case *ssa.Phi:
		if len(v.Edges) == 0 {
			return false
		}
		for _, e := range v.Edges {
			if !fromResponseBody(e, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil {
			return false
		}
		if fn, _ := callee.Object().(*types.Func); fn == nil || !carriesBytes(fn) {
			return false
		}
		for _, a := range v.Call.Args {
			if fromResponseBody(a, depth+1) {
				return true
			}
		}
	}
	return false
}

// responseBody reports the Body field of http.Response (through a pointer).
func responseBody(t types.Type, field int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if !httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Response") {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && field < st.NumFields() && st.Field(field).Name() == "Body"
}

// carriesBytes reports the standard library's functions that hand on the
// bytes of the reader or slice they are given: readers over it, reads of
// it, a decoder made over it.
func carriesBytes(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "io", "io/ioutil", "bufio", "bytes", "strings", "compress/gzip", "compress/flate":
		return true
	case httpwrite.PkgJSON:
		return fn.Name() == "NewDecoder"
	case httpwrite.PkgHTTP:
		return fn.Name() == "MaxBytesReader"
	}
	return false
}
