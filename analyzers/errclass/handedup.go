package errclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// decodeHandedUp reports a server-side answer (what) to every error of a
// call whose errors include a function of this package failing to decode
// the request's own body, returned as it comes or wrapped: a dispatcher
// hands its decode's error up, and the caller answers every error as the
// server's. The call's other errors may be the server's; the body that is
// not JSON is the client's (400 with -32700), and the caller must tell the
// errors apart, which silences the rule (guard gives no cause then). Not
// judged when the decoding function answers that failure itself before
// returning it (its status went out first), or when neither it nor the
// answering function is on an MCP endpoint (names the jsonrpc member or an
// MCP header, or answers with a JSON-RPC code).
func (c *checker) decodeHandedUp(body *ast.BlockStmt, writes []*answers.Answer, w *httpwrite.Write, causes []ast.Expr, origins []origin, what string) bool {
	if len(causes) == 0 {
		return false
	}
	info := c.pass.TypesInfo
	for _, o := range origins {
		if o.kind != decode || o.shape || !o.pos.IsValid() || body.Pos() <= o.pos && o.pos < body.End() {
			continue
		}
		rel := analysis.RelatedInformation{Pos: o.pos, Message: "the request body's decode, its error returned: " + o.name}
		if o.reqBody {
			// Read in the other package (originFact.BodyDecode).
			if !c.speaksMCP(writes, body) && !o.mcp {
				continue
			}
		} else {
			at, mcp, ok := c.bodyDecodeHandedOn(o)
			if !ok || !c.speaksMCP(writes, body) && !mcp {
				continue
			}
			rel.Pos, rel.End = at, httpwrite.CallAt(c.declAt(at).Body, at).End()
		}
		name := "the call"
		if call := errCall(info, body, causes[0], w.Node.Pos()); call != nil {
			name = types.ExprString(call.Fun) + "(...)"
		}
		c.report(w.Node, catClientAsServer, []analysis.RelatedInformation{rel}, nil,
			"answers %s to every error of %s, also when the request body does not decode: answer that one 400 with -32700", what, name)
		return true
	}
	return false
}

// bodyDecodeHandedOn reports an origin of this package that is a decode
// of the request's own body whose error its function returns without
// answering it: where the decode is, and whether that function names MCP.
func (c *checker) bodyDecodeHandedOn(o origin) (token.Pos, bool, bool) {
	if o.kind != decode || o.shape || o.reqBody || !o.pos.IsValid() {
		return token.NoPos, false, false
	}
	decl := c.declAt(o.pos)
	if decl == nil || decl.Body == nil {
		return token.NoPos, false, false
	}
	info := c.pass.TypesInfo
	dec := httpwrite.CallAt(decl.Body, o.pos)
	if dec == nil || !decodesRequestBody(info, decl.Body, dec) || c.answersFailure(decl, dec) {
		return token.NoPos, false, false
	}
	return dec.Pos(), namesMCP(info, decl.Body) || c.endpoint != nil && c.endpoint.serves(decl), true
}

// declAt is the function declaration of this package holding pos.
func (c *checker) declAt(pos token.Pos) *ast.FuncDecl {
	for _, d := range c.decls() {
		if d.Pos() <= pos && pos < d.End() {
			return d
		}
	}
	return nil
}

// answersFailure reports whether decl answers the failure of call itself:
// the if that tests its error (if err := call; err != nil, or the if after
// the assignment) writes an answer of the package's summary.
func (c *checker) answersFailure(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	var test *ast.IfStmt
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || test != nil {
			return test == nil
		}
		for i, st := range b.List {
			if st.Pos() > call.Pos() || call.End() > st.End() {
				continue
			}
			if ifs, ok := st.(*ast.IfStmt); ok && ifs.Init != nil && ifs.Init.Pos() <= call.Pos() && call.End() <= ifs.Init.End() {
				test = ifs
			} else if _, ok := st.(*ast.AssignStmt); ok && i+1 < len(b.List) {
				test, _ = b.List[i+1].(*ast.IfStmt)
			}
		}
		return test == nil
	})
	if test == nil {
		return false
	}
	for _, a := range c.writes[decl] {
		if n := a.Write.Node; test.Body.Pos() <= n.Pos() && n.Pos() < test.Body.End() {
			return true
		}
	}
	return false
}

// errCall is the call whose result last assigns the error cause before
// pos, or nil.
func errCall(info *types.Info, body *ast.BlockStmt, cause ast.Expr, pos token.Pos) *ast.CallExpr {
	id, ok := ast.Unparen(cause).(*ast.Ident)
	if !ok {
		return nil
	}
	errVar := info.ObjectOf(id)
	if errVar == nil {
		return nil
	}
	var call *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		for _, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == errVar {
				call, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			}
		}
		return true
	})
	return call
}
