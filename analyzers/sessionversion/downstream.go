package sessionversion

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A gateway holding an upstream session of its own relays the client's hop
// headers not only by name in one call: the value read from the downstream
// request travels through a local, a parameter of a helper (in this package
// or another) or the field the gateway keeps its upstream id in, and is set
// on an upstream request there. down gives such a value its origin, the
// way fromResponse gives a response's id its own.

// relayFact says which string parameters of an exported function are set
// as a hop header on a request the function builds, so that a caller in
// another package passing a downstream request's header is seen relaying
// it. Holds is that the function itself keeps an upstream response's
// Mcp-Session-Id: a caller that calls it holds a session through it.
type relayFact struct {
	Params []relayParam
	Holds  bool
	// PkgHolds is that the function's package keeps an upstream session
	// somewhere: its caller relays a client's id to a gateway that holds
	// sessions upstream unless that id is the upstream's own, handed back.
	PkgHolds bool
}

type relayParam struct {
	Index int
	Key   string // canonical hop header name
	Line  int    // the Set's line, from the function's name (httpwrite.LineOffset)
}

func (*relayFact) AFact() {}

func (f *relayFact) String() string {
	var b strings.Builder
	for _, p := range f.Params {
		fmt.Fprintf(&b, "param %d sets %s; ", p.Index, p.Key)
	}
	fmt.Fprintf(&b, "holds %v", f.Holds)
	if f.PkgHolds {
		b.WriteString("; package holds")
	}
	return b.String()
}

// downAdopt is a kept field assigned a downstream request's Mcp-Session-Id.
type downAdopt struct {
	node ast.Node
	obj  types.Object
}

// downKey is the hop header whose downstream value e holds: an incoming
// request's (or a web framework context's) header read by name, or a
// local or parameter holding one. "" when e holds none.
func (c *checker) downKey(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if obj := c.pass.TypesInfo.Uses[e]; obj != nil && !c.downMixed[obj] {
			return c.down[obj]
		}
	case *ast.CallExpr:
		if len(e.Args) != 1 {
			return ""
		}
		key := c.hopKey(e.Args[0])
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if key == "" || !ok {
			return ""
		}
		fn := httpwrite.Callee(c.pass.TypesInfo, e)
		if fn == nil {
			return ""
		}
		if httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Get") {
			if hs, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && c.isHeaderOf(hs, "Request") && c.incomingRequest(hs.X) {
				return key
			}
			return ""
		}
		if fn.Name() == "GetHeader" {
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && httpwrite.IsFrameworkContext(sig.Recv().Type()) {
				return key
			}
		}
	}
	return ""
}

// incomingRequest reports whether e is a request the package serves: a
// handler's, a helper's whose callers all pass one, or a framework's.
func (c *checker) incomingRequest(e ast.Expr) bool {
	if c.frameworkRequest(e) {
		return true
	}
	obj := c.objectOf(e)
	return obj != nil && c.incoming[obj]
}

// siteArgs is what the calls of a function of the package pass as one
// parameter: the hop header they all carry ("" once one does not), and
// whether every one is an incoming request.
type siteArgs struct {
	key      string
	incoming bool
	n        int
}

// traceDownstream gives the package's locals and parameters their
// downstream origin before the walk. A parameter takes it when every call
// of its function passes the same origin; a *http.Request parameter is
// incoming when every call passes an incoming request. A function whose
// value escapes (a handler registered, a method value) has callers not
// seen here, and a test's calls are not the package's. Locals assigned
// anything else besides are left without an origin.
func (c *checker) traceDownstream() {
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					decls = append(decls, n)
				}
				c.params(n.Type)
			case *ast.FuncLit:
				c.params(n.Type)
			}
			return true
		})
	}
	// Calls are counted against every use of the function: a use that is
	// not a call's callee lets unseen callers in.
	uses := map[*types.Func]int{}
	for id, obj := range c.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == c.pass.Pkg && id != nil {
			uses[fn]++
		}
	}
	params := map[types.Object]string{}
	for range 4 {
		// Locals are read again each round, from the parameters' origins
		// known so far.
		c.down, c.downSeen, c.downMixed = maps.Clone(params), map[types.Object]bool{}, map[types.Object]bool{}
		sites := map[*types.Var]*siteArgs{}
		calls := map[*types.Func]int{}
		for _, fd := range decls {
			test := strings.HasSuffix(c.pass.Fset.File(fd.Pos()).Name(), "_test.go")
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							c.defineDown(l, n.Rhs[i])
						}
					} else {
						for _, l := range n.Lhs {
							c.defineDown(l, nil)
						}
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						var v ast.Expr
						if len(n.Values) == len(n.Names) {
							v = n.Values[i]
						}
						c.defineDown(name, v)
					}
				case *ast.CallExpr:
					fn := c.callee(n)
					if fn == nil || fn.Pkg() != c.pass.Pkg {
						return true
					}
					calls[fn]++
					if test {
						return true
					}
					sig := fn.Type().(*types.Signature)
					for i := 0; i < sig.Params().Len() && i < len(n.Args); i++ {
						if sig.Variadic() && i == sig.Params().Len()-1 {
							break
						}
						p := sig.Params().At(i)
						s := sites[p]
						if s == nil {
							s = &siteArgs{key: c.downKey(n.Args[i]), incoming: true}
							sites[p] = s
						} else if c.downKey(n.Args[i]) != s.key {
							s.key = ""
						}
						s.incoming = s.incoming && c.incomingRequest(n.Args[i])
						s.n++
					}
				}
				return true
			})
		}
		changed := false
		for p, s := range sites {
			fn := c.paramOwner(p)
			if fn == nil || uses[fn] != calls[fn] {
				continue
			}
			if s.key != "" && httpwrite.IsString(p.Type()) && params[p] == "" {
				params[p] = s.key
				changed = true
			}
			if s.incoming && isNetHTTP(p.Type(), "Request") && !c.incoming[p] {
				c.incoming[p] = true
				changed = true
			}
		}
		if !changed {
			break
		}
	}
}

// defineDown records local l's downstream origin from v, or forgets it
// when l is also assigned something else (v nil: a value not followed).
func (c *checker) defineDown(l ast.Expr, v ast.Expr) {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	obj := c.objectOf(id)
	if obj == nil || kept(obj) {
		return
	}
	key := ""
	if v != nil {
		key = c.downKey(v)
	}
	switch {
	case key == "":
		if c.down[obj] != "" {
			c.downMixed[obj] = true
		} else {
			c.downSeen[obj] = true
		}
	case c.downSeen[obj] || c.down[obj] != "" && c.down[obj] != key:
		c.downMixed[obj] = true
	default:
		c.down[obj] = key
	}
}

// paramOwner is the function of this package p is a parameter of.
func (c *checker) paramOwner(p *types.Var) *types.Func {
	if c.paramFuncs == nil {
		c.paramFuncs = map[*types.Var]*types.Func{}
		for _, obj := range c.pass.TypesInfo.Defs {
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			ps := fn.Type().(*types.Signature).Params()
			for i := range ps.Len() {
				c.paramFuncs[ps.At(i)] = fn
			}
		}
	}
	return c.paramFuncs[p]
}

// noteDownstream records, at a call, a hop header set on an upstream
// request from a local or parameter holding the downstream request's, and
// a call of another package's function that sets the argument it is given
// as that header; at an assignment, the downstream Mcp-Session-Id kept in
// a field (judged against the holds once all are known).
func (c *checker) noteDownstream(n ast.Node) {
	if strings.HasSuffix(c.pass.Fset.File(n.Pos()).Name(), "_test.go") {
		return
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return
		}
		for i, l := range n.Lhs {
			if _, ok := ast.Unparen(l).(*ast.SelectorExpr); !ok {
				continue
			}
			if obj := c.objectOf(l); obj != nil && kept(obj) && c.downKey(n.Rhs[i]) == "Mcp-Session-Id" {
				c.downAdopts = append(c.downAdopts, downAdopt{n, obj})
			}
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add") && len(n.Args) == 2 && c.isHeaderOf(sel.X, "Request") {
			key := c.hopKey(n.Args[0])
			out := c.requestObject(sel.X.(*ast.SelectorExpr).X)
			// A read in the call itself is noteRelayedHop's.
			if _, ident := ast.Unparen(n.Args[1]).(*ast.Ident); ident && key != "" && out != nil && !c.incoming[out] && c.downKey(n.Args[1]) == key && !c.servedHere(out) {
				c.relayed = append(c.relayed, relayedHop{call: n, key: key})
			}
			return
		}
		fn := c.callee(n)
		if fn == nil || fn.Pkg() == c.pass.Pkg {
			return
		}
		var f relayFact
		if !c.pass.ImportObjectFact(fn, &f) {
			return
		}
		if f.Holds {
			if c.heldVia == nil {
				c.heldVia = map[*types.Package]bool{}
			}
			c.heldVia[fn.Pkg()] = true
		}
		if f.PkgHolds {
			if c.holdsIn == nil {
				c.holdsIn = map[*types.Package]bool{}
			}
			c.holdsIn[fn.Pkg()] = true
		}
		for _, p := range f.Params {
			if p.Index < len(n.Args) && c.downKey(n.Args[p.Index]) == p.Key {
				at, _ := httpwrite.LineFrom(c.pass.Fset, fn, p.Line)
				c.relayed = append(c.relayed, relayedHop{call: n, key: p.Key, via: at, viaPkg: fn.Pkg()})
			}
		}
	}
}

// servedHere reports a request that the function being walked hands to a
// handler with a ResponseWriter (mux.ServeHTTP(rec, one), h(w, one)): a
// message the gateway serves itself, a batch's element, where the
// client's id is the one to look up, not a request sent upstream.
func (c *checker) servedHere(out types.Object) bool {
	if c.decl == nil || c.decl.Body == nil {
		return false
	}
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(c.decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		writer, request := false, false
		for _, a := range call.Args {
			writer = writer || httpwrite.IsResponseWriter(info.TypeOf(a))
			request = request || c.objectOf(a) == out
		}
		found = writer && request
		return !found
	})
	return found
}

// exportRelays exports a relayFact for each exported function that sets
// one of its string parameters as a hop header on a request it builds
// itself (a local, not a request handed to it), or that keeps an upstream
// response's Mcp-Session-Id.
func (c *checker) exportRelays() {
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || !httpwrite.Exported(fn) {
				continue
			}
			sig := fn.Type().(*types.Signature)
			index := map[types.Object]int{}
			for i := range sig.Params().Len() {
				if p := sig.Params().At(i); httpwrite.IsString(p.Type()) && !(sig.Variadic() && i == sig.Params().Len()-1) {
					index[p] = i
				}
			}
			keeps := false
			for _, h := range c.holds {
				keeps = keeps || fd.Body.Pos() <= h.node.Pos() && h.node.Pos() < fd.Body.End()
			}
			if len(index) == 0 && !keeps {
				continue
			}
			var ps []relayParam
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") || len(call.Args) != 2 || !c.isHeaderOf(sel.X, "Request") {
					return true
				}
				key := c.hopKey(call.Args[0])
				id, ok := ast.Unparen(call.Args[1]).(*ast.Ident)
				if key == "" || !ok {
					return true
				}
				i, ok := index[c.pass.TypesInfo.Uses[id]]
				out, _ := c.requestObject(sel.X.(*ast.SelectorExpr).X).(*types.Var)
				if !ok || out == nil || c.paramOwner(out) != nil || kept(out) {
					return true
				}
				ps = append(ps, relayParam{Index: i, Key: key, Line: httpwrite.LineOffset(c.pass.Fset, fn, call.Pos())})
				return true
			})
			if len(ps) > 0 || keeps {
				c.pass.ExportObjectFact(fn, &relayFact{Params: ps, Holds: keeps, PkgHolds: len(c.holds) > 0})
			}
		}
	}
}

// holdFields are the kept fields the package stores an upstream
// response's Mcp-Session-Id in.
func (c *checker) holdFields() map[types.Object]token.Pos {
	out := map[types.Object]token.Pos{}
	for _, h := range c.holds {
		if h.obj != nil {
			out[h.obj] = h.node.Pos()
		}
	}
	return out
}
