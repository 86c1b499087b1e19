package refusedhandshake

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/ssabuild"
)

// checkSDK checks go-sdk transports built per request and connected with
// (*mcp.Server).Connect: something must be able to close the session when
// the handshake is refused.
func checkSDK(pass *analysis.Pass, c *contexts, ins *inspector.Inspector) {
	s := &ssaState{pass: pass}
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !push {
			return true
		}
		if isServerRun(pass.TypesInfo, call) && len(call.Args) >= 2 {
			checkRun(pass, c, call, stack, call.Args[1], call.Args[0])
			return true
		}
		// The transport argument and the session's place among the results,
		// of Connect or of a small wrapper of it (a Connector fact).
		transportArg, index, results := 1, 0, 2
		connect := isServerConnect(pass.TypesInfo, call) && len(call.Args) >= 2
		if w := connectorFact(pass, call); w != nil {
			if w.Result < 0 {
				var ctx ast.Expr
				if w.Ctx >= 0 && w.Ctx < len(call.Args) {
					ctx = call.Args[w.Ctx]
				}
				checkRun(pass, c, call, stack, call.Args[w.Transport], ctx)
				return true
			}
			connect, transportArg, index, results = true, w.Transport, w.Result, w.Results
		}
		factory := sessionFactory(pass, call)
		if !connect && factory == nil {
			return true
		}
		fn, scope := enclosing(stack)
		if c.kindOf(fn) != perRequest {
			return true
		}
		o := newOwnership(pass, scope, requestFunc(c, stack))
		lexical := true // the lexical check resolved the transport
		if connect {
			// A transport the lexical check cannot resolve (its variable
			// also holds other values) may still be built here: SSA decides.
			lexical = o.transport(call.Args[transportArg])
		} else {
			index, results = factory.Result, factory.Results
		}
		session, discarded := sessionResult(pass.TypesInfo, call, stack, index, results)
		if session != nil && onlyBlanked(pass.TypesInfo, scope, session) {
			session, discarded = nil, true // ss, _ := ...; _ = ss
		}
		if session != nil {
			o.track(session)
		} else if !discarded {
			return true // returned or handed on directly
		}
		o.scan()
		if o.transferred || reaped(pass, o.maps) || o.closed && !connect {
			return true
		}
		var related []analysis.RelatedInformation
		if connect && (o.closed || !lexical) {
			// Closes exist (or the transport's variable is reused): is one
			// on every path that serves the transport?
			res, ok := s.paths(call, transportArg, fn, requestFunc(c, stack))
			if !ok || !res.leak || reaped(pass, res.maps) {
				return true
			}
			o.sessionful = o.sessionful || res.sessionful
			related = append(related, analysis.RelatedInformation{Pos: res.origin, Message: "transport built here, per request"})
			if d := res.defeated; d != nil {
				for _, p := range res.defeatedAt {
					related = append(related, analysis.RelatedInformation{Pos: p, Message: "closed here only when no handshake is recorded"})
				}
				finding(pass, call, catDefeated,
					fmt.Sprintf("per-request session is closed only if no handshake is recorded, but the %s handler %s records one without establishing a session: each such request leaks it", d.Method, d.Handler),
					related, nil)
				return true
			}
			for _, p := range res.closes {
				related = append(related, analysis.RelatedInformation{Pos: p, Message: "closed here, on another path"})
			}
			if len(res.closes) > 0 {
				related = append(related, refusedAt(pass.TypesInfo, fn, call)...)
				finding(pass, call, catOtherPath,
					"per-request session is closed only on paths that do not serve it; a refused handshake leaks it",
					related, nil)
				return true
			}
		} else if connect {
			related = relatedAt(o.origin, "transport built here, per request")
		} else {
			fn := calledFunc(pass.TypesInfo, call)
			related = relatedAt(objRange{fn}, qualifiedName(pass, fn)+" builds the transport and connects it here")
		}
		switch {
		case discarded:
			finding(pass, call, catDiscarded,
				"per-request *mcp.ServerSession is discarded, so nothing can close it on a refused handshake",
				related, nil)
		case connect && !o.sessionful:
			finding(pass, call, catStateless,
				"per-request stateless session is never closed: every request leaks it",
				related, closeFix(o, call, stack, session, false))
		default:
			related = append(related, refusedAt(pass.TypesInfo, fn, call)...)
			finding(pass, call, catUnclosed,
				"per-request session is never closed when its handshake is refused",
				related, closeFix(o, call, stack, session, true))
		}
		return true
	})
}

// isServerConnect reports whether call calls (*mcp.Server).Connect.
func isServerConnect(info *types.Info, call *ast.CallExpr) bool {
	fn := calledFunc(info, call)
	if fn == nil || fn.Name() != "Connect" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && isSDKPointer(recv.Type(), "Server")
}

// sessionResult returns the variable the session, result index of the
// results-valued call, is assigned to, or discarded when it goes to _ or
// nowhere. It returns neither when the session goes anywhere else
// (returned, passed, stored): ownership moved.
func sessionResult(info *types.Info, call *ast.CallExpr, stack []ast.Node, index, results int) (v *types.Var, discarded bool) {
	i := len(stack) - 2
	for i > 0 {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		i--
	}
	var lhs ast.Expr
	switch p := stack[i].(type) {
	case *ast.ExprStmt:
		return nil, true
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) != results {
			return nil, false
		}
		lhs = p.Lhs[index]
	case *ast.ValueSpec:
		if len(p.Values) != 1 || len(p.Names) != results {
			return nil, false
		}
		lhs = p.Names[index]
	default:
		return nil, false
	}
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return nil, false // a field or map element: stored
	}
	if id.Name == "_" {
		return nil, true
	}
	v, ok = objOf(info, id).(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return nil, false // a global: stored
	}
	return v, false
}

// ownership follows a per-request transport and its session through the
// function that built them, the way bodyclose and sqlclosecheck follow a
// response body: closing either end is the close path; returning, storing
// in a field or global, sending, or passing to another function moves
// ownership elsewhere and ends the check (silently: precision over recall).
// Storing in a map does not: a map keyed by a session id that the client of
// a refused handshake never learns is exactly where the pair leaks. A value
// holding the pair (a map entry struct) is followed like the pair itself.
type ownership struct {
	pass    *analysis.Pass
	info    *types.Info
	fset    *token.FileSet
	scope   ast.Node // the outermost function: every use of a local is in it
	request ast.Node // the outermost per-request function: the pair is built in it
	vars    map[types.Object]bool
	maps    []types.Object // the maps (or sync.Maps) the pair is stored in
	// returns holds the result indexes the scope function returns the
	// session at; handedOn records every transfer but a return.
	returns  map[int]bool
	handedOn bool
	// sessionful records a SessionID set in a construction or assigned to
	// a tracked transport; without one the transport is stateless.
	sessionful bool
	// origin is the construction of the transport (for related information).
	origin ast.Expr

	closed, transferred bool
}

func newOwnership(pass *analysis.Pass, scope, request ast.Node) *ownership {
	return &ownership{pass: pass, info: pass.TypesInfo, fset: pass.Fset, scope: scope, request: request, vars: map[types.Object]bool{}, returns: map[int]bool{}}
}

// requestFunc returns the outermost of the per-request functions enclosing
// the top of stack, innermost first: a transport declared outside it (in
// main, say) is built once, not per request.
func requestFunc(c *contexts, stack []ast.Node) ast.Node {
	var req ast.Node
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if c.kindOf(stack[i]) != perRequest {
				return req
			}
			req = stack[i]
		}
	}
	return req
}

// inRequest reports whether n lies inside the per-request function.
func (o *ownership) inRequest(n ast.Node) bool {
	return o.request != nil && o.request.Pos() <= n.Pos() && n.End() <= o.request.End()
}

func (o *ownership) track(v types.Object) { o.vars[v] = true }

// transport reports whether arg is an mcp.StreamableServerTransport built in
// this function, tracking the variable that holds it.
func (o *ownership) transport(arg ast.Expr) bool {
	arg = ast.Unparen(arg)
	if !isSDKPointer(o.info.TypeOf(arg), "StreamableServerTransport") {
		return false
	}
	if o.construction(arg) {
		return true // built inline: only the session can reach it
	}
	if u, ok := arg.(*ast.UnaryExpr); ok {
		arg = ast.Unparen(u.X) // &t with t a local struct value
	}
	id, ok := arg.(*ast.Ident)
	if !ok || o.scope == nil {
		return false
	}
	v, ok := o.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	if o.request == nil || v.Pos() < o.request.Pos() || v.Pos() >= o.request.End() {
		return false // declared outside the request: built once
	}
	if !isSDKPointer(v.Type(), "StreamableServerTransport") {
		// A struct value declared in the request is built there.
		o.track(v)
		return true
	}
	// A pointer variable: every value assigned to it must be built here.
	built, other := false, false
	ast.Inspect(o.scope, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if x, ok := ast.Unparen(lhs).(*ast.Ident); ok && objOf(o.info, x) == v {
					if r := rhsAt(n.Rhs, len(n.Lhs), i); r != nil && o.construction(r) && o.inRequest(n) {
						built = true
					} else {
						other = true
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if objOf(o.info, name) == v {
					if r := rhsAt(n.Values, len(n.Names), i); r != nil && o.construction(r) && o.inRequest(n) {
						built = true
					} else if len(n.Values) > 0 {
						other = true
					}
				}
			}
		}
		return true
	})
	if built && !other {
		o.track(v)
		return true
	}
	return false
}

// construction reports whether e is &mcp.StreamableServerTransport{...},
// new(mcp.StreamableServerTransport) or a call of an SDK's
// NewStreamableServerTransport constructor, recording whether it sets a
// session id.
func (o *ownership) construction(e ast.Expr) (built bool) {
	if o.origin == nil {
		defer func() {
			if built {
				o.origin = e
			}
		}()
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		if !ok || !isSDK(o.info.TypeOf(lit), "StreamableServerTransport") {
			return false
		}
		if _, id := field(lit, "SessionID"); id != nil {
			if tv := o.info.Types[id]; tv.Value == nil || constant.StringVal(tv.Value) != "" {
				o.sessionful = true
			}
		}
		return true
	case *ast.CallExpr:
		if isSDKTransportConstructor(calledFunc(o.info, e)) && len(e.Args) >= 1 {
			// NewStreamableServerTransport(id, ...): sessionful unless the
			// id is the constant "".
			if tv := o.info.Types[e.Args[0]]; tv.Value == nil || tv.Value.Kind() != constant.String || constant.StringVal(tv.Value) != "" {
				o.sessionful = true
			}
			return true
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
			if _, builtin := o.info.Uses[id].(*types.Builtin); builtin {
				return isSDK(o.info.TypeOf(e.Args[0]), "StreamableServerTransport")
			}
		}
	}
	return false
}

// scan classifies every use of the tracked variables, adding local aliases
// as it finds them, until a close path or an ownership transfer is found.
func (o *ownership) scan() {
	for n := 0; n != len(o.vars) && !o.closed && !o.transferred; {
		n = len(o.vars)
		var stack []ast.Node
		ast.Inspect(o.scope, func(node ast.Node) bool {
			if node == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, node)
			if id, ok := node.(*ast.Ident); ok && o.vars[o.info.Uses[id]] {
				o.use(id, stack)
			}
			return true
		})
	}
}

// use classifies one use of a tracked value, the expression on top of
// stack (its ancestors below it).
func (o *ownership) use(e ast.Expr, stack []ast.Node) {
	i := len(stack) - 1
	for i > 0 {
		if _, ok := stack[i-1].(*ast.ParenExpr); !ok {
			break
		}
		i--
		e = stack[i].(ast.Expr)
	}
	if i == 0 {
		return
	}
	switch p := stack[i-1].(type) {
	case *ast.SelectorExpr:
		// ss.Close(), defer ss.Close(), or the method value ss.Close: a
		// close path. Other methods and fields (ServeHTTP, Wait,
		// InitializeParams, SessionID) neither close nor transfer.
		if p.X != e {
			return
		}
		if p.Sel.Name == "SessionID" && i >= 2 {
			if as, ok := stack[i-2].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(p)) {
				o.sessionful = true // t.SessionID = id
			}
		}
		if p.Sel.Name == "Close" {
			o.closed = true
			return
		}
		// entry.session, where entry holds the pair: the field is the value.
		if sel := o.info.Selections[p]; sel != nil && sel.Kind() == types.FieldVal && pairType(sel.Type()) {
			o.use(p, stack[:i])
		}
	case *ast.UnaryExpr: // &t
		o.use(p, stack[:i])
	case *ast.CallExpr:
		if p.Fun == e {
			return
		}
		if tv, ok := o.info.Types[p.Fun]; ok && tv.IsType() {
			o.use(p, stack[:i]) // a conversion: the same value
			return
		}
		switch {
		case isServerConnect(o.info, p), isServerRun(o.info, p), connectorFact(o.pass, p) != nil:
		case isSyncMapStore(o.info, p):
			if sel, ok := ast.Unparen(p.Fun).(*ast.SelectorExpr); ok {
				o.storedIn(sel.X)
			}
		case httpwrite.FormatsOnly(calledFunc(o.info, p)):
		default:
			o.transferred, o.handedOn = true, true // handed to another function (or append)
		}
	case *ast.ReturnStmt:
		o.transferred = true
		k := slices.Index(p.Results, e)
		if k < 0 || slices.ContainsFunc(stack[1:i], func(n ast.Node) bool { _, lit := n.(*ast.FuncLit); return lit }) {
			o.handedOn = true // returned by a closure, or inside a bigger result
			return
		}
		if isSDKPointer(o.info.TypeOf(e), "ServerSession") {
			o.returns[k] = true
		}
	case *ast.SendStmt:
		o.transferred, o.handedOn = true, true
	case *ast.CompositeLit, *ast.KeyValueExpr:
		// Part of a bigger value (entry{ss, t}): follow the outermost
		// value holding it, the "holder", like the value itself.
		j := i - 1
		for j > 0 {
			switch stack[j-1].(type) {
			case *ast.CompositeLit, *ast.KeyValueExpr, *ast.UnaryExpr, *ast.ParenExpr:
				j--
				continue
			}
			break
		}
		if holder, ok := stack[j].(ast.Expr); ok && j > 0 {
			o.use(holder, stack[:j+1])
		}
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == e {
				return // assigned to, not used
			}
		}
		for k, rhs := range p.Rhs {
			if rhs != e || len(p.Lhs) != len(p.Rhs) {
				continue
			}
			o.assigned(p.Lhs[k])
		}
	case *ast.ValueSpec:
		for k, val := range p.Values {
			if val == e && len(p.Names) == len(p.Values) {
				if v := o.info.Defs[p.Names[k]]; v != nil {
					o.track(v)
				}
			}
		}
	}
}

// assigned classifies storing a tracked value into lhs.
func (o *ownership) assigned(lhs ast.Expr) {
	lhs = ast.Unparen(lhs)
	if o.isMapIndex(lhs) {
		o.storedIn(lhs.(*ast.IndexExpr).X)
		return // the session-map recipe: still ours to close
	}
	id, ok := lhs.(*ast.Ident)
	if !ok {
		o.transferred, o.handedOn = true, true // a field, slice element or pointer target
		return
	}
	if id.Name == "_" {
		return
	}
	v, ok := objOf(o.info, id).(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		o.transferred, o.handedOn = true, true // a global
		return
	}
	o.track(v) // a local alias
}

func (o *ownership) isMapIndex(e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	_, isMap := o.info.TypeOf(ix.X).Underlying().(*types.Map)
	return isMap
}

// isSyncMapStore reports whether call stores into a sync.Map.
func isSyncMapStore(info *types.Info, call *ast.CallExpr) bool {
	fn := calledFunc(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !isPointerTo(recv.Type(), "sync", "Map") {
		return false
	}
	switch fn.Name() {
	case "Store", "LoadOrStore", "Swap", "CompareAndSwap":
		return true
	}
	return false
}

// pairType reports whether t is *mcp.ServerSession or
// *mcp.StreamableServerTransport: a field of that type in a holder is the
// tracked value itself.
func pairType(t types.Type) bool {
	return isSDKPointer(t, "ServerSession") || isSDKPointer(t, "StreamableServerTransport")
}

// onlyBlanked reports whether every use of v in scope is `_ = v`, which
// only silences the compiler: the session is discarded all the same.
func onlyBlanked(info *types.Info, scope ast.Node, v *types.Var) bool {
	blanked := map[*ast.Ident]bool{}
	ast.Inspect(scope, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, lhs := range as.Lhs {
				if l, ok := lhs.(*ast.Ident); ok && l.Name == "_" {
					if r, ok := ast.Unparen(as.Rhs[i]).(*ast.Ident); ok {
						blanked[r] = true
					}
				}
			}
		}
		return true
	})
	only := true
	ast.Inspect(scope, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && !blanked[id] {
			only = false
		}
		return only
	})
	return only
}

// storedIn records the map (a variable or a field) the pair was stored in.
func (o *ownership) storedIn(m ast.Expr) {
	if id := httpwrite.NameOf(m); id != nil {
		if obj := o.info.Uses[id]; obj != nil {
			o.maps = append(o.maps, obj)
		}
	}
}

// reaped reports whether the package ranges over one of maps and closes
// something in the loop: a reaper that ends idle sessions, refused
// handshakes included. A close of one entry looked up by id (a DELETE
// handler) does not count: a refused client never sends one.
//
// Ranging over (*mcp.Server).Sessions() and closing in the loop reaps every
// session of the server, stored anywhere or discarded, so it counts too.
func reaped(pass *analysis.Pass, maps []types.Object) bool {
	is := func(e ast.Expr) bool {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			return isServerSessions(pass.TypesInfo, call)
		}
		var id *ast.Ident
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = e
		case *ast.SelectorExpr:
			id = e.Sel
		}
		return id != nil && slices.Contains(maps, pass.TypesInfo.Uses[id])
	}
	found := false
	for _, f := range pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			var body ast.Node
			switch n := n.(type) {
			case *ast.RangeStmt:
				if is(n.X) {
					body = n.Body
				}
			case *ast.CallExpr: // m.Range(func(k, v any) bool { ... })
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Range" && is(sel.X) && len(n.Args) == 1 {
					body = n.Args[0]
				}
			}
			if body != nil && callsClose(body) && !shutdown(stack, body) {
				found = true
			}
			return !found
		})
	}
	return found
}

// shutdown reports whether a loop closing every entry of a map is a
// shutdown rather than a reaper: it closes unconditionally, runs once (not
// inside another loop, as a ticker's reaper does), and its function is named
// like a shutdown (closeAll, Shutdown, Stop). go-sdk's handler before v1.1.0
// had exactly that, and leaked refused handshakes until it ran.
func shutdown(stack []ast.Node, body ast.Node) bool {
	if conditionalClose(body) {
		return false
	}
	var name string
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return false // periodic
		case *ast.FuncLit:
			return false // a callback: may run from a ticker
		case *ast.FuncDecl:
			name = strings.ToLower(n.Name.Name)
		}
		if name != "" {
			break
		}
	}
	for _, w := range []string{"close", "shutdown", "stop", "drain", "teardown"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// conditionalClose reports whether body calls Close under an if, switch or
// select of its own: a selective close, as an idle reaper's.
func conditionalClose(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if n != body && callsClose(n) {
				found = true
			}
		}
		return !found
	})
	return found
}

// callsClose reports whether n calls a method named Close.
func callsClose(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" {
				found = true
			}
		}
		return !found
	})
	return found
}

// isServerSessions reports whether call calls (*mcp.Server).Sessions.
func isServerSessions(info *types.Info, call *ast.CallExpr) bool {
	fn := calledFunc(info, call)
	if fn == nil || fn.Name() != "Sessions" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && isSDKPointer(recv.Type(), "Server")
}

// ssaState builds the package's SSA form once, on the first Connect that
// needs it, with bodies for the declarations that call Connect only.
type ssaState struct {
	pass  *analysis.Pass
	funcs map[ast.Node]*ssa.Function
	decls map[*types.Func]*ast.FuncDecl // the package's, for keepsNothing
}

// paths runs the SSA path check for call, in the function fn, built per
// request in request (FuncDecl or FuncLit nodes).
func (s *ssaState) paths(call *ast.CallExpr, transportArg int, fn, request ast.Node) (pathResult, bool) {
	if s.funcs == nil {
		keep := map[*ast.FuncDecl]bool{}
		for _, fd := range bodiedDecls(s.pass) {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && (isServerConnect(s.pass.TypesInfo, c) || connectorFact(s.pass, c) != nil) {
					keep[fd] = true
				}
				return !keep[fd]
			})
		}
		// Paths follow values, never expressions: no debug mode.
		s.funcs = ssabuild.Build(s.pass, keep, ssabuild.Kept, false)
	}
	f, r := s.funcs[fn], s.funcs[request]
	if f == nil || r == nil {
		return pathResult{}, false
	}
	h := hooks{
		wrapper: func(fn *types.Func) bool { return fn != nil && s.pass.ImportObjectFact(fn, new(Connector)) },
		refusal: func(fn *types.Func) *RefusalDefeated {
			var d RefusalDefeated
			if fn != nil && s.pass.ImportObjectFact(fn, &d) {
				return &d
			}
			return nil
		},
		keeps: s.keepsNothing,
	}
	return connectPaths(f, call.Lparen, transportArg, r, h)
}

// keepsNothing reports whether fn is a method, declared in the package,
// whose body uses its receiver only to read or write fields that cannot
// hold the pair: not of a pair type, an interface type or a type of the
// package (another holder), nor promoted; and never the receiver itself (passed, returned,
// stored). go-sdk's sessionInfo.startPOST, which counts requests on the
// holder of a session, is one: calling it hands nothing on.
func (s *ssaState) keepsNothing(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != s.pass.Pkg {
		return false
	}
	if s.decls == nil {
		s.decls = map[*types.Func]*ast.FuncDecl{}
		for _, fd := range bodiedDecls(s.pass) {
			if obj, ok := s.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				s.decls[obj] = fd
			}
		}
	}
	fd := s.decls[fn.Origin()]
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	info := s.pass.TypesInfo
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return false
	}
	fields := map[*ast.Ident]bool{} // receiver uses that select a harmless field
	uses := 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			id, ok := ast.Unparen(n.X).(*ast.Ident)
			if !ok || info.Uses[id] != recv {
				return true
			}
			sel := info.Selections[n]
			if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
				return true
			}
			t := sel.Type()
			if p, ok := types.Unalias(t).(*types.Pointer); ok {
				t = p.Elem()
			}
			if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() == s.pass.Pkg {
				return true
			}
			if pairType(sel.Type()) || types.IsInterface(sel.Type()) {
				return true // the pair, or what may hold it
			}
			fields[id] = true
		case *ast.Ident:
			if info.Uses[n] == recv {
				uses++
			}
		}
		return true
	})
	return uses == len(fields)
}

// isServerRun reports whether call calls (*mcp.Server).Run.
func isServerRun(info *types.Info, call *ast.CallExpr) bool {
	return sdkMethod(calledFunc(info, call), "Server", "Run")
}

// checkRun reports (*mcp.Server).Run of a transport built per request on a
// context nothing cancels. Run closes the session only when the client ends
// it or its context is done, so with context.Background() (or a context of
// the long-lived code around the handler) a refused handshake leaves the
// session and Run's goroutine behind. Run on the request's own context ends
// with the request and is not reported.
func checkRun(pass *analysis.Pass, c *contexts, call *ast.CallExpr, stack []ast.Node, transport, ctx ast.Expr) {
	fn, scope := enclosing(stack)
	if c.kindOf(fn) != perRequest {
		return
	}
	request := requestFunc(c, stack)
	o := newOwnership(pass, scope, request)
	if !o.transport(transport) {
		return
	}
	o.scan()
	if o.closed || o.transferred || reaped(pass, o.maps) {
		return
	}
	if ctx != nil && !neverCancelled(pass.TypesInfo, ctx, request) {
		return // nil: a wrapper whose own context is never cancelled
	}
	finding(pass, call, catRunUncancelled,
		"Server.Run of a per-request transport on a context never cancelled leaks a refused handshake",
		relatedAt(o.origin, "transport built here, per request"), nil)
}

// neverCancelled reports whether ctx is certainly not cancelled when the
// request ends: context.Background(), context.TODO(), context.WithoutCancel
// of anything, or a variable of the long-lived code around the per-request
// function (declared before it, in an enclosing function). A context
// derived in the request (WithCancel, WithTimeout, r.Context()) may be.
func neverCancelled(info *types.Info, ctx ast.Expr, request ast.Node) bool {
	switch e := ast.Unparen(ctx).(type) {
	case *ast.CallExpr:
		fn := calledFunc(info, e)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
			return false
		}
		switch fn.Name() {
		case "Background", "TODO", "WithoutCancel":
			return true
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || request == nil {
			return false // a global may be anything
		}
		return v.Pos() < request.Pos() // declared outside the request function, in code around it
	}
	return false
}
