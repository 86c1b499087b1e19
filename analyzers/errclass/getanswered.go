package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

const catGetAnswered = "get-answered-not-stream"

// getAnswered reports a GET of MCP's endpoint answered a success that is
// no event stream: a JSON document, a text. A client sends GET to open the
// server's stream and reads text/event-stream, or learns from 405 that the
// server offers none; a 200 of anything else is neither (the protocol's
// get-accept and stateless-get-delete rows).
//
// A GET is told by the branch the answer sits in: an if whose condition is
// only the request's method compared with GET, or a case of a switch on
// the method listing GET (and HEAD) alone, at the top of a function that
// serves the endpoint, or a handler a router registers for GET at a path
// whose last segment is mcp (not under /.well-known/, OAuth's metadata).
// The answer is a success other than 204 with no JSON-RPC code (200 set,
// or a body written with none). A branch that hands the GET to a function
// of the package answering it is judged in that function, as a whole,
// where the answer is.
//
// Silent where the branch may stream: it, or a function of the package it
// calls (two levels down), names text/event-stream, flushes (Flush,
// http.Flusher, http.NewResponseController), or hands the writer to a
// function outside the package and the standard library; in a package that
// names the HTTP+SSE transport's endpoint event, whose GET is that
// transport's; and where a condition in the branch reads the URL (a route
// beside the endpoint that the same function serves).
//
// Only with -errclass.strict: on the field corpus's scored half its one
// finding was judged correct code by a blind reader.
//
// getAnswered adds its findings to found; they are reported once the
// package is known not to serve the HTTP+SSE transport (legacySSE), a walk
// a package without a candidate never pays for.
func (c *checker) getAnswered(n ast.Node, gets, delegated map[ast.Node]bool, found *[]getFinding) {
	info := c.pass.TypesInfo
	body := httpwrite.Body(n)
	if body == nil {
		return
	}
	type branch struct {
		at    ast.Node // where the finding goes
		stmts ast.Node
	}
	var branches []branch
	if gets[n] {
		branches = append(branches, branch{nil, body})
	}
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.IfStmt:
			if st.Init == nil && getTest(info, st.Cond) {
				branches = append(branches, branch{st, st.Body})
			}
		case *ast.SwitchStmt:
			if st.Init != nil || st.Tag == nil || !httpwrite.ReadsRequestMethod(info, st.Tag) {
				continue
			}
			for _, cl := range st.Body.List {
				if cc := cl.(*ast.CaseClause); getCase(info, cc) {
					branches = append(branches, branch{cc, cc})
				}
			}
		}
	}
	for _, b := range branches {
		var success *httpwrite.Write
		refused := false
		for _, a := range c.writes[n] {
			w := a.Write
			if !within(w.Stack, b.stmts) {
				continue
			}
			switch {
			case w.HasCode || a.HasSession || w.Status == http.StatusNoContent:
				refused = true
			case w.Status >= 200 && w.Status <= 299,
				w.Status == 0 && w.StatusExpr == nil && (c.implicit200(body, c.writes[n], w) || !setsStatusIn(info, b.stmts)):
				if success == nil {
					success = w
				}
			default:
				refused = true
			}
		}
		if refused || readsURLOn(info, body, b.stmts) || c.mayStream(b.stmts, 2) {
			continue
		}
		at, status := b.at, 0
		if success != nil && at != nil && delegated != nil && success.StatusExpr == nil {
			// The branch hands the GET to a function of the package
			// that answers it, status and all (not a writer given
			// the status here): judged there, where the answer is.
			if call, ok := success.Node.(*ast.CallExpr); ok {
				if fn := httpwrite.Callee(info, call); fn != nil && fn.Pkg() == c.pass.Pkg {
					if d := c.decls()[fn.Origin()]; d != nil && d.Body != nil {
						delegated[d] = true
						continue
					}
				}
			}
		}
		switch {
		case success != nil:
			status = success.Status
			if at == nil {
				at = success.Node
			}
		case !setsStatusIn(info, b.stmts):
			write := firstBodyWrite(info, b.stmts)
			if write == nil {
				continue
			}
			if at == nil {
				at = write
			}
		default:
			continue
		}
		*found = append(*found, getFinding{at, status})
	}
}

// firstBodyWrite is the first call in n that writes a body to a
// ResponseWriter, or nil.
func firstBodyWrite(info *types.Info, n ast.Node) ast.Node {
	var at ast.Node
	ast.Inspect(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && at == nil && httpwrite.BodyWriteTarget(info, call) != nil {
			at = call
		}
		return at == nil
	})
	return at
}

// within reports whether the stack passes through n.
func within(stack []ast.Node, n ast.Node) bool {
	for _, s := range stack {
		if s == n {
			return true
		}
	}
	return false
}

// setsStatusIn reports a status set in n: by net/http's calls
// (httpwrite.SetsStatus) or a framework's status call.
func setsStatusIn(info *types.Info, n ast.Node) bool {
	if httpwrite.SetsStatus(info, n, nil) {
		return true
	}
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && !found {
			_, found = httpwrite.FrameworkStatus(info, call)
		}
		return !found
	})
	return found
}

func successText(status int) string {
	if status == 0 {
		return "200"
	}
	return strconv.Itoa(status)
}

// getTest reports a condition that is only the request's method compared
// equal to GET.
func getTest(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	return httpwrite.ReadsRequestMethod(info, b.X) && isGet(info, b.Y) || httpwrite.ReadsRequestMethod(info, b.Y) && isGet(info, b.X)
}

// getCase reports a case of a switch on the method that lists GET, and
// HEAD at most beside it.
func getCase(info *types.Info, cc *ast.CaseClause) bool {
	get := false
	for _, e := range cc.List {
		v, ok := httpwrite.StringConst(info, e)
		switch {
		case !ok:
			return false
		case v == http.MethodGet:
			get = true
		case v != http.MethodHead:
			return false
		}
	}
	return get
}

func isGet(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && v == http.MethodGet
}

// readsURLOn reports a condition in the branch that reads the request's
// URL or path: a route beside the endpoint served in the same function.
func readsURLOn(info *types.Info, body *ast.BlockStmt, branch ast.Node) bool {
	found := false
	ast.Inspect(branch, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			found = found || readsURLIn(info, n.Cond)
		case *ast.SwitchStmt:
			found = found || n.Tag != nil && readsURLIn(info, n.Tag)
		}
		return !found
	})
	return found
}

func readsURLIn(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "URL" || n.Sel.Name == "RequestURI" {
				found = true
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Path", "FullPath", "Param", "Params", "OriginalURL":
					found = found || httpwrite.IsFrameworkContext(info.TypeOf(sel.X))
				}
			}
		}
		return !found
	})
	return found
}

// mayStream reports whether n, or a function of the package it calls to
// the given depth, may answer with an event stream.
func (c *checker) mayStream(n ast.Node, depth int) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING && strings.Contains(x.Value, "text/event-stream") {
				found = true
			}
		case *ast.Ident:
			if k, ok := info.Uses[x].(*types.Const); ok && strings.Contains(k.Val().ExactString(), "text/event-stream") {
				found = true
			}
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, x)
			if fn == nil {
				return true
			}
			switch fn.Name() {
			case "Flush", "NewResponseController", "Stream", "SSEvent", "SetBodyStreamWriter":
				found = true
				return false
			}
			if fn.Pkg() == c.pass.Pkg {
				if d := c.decls()[fn.Origin()]; d != nil && depth > 0 && d.Body != nil && c.mayStream(d.Body, depth-1) {
					found = true
				}
				return !found
			}
			if fn.Pkg() != nil && !httpwrite.IsStd(fn.Pkg().Path()) && !httpwrite.IsFrameworkContext(recvType(fn)) {
				for _, a := range x.Args {
					if t := info.TypeOf(a); t != nil && (httpwrite.IsResponseWriter(t) || httpwrite.IsFrameworkContext(t)) {
						found = true
					}
				}
			}
		case *ast.TypeAssertExpr:
			if t := info.TypeOf(x.Type); t != nil && httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Flusher") {
				found = true
			}
		}
		return !found
	})
	return found
}

func recvType(fn *types.Func) types.Type {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return sig.Recv().Type()
	}
	return nil
}

// getFinding is a GET answered with no stream: where, and the status.
type getFinding struct {
	at     ast.Node
	status int
}

func (c *checker) reportGets(found []getFinding) {
	for _, g := range found {
		c.report(g.at, catGetAnswered, nil, nil,
			"answers a GET of the MCP endpoint %s with no event stream: a GET opens text/event-stream, or is refused 405", successText(g.status))
	}
}

// legacySSE reports a package naming the HTTP+SSE transport's endpoint
// event: its GET is that transport's.
func legacySSE(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		lookups := httpwrite.EndpointLookups(f)
		legacy := false
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && !lookups[lit] && httpwrite.EndpointEvent(lit) {
				legacy = true
			}
			return !legacy
		})
		if legacy {
			return true
		}
	}
	return false
}

// getPath reports the path of MCP's endpoint a GET is registered at: its
// last segment is mcp, and it is not under /.well-known/ (OAuth's
// metadata for the resource at /mcp).
func getPath(p string) bool {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	return strings.EqualFold(segs[len(segs)-1], "mcp") && !strings.Contains(p, "/.well-known/")
}
