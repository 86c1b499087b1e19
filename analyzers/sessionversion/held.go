package sessionversion

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A gateway that initializes its upstream itself holds a session of its
// own there, negotiated at a revision of its own: the downstream client's
// Mcp-Session-Id names nothing upstream, and its MCP-Protocol-Version may
// name a revision the upstream session never agreed. A transparent proxy,
// which relays the upstream's id to its client, keeps no such id.

// hold is a place the package keeps an upstream response's Mcp-Session-Id
// in beyond the request: a field, a package variable, a map entry, or a
// value stored in a table.
type hold struct {
	node ast.Node
	obj  types.Object // the field or variable assigned, when one is
}

// relayedHop is a hop header set on an outgoing request from the same
// header of a downstream request, by name.
type relayedHop struct {
	call *ast.CallExpr
	key  string
	// via is where another package's function called here sets the
	// value on its upstream request, and viaPkg that function's package.
	via    token.Pos
	viaPkg *types.Package
}

// noteHold records n when it keeps a response's Mcp-Session-Id beyond the
// function: assigned to a field, package variable or map entry, or given
// as a member of a literal (link{upstreamID: resp.Header.Get(k)}) or as
// an argument of a method storing it (m.Store(k, id)).
func (c *checker) noteHold(n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return
		}
		for i, l := range n.Lhs {
			if !c.isResponseID(n.Rhs[i]) {
				continue
			}
			switch l := ast.Unparen(l).(type) {
			case *ast.IndexExpr:
				c.holds = append(c.holds, hold{node: n})
			case *ast.SelectorExpr:
				c.holds = append(c.holds, hold{node: n, obj: c.objectOf(l)})
			case *ast.Ident:
				if obj := c.objectOf(l); obj != nil && kept(obj) {
					c.holds = append(c.holds, hold{node: n, obj: obj})
				}
			}
		}
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			if c.isResponseID(e) {
				c.holds = append(c.holds, hold{node: n})
				return
			}
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Store" && sel.Sel.Name != "Set" && sel.Sel.Name != "Put" && sel.Sel.Name != "Swap") || c.isHeaderOf(sel.X, "Request") || c.isResponseHeader(sel.X) {
			return
		}
		for _, a := range n.Args {
			if c.isResponseID(a) {
				c.holds = append(c.holds, hold{node: n})
				return
			}
		}
	}
}

// noteRelayedHop records out.Header.Set(K, in.Header.Get(K)) (or Add) with
// K a hop header, out a request the package sends and in a downstream
// request (a *http.Request other than out, or a web framework's context).
func (c *checker) noteRelayedHop(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") || len(call.Args) != 2 || !c.isHeaderOf(sel.X, "Request") {
		return
	}
	key := c.hopKey(call.Args[0])
	if key == "" {
		return
	}
	out := c.requestObject(sel.X.(*ast.SelectorExpr).X)
	if out == nil || c.incoming[out] || c.servedHere(out) {
		return
	}
	get, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr)
	if !ok || len(get.Args) != 1 || c.hopKey(get.Args[0]) != key {
		return
	}
	fn := httpwrite.Callee(c.pass.TypesInfo, get)
	if fn == nil {
		return
	}
	gsel, ok := ast.Unparen(get.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	switch {
	case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Get"):
		hs, ok := ast.Unparen(gsel.X).(*ast.SelectorExpr)
		if !ok || !c.isHeaderOf(hs, "Request") {
			return
		}
		if in := c.requestObject(hs.X); in == nil || in == out {
			return
		}
	case fn.Name() == "GetHeader" || fn.Name() == "Get":
		if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() == nil || !httpwrite.IsFrameworkContext(sig.Recv().Type()) {
			return
		}
	default:
		return
	}
	c.relayed = append(c.relayed, relayedHop{call: call, key: key})
}

// reportHeldRelays reports, in a package that holds an upstream session of
// its own, each hop header relayed by name from a downstream request onto
// a request it sends.
func (c *checker) reportHeldRelays() {
	c.reportViaRelays()
	if len(c.holds) == 0 {
		return
	}
	c.reportDownAdopts()
	// Copied wholesale (out.Header = r.Header.Clone(), an unconditional
	// loop, maps.Copy) and never replaced: both hop headers go upstream
	// as the client sent them. A reverse proxy's Director is left alone:
	// its upstream may well be the session's issuer.
	added := map[*headerCopy]map[string]bool{}
	for _, d := range c.dupAdds {
		if added[d.copy] == nil {
			added[d.copy] = map[string]bool{}
		}
		added[d.copy][d.key] = true
	}
	for _, cp := range c.copies {
		if _, director := cp.node.(*ast.FuncType); director {
			continue
		}
		for _, key := range []string{"Mcp-Session-Id", "Mcp-Protocol-Version"} {
			if cp.cleared[key] || added[cp][key] || key != "Mcp-Session-Id" && !c.negotiatesOwn() {
				continue
			}
			name := "Mcp-Session-Id"
			if key != name {
				name = "MCP-Protocol-Version"
			}
			c.report(analysis.Diagnostic{
				Pos: cp.node.Pos(), End: cp.node.End(), Category: "downstream-hop-header",
				Message: "copies the downstream client's " + name + " upstream with every other header, where the gateway holds a session of its own: send the upstream session's " + name,
				Related: []analysis.RelatedInformation{{Pos: c.holds[0].node.Pos(), End: c.holds[0].node.End(), Message: "the gateway keeps its own upstream session's id here"}},
			})
		}
	}
	for _, r := range c.relayed {
		if r.via.IsValid() {
			continue // reportViaRelays
		}
		if r.key != "Mcp-Session-Id" && !c.negotiatesOwn() {
			continue // the client's own initialize opened the upstream session
		}
		name := "Mcp-Session-Id"
		if r.key != name {
			name = "MCP-Protocol-Version"
		}
		c.report(analysis.Diagnostic{
			Pos: r.call.Pos(), End: r.call.End(), Category: "downstream-hop-header",
			Message: "sends the downstream client's " + name + " upstream, where the gateway holds a session of its own: send the upstream session's " + name,
			Related: []analysis.RelatedInformation{{Pos: c.holds[0].node.Pos(), End: c.holds[0].node.End(), Message: "the gateway keeps its own upstream session's id here"}},
		})
	}
}

// reportViaRelays reports a downstream request's hop header handed to
// another package's function that sets it on an upstream request, where
// the package keeps an upstream session of its own or calls a function
// of that package that keeps one. That the other package keeps one
// somewhere says nothing of a pass-through proxy that hands its client
// the id the upstream answered with: it relays the upstream's own id. A
// package that never hands an upstream's id back (it echoes the client's
// own) relays an id no upstream issued.
func (c *checker) reportViaRelays() {
	for _, r := range c.relayed {
		if !r.via.IsValid() || len(c.holds) == 0 && !c.heldVia[r.viaPkg] && !(c.holdsIn[r.viaPkg] && !c.handsBackUpstreamID()) {
			continue
		}
		name := "Mcp-Session-Id"
		if r.key != name {
			name = "MCP-Protocol-Version"
		}
		c.report(analysis.Diagnostic{
			Pos: r.call.Pos(), End: r.call.End(), Category: "downstream-hop-header",
			Message: "hands the downstream client's " + name + " to a function that sends it upstream, where the gateway holds a session of its own: send the upstream session's " + name,
			Related: []analysis.RelatedInformation{{Pos: r.via, End: r.via, Message: "set on the upstream request here"}},
		})
	}
}

// reportDownAdopts reports a downstream request's Mcp-Session-Id stored in
// the field the gateway keeps its upstream session's id in: the upstream
// requests that read the field then carry the client's id.
func (c *checker) reportDownAdopts() {
	fields := c.holdFields()
	for _, a := range c.downAdopts {
		at, ok := fields[a.obj]
		if !ok {
			continue
		}
		c.report(analysis.Diagnostic{
			Pos: a.node.Pos(), End: a.node.End(), Category: "downstream-hop-header",
			Message: "keeps the downstream client's Mcp-Session-Id as the upstream session's id, where the gateway holds a session of its own: its upstream requests then carry the client's id",
			Related: []analysis.RelatedInformation{{Pos: at, End: at, Message: "the gateway keeps its own upstream session's id in this field here"}},
		})
	}
}

// handsBackUpstreamID reports, once per package, whether it sets an
// upstream response's Mcp-Session-Id on an answer to its client, or
// copies an upstream response's headers wholesale (a range over them,
// maps.Copy): the id its clients send may then be the upstream's own.
func (c *checker) handsBackUpstreamID() bool {
	if c.handsBack != 0 {
		return c.handsBack > 0
	}
	c.handsBack = -1
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c.handsBack > 0 {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add") && len(n.Args) == 2 && c.isResponseID(n.Args[1]) {
					c.handsBack = 1
				}
				if fn := httpwrite.Callee(c.pass.TypesInfo, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "maps" && fn.Name() == "Copy" && len(n.Args) == 2 && c.isHeaderOf(n.Args[1], "Response") {
					c.handsBack = 1
				}
			case *ast.RangeStmt:
				if c.isHeaderOf(n.X, "Response") {
					c.handsBack = 1
				}
			}
			return true
		})
	}
	return c.handsBack > 0
}
