package errclass

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// envelopeParams reports -32602 (Invalid params) answered to every
// failure of a decode of the request's own body into the JSON-RPC
// message (a struct with a method member): that decode fails on bytes
// that are not JSON (not-json, -32700) or JSON that is not a request
// (not-jsonrpc, -32600), never on a method's params, which are decoded
// once the method is known.
func (c *checker) envelopeParams(fn *ssa.Function, body *ast.BlockStmt, a *answers.Answer) bool {
	w := a.Write
	if !w.HasCode || w.Code != httpwrite.CodeInvalidParams || a.HasSession || w.Status != 0 && w.Status != 400 && w.Status != 200 {
		return false
	}
	info := c.pass.TypesInfo
	causes, tooLarge := answerCauses(info, w)
	if tooLarge || len(causes) == 0 {
		return false
	}
	origins := c.originsOfAll(fn, causes)
	if len(origins) == 0 || !directly(info, body, causes, w, origins) {
		return false
	}
	var first *ast.CallExpr
	for _, o := range origins {
		if o.kind != decode || o.shape || o.params || o.reqBody || !o.pos.IsValid() {
			return false
		}
		decl := c.declAt(o.pos)
		if decl == nil || decl.Body == nil {
			return false
		}
		call := httpwrite.CallAt(decl.Body, o.pos)
		if call == nil || len(call.Args) == 0 || !decodesRequestBody(info, decl.Body, call) || !messageTarget(info.TypeOf(call.Args[len(call.Args)-1])) {
			return false
		}
		if first == nil {
			first = call
		}
	}
	related := []analysis.RelatedInformation{{Pos: first.Pos(), End: first.End(), Message: "decodes the request's body into the JSON-RPC message: " + types.ExprString(first.Fun)}}
	c.report(w.Node, catEnvelopeParams, related, nil,
		"answers -32602 (Invalid params) when the body does not decode as a JSON-RPC message: answer -32700 (not JSON) or -32600")
	return true
}

// messageTarget reports a pointer to a struct with a member decoded from
// "method": the JSON-RPC message itself, not a method's params.
func messageTarget(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		name := f.Name()
		if tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json"); ok {
			if n, _, _ := strings.Cut(tag, ","); n != "" {
				name = n
			}
		}
		if strings.EqualFold(name, "method") {
			return true
		}
	}
	return false
}
