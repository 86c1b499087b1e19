package errclass

import (
	"go/ast"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// endpoint tells the functions of a package that serve MCP's endpoint from
// the others. The protocol's table says what MCP's endpoint answers; a
// REST route, an OAuth token endpoint or an admin page beside it answers
// by its own rules, and a 400 there for a database's failure is that
// route's design, not a misclassified JSON-RPC error.
//
// A function serves the endpoint when it carries a mark of MCP itself (see
// marked), when a router registers it at an MCP path, or when it calls, or
// is called by, such a function in the same package: ServeHTTP reading
// Mcp-Session-Id hands the POST to handlePost, which answers. Marks do not
// spread sideways: two handlers sharing a helper stay apart. Nor do they
// spread up a call that names the MCP method as a constant: its caller
// chooses the method, as a REST route bridged onto MCP does. A literal a
// router registers at another path (a catch-all "/" beside "/mcp") is not
// the endpoint's for being written inside a function that is, nor is what
// a group made at "/mcp" registers under a path of its own.
type endpoint struct {
	info *types.Info
	// in holds the units (function declarations and literals) that serve
	// the endpoint.
	in map[ast.Node]bool
	// routed holds the units a router of the package registers at one of
	// MCP's paths: the first readers of a request to the endpoint.
	routed map[ast.Node]bool
	// gets holds the units a router registers for GET at the endpoint's
	// path (getPath).
	gets map[ast.Node]bool
	// jsonrpcTypes memoises whether a type is a JSON-RPC message, sdk
	// whether a package is an MCP SDK's.
	jsonrpcTypes map[types.Type]bool
	sdk          map[*types.Package]bool
}

func newEndpoint(info *types.Info, files []*ast.File, writes map[ast.Node][]*answers.Answer) *endpoint {
	e := &endpoint{info: info, in: map[ast.Node]bool{}, routed: map[ast.Node]bool{}, gets: map[ast.Node]bool{}, jsonrpcTypes: map[types.Type]bool{}, sdk: map[*types.Package]bool{}}
	decls := map[*types.Func]ast.Node{}
	var units []ast.Node
	parent := map[ast.Node]ast.Node{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				decls[obj] = fd
			}
			units = append(units, fd)
			var stack []ast.Node
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				if lit, ok := n.(*ast.FuncLit); ok {
					units = append(units, lit)
					p := ast.Node(fd)
					for i := len(stack) - 1; i >= 0; i-- {
						if l, ok := stack[i].(*ast.FuncLit); ok {
							p = l
							break
						}
					}
					parent[lit] = p
				}
				stack = append(stack, n)
				return true
			})
		}
	}

	calls := map[ast.Node][]ast.Node{}
	callers := map[ast.Node][]ast.Node{}
	link := func(from, to ast.Node) {
		calls[from] = append(calls[from], to)
		callers[to] = append(callers[to], from)
	}
	var seeds []ast.Node
	var routing []*ast.FuncLit
	// elsewhere are literals a router registers at a path that is not
	// MCP's (mux.HandleFunc("/", func(...) {...}) beside "/mcp"): the
	// function that registers them does not make them the endpoint's.
	var elsewhere []*ast.FuncLit
	// groups are the variables holding a router group made at an MCP
	// path; onVar the calls of methods on variables.
	type varCall struct {
		v    types.Object
		call *ast.CallExpr
	}
	groups := map[types.Object]string{}
	var onVar []varCall
	for _, u := range units {
		if p := parent[u]; p != nil {
			link(p, u)
		}
		mark := speaksJSONRPC(writes[u])
		// picked are method names handed to a call: the caller picks
		// the method, as a client of MCP does, and is not marked by it.
		picked := map[ast.Node]bool{}
		ownBody(httpwrite.Body(u), func(n ast.Node) {
			switch n := n.(type) {
			case *ast.AssignStmt:
				// g := r.Group("/mcp"): what g registers serves under it.
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
					if c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(c.Args) >= 1 {
						if p, ok := httpwrite.StringConst(info, c.Args[0]); ok && httpwrite.MCPPath(p) {
							if id, ok := n.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) != nil {
								groups[info.ObjectOf(id)] = p
							}
						}
					}
				}
			case *ast.CallExpr:
				for _, a := range n.Args {
					if lit, ok := ast.Unparen(a).(*ast.BasicLit); ok && mcpMethodConst(info, lit) {
						picked[lit] = true
					}
				}
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] != nil {
						onVar = append(onVar, varCall{info.Uses[id], n})
					}
				}
				if fn := httpwrite.Callee(info, n); fn != nil {
					if d := decls[fn.Origin()]; d != nil && d != u {
						if namesMethodArg(info, n) {
							// The caller picks the MCP method
							// (h.forward(c, "tools/list", nil)):
							// it is a client of the endpoint, a
							// REST route bridged onto MCP, not the
							// endpoint itself.
							calls[u] = append(calls[u], d)
						} else {
							link(u, d)
						}
					}
				}
				if r, ok := httpwrite.RouteOf(info, n); ok && r.Method == http.MethodGet && getPath(r.Path) {
					if h := e.handlerOf(r.Handler, decls, 0); h != nil {
						e.gets[h] = true
					}
				}
				if path, h := e.route(n, decls); h != nil {
					lit, _ := h.(*ast.FuncLit)
					switch {
					case httpwrite.MCPPath(path):
						seeds = append(seeds, h)
						e.routed[h] = true
						if lit != nil {
							routing = append(routing, lit)
						}
					case lit != nil && strings.Contains(path, "/"):
						elsewhere = append(elsewhere, lit)
					}
				}
			case *ast.BasicLit:
				if v, ok := httpwrite.StringConst(info, n); ok && mcpString(v) && !picked[n] {
					mark = true
				}
			case *ast.Ident:
				if !mark && e.mcpObject(info.Uses[n]) {
					mark = true
				}
			}
		})
		if mark {
			seeds = append(seeds, u)
		}
	}
	for _, c := range onVar {
		if prefix, ok := groups[c.v]; ok {
			// MCP's endpoint is one path: a route the group
			// registers under another (g.POST("/list_patterns", h)
			// under "/mcp") is a route beside it.
			if len(c.call.Args) > 0 {
				if sub, ok := httpwrite.StringConst(info, c.call.Args[0]); ok && strings.Trim(sub, "/") != "" && !httpwrite.MCPPath(prefix+"/"+sub) {
					continue
				}
			}
			for _, a := range c.call.Args {
				if h := e.handlerOf(a, decls, 0); h != nil {
					seeds = append(seeds, h)
					e.routed[h] = true
				}
			}
		}
	}
	// A literal given a path is a sub-router (chi's r.Route("/mcp",
	// func(r chi.Router) { r.Post("/", h.post) })): what it registers
	// serves under that path.
	for _, lit := range routing {
		ownBody(lit.Body, func(n ast.Node) {
			if call, ok := n.(*ast.CallExpr); ok {
				for _, a := range call.Args {
					if h := e.handlerOf(a, decls, 0); h != nil {
						seeds = append(seeds, h)
					}
				}
			}
		})
	}
	for _, lit := range elsewhere {
		if p := parent[lit]; p != nil {
			calls[p] = slices.DeleteFunc(calls[p], func(n ast.Node) bool { return n == lit })
			callers[lit] = slices.DeleteFunc(callers[lit], func(n ast.Node) bool { return n == p })
		}
	}
	for _, dir := range []map[ast.Node][]ast.Node{calls, callers} {
		seen := map[ast.Node]bool{}
		work := append([]ast.Node(nil), seeds...)
		for len(work) > 0 {
			u := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[u] {
				continue
			}
			seen[u] = true
			e.in[u] = true
			work = append(work, dir[u]...)
		}
	}
	return e
}

// namesMethodArg reports a call handed a constant MCP method name
// ("tools/list", "initialize").
func namesMethodArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if mcpMethodConst(info, a) {
			return true
		}
	}
	return false
}

// mcpMethodConst reports a constant naming one of MCP's methods (not its
// headers nor JSON-RPC's version member).
func mcpMethodConst(info *types.Info, e ast.Expr) bool {
	v, ok := httpwrite.StringConst(info, e)
	return ok && mcpString(v) && v != "jsonrpc" && !strings.EqualFold(v, "Mcp-Session-Id") && !strings.EqualFold(v, "MCP-Protocol-Version")
}

// entry reports whether a router of the package registers the unit n at
// one of MCP's paths.
func (e *endpoint) entry(n ast.Node) bool { return e.routed[n] }

// serves reports whether the function unit n serves MCP's endpoint.
func (e *endpoint) serves(n ast.Node) bool { return e.in[n] }

// ownBody visits the nodes of body that are not inside a nested function
// literal: those belong to the literal's own unit.
func ownBody(body *ast.BlockStmt, visit func(ast.Node)) {
	if body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		visit(n)
		return true
	})
}

// mcpString reports a constant only MCP's traffic carries: its headers,
// JSON-RPC's version member, and MCP's own method names.
func mcpString(v string) bool {
	switch {
	case v == "jsonrpc", strings.EqualFold(v, "Mcp-Session-Id"), strings.EqualFold(v, "MCP-Protocol-Version"):
		return true
	case v == "initialize", v == "notifications/initialized":
		return true
	case strings.HasPrefix(v, "tools/"), strings.HasPrefix(v, "resources/"), strings.HasPrefix(v, "prompts/"):
		return !strings.ContainsAny(v, " \t\n")
	}
	return false
}

// mcpObject reports a use of an MCP SDK's function or type, or of a type
// of the package's own that is a JSON-RPC message (a struct with a
// "jsonrpc" member).
func (e *endpoint) mcpObject(obj types.Object) bool {
	if obj == nil {
		return false
	}
	if pkg := obj.Pkg(); pkg != nil {
		sdk, ok := e.sdk[pkg]
		if !ok {
			sdk = httpwrite.MCPSDK(pkg.Path())
			e.sdk[pkg] = sdk
		}
		if sdk {
			return true
		}
	}
	switch obj.(type) {
	case *types.TypeName, *types.Var:
		return e.jsonrpcStruct(obj.Type(), 0)
	}
	return false
}

// jsonrpcStruct reports a struct (through pointers, slices and embedded
// structs) that is a JSON-RPC message: it has a "jsonrpc" member, or both
// "method" and "params".
func (e *endpoint) jsonrpcStruct(t types.Type, depth int) bool {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		}
		break
	}
	if v, ok := e.jsonrpcTypes[t]; ok {
		return v
	}
	e.jsonrpcTypes[t] = false
	st, ok := t.Underlying().(*types.Struct)
	found := false
	if ok && depth < 3 {
		method, params := false, false
		for i := range st.NumFields() {
			name := httpwrite.JSONTagName(st.Tag(i))
			switch {
			case name == "jsonrpc":
				found = true
			case name == "method":
				method = true
			case name == "params":
				params = true
			case name == "" && st.Field(i).Embedded():
				found = e.jsonrpcStruct(st.Field(i).Type(), depth+1)
			}
			if found {
				break
			}
		}
		found = found || method && params
	}
	e.jsonrpcTypes[t] = found
	return found
}

// route returns the path a router call registers and the function of this
// package it registers there: mux.HandleFunc("/mcp", s.handle),
// r.POST("/message", handler), mux.Handle("/mcp", auth(http.HandlerFunc(h))),
// mux.Handle("/mcp", srv) for a type of the package whose ServeHTTP serves,
// a literal handler in place. h is nil when the call registers none.
func (e *endpoint) route(call *ast.CallExpr, decls map[*types.Func]ast.Node) (path string, h ast.Node) {
	if len(call.Args) < 2 {
		return "", nil
	}
	path, ok := httpwrite.StringConst(e.info, call.Args[0])
	if !ok {
		return "", nil
	}
	for _, a := range call.Args[1:] {
		if h := e.handlerOf(a, decls, 0); h != nil {
			return path, h
		}
	}
	return "", nil
}

// handlerOf finds the function of this package a handler expression
// stands for, through wrapping calls (middleware, http.HandlerFunc).
func (e *endpoint) handlerOf(a ast.Expr, decls map[*types.Func]ast.Node, depth int) ast.Node {
	if depth > 3 {
		return nil
	}
	switch a := ast.Unparen(a).(type) {
	case *ast.FuncLit:
		return a
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if s, ok := a.(*ast.SelectorExpr); ok {
			id = s.Sel
		} else {
			id = a.(*ast.Ident)
		}
		if fn, ok := e.info.Uses[id].(*types.Func); ok {
			return decls[fn.Origin()]
		}
		// A value whose type of this package has ServeHTTP.
		if t := e.info.TypeOf(a); t != nil {
			if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "ServeHTTP"); obj != nil {
				if fn, ok := obj.(*types.Func); ok {
					return decls[fn.Origin()]
				}
			}
		}
	case *ast.UnaryExpr:
		return e.handlerOf(a.X, decls, depth+1)
	case *ast.CompositeLit:
		if t := e.info.TypeOf(a); t != nil {
			if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "ServeHTTP"); obj != nil {
				if fn, ok := obj.(*types.Func); ok {
					return decls[fn.Origin()]
				}
			}
		}
	case *ast.CallExpr:
		for _, x := range a.Args {
			if h := e.handlerOf(x, decls, depth+1); h != nil {
				return h
			}
		}
	}
	return nil
}
