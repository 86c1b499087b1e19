package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Categories of the findings about whose id a session is registered under.
const (
	catAdopt    = "unknown-session-adopted" // a session created under an id nobody minted
	catFixation = "client-session-id-kept"  // an initialize keeps the client's id
)

// put is a write keyed by a value that may be a session id: m[k] = x,
// m.Store(k, x) and m.LoadOrStore(k, x) on a sync.Map, or the answer's
// Mcp-Session-Id header set to k. Only a map store of a struct of the
// package on a lookup's miss is a get-or-create: a LoadOrStore keyed by the
// id is also how a server that accepts any id on a GET stream (mcp-go's
// stateless mode) opens one, which only its session manager can tell.
type put struct {
	fn   ast.Node
	node ast.Node
	key  *ast.Ident
	m    string // the map, as written; "" for the header
	// getOrCreate is that the put runs when a lookup of the same map
	// under the same key missed.
	getOrCreate bool
	skip        map[*types.Var]bool // the variables of that lookup
	path        []ast.Node
	// own is that the value stored is a struct of the package (or a
	// pointer to one): a session, not a timestamp or a counter kept per id.
	own bool
	// record is that the put is a store's method handed a record built
	// with the key as its id (storedRecord): its lookup is a comma-ok
	// method of the same store.
	record bool
}

// ownStruct reports whether e is a struct, or a pointer to a struct, of a
// type declared in the package of the function storing it.
func ownStruct(info *types.Info, pkg *types.Package, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	_, isStruct := named.Underlying().(*types.Struct)
	obj := named.Obj()
	return isStruct && obj.Pkg() == pkg
}

// adoption reports a session registered under the client's own
// Mcp-Session-Id: a get-or-create keyed by the request's id (an unknown id
// is adopted, where the protocol answers 404 and the client
// re-initializes), called directly or through a helper of the package that
// creates on a miss of its parameter; and, in a branch that runs only for
// an initialize, a session stored under, or an Mcp-Session-Id answered
// with, a value that may be the id the client sent (session fixation: the
// server mints the id). A path that tested the id beyond its emptiness
// before (a lookup, a validator, a check given the request) is not judged.
func adoption(pass *analysis.Pass, sum *answers.Result, byFn map[ast.Node][]*put, found *adoptions) {
	info := pass.TypesInfo
	ext := pass.ResultOf[getOrCreates].(*getOrCreateResult)
	var puts []*put
	for _, n := range sum.Funcs {
		puts = append(puts, byFn[n]...)
	}
	if len(puts) == 0 && !ext.Any {
		return
	}
	// Helpers that create on a miss of a parameter, and their callers.
	type helper struct {
		put   *put
		param int
	}
	helpers := map[*types.Func]helper{}
	// keyed are the unexported functions with a put that is not a
	// get-or-create, keyed by a parameter or by a local (the handshake's
	// own function reading the header): they may run only for an
	// initialize, which their callers tell.
	keyed := map[*types.Func]bool{}
	for _, p := range puts {
		fd, ok := p.fn.(*ast.FuncDecl)
		if !ok {
			continue
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil {
			continue
		}
		if !isParam(info, p.fn, p.key) {
			if !p.getOrCreate && !fn.Exported() {
				keyed[fn] = true
			}
			continue
		}
		if p.getOrCreate {
			helpers[fn] = helper{p, paramIndex(fn, info.Uses[p.key])}
		} else if !fn.Exported() {
			keyed[fn] = true
		}
	}
	type call struct {
		fn   ast.Node
		call *ast.CallExpr
		h    helper
		path []ast.Node
	}
	var calls []call
	callers := map[*types.Func][]call{}
	if len(helpers) > 0 || len(keyed) > 0 || ext.Any {
		relevant := func(fn *types.Func, _ *ast.CallExpr) bool {
			_, h := helpers[fn.Origin()]
			_, e := ext.Of(fn.Origin())
			return h || e || keyed[fn.Origin()]
		}
		for _, cs := range callSites(pass, sum, relevant) {
			c, fn := cs.call, cs.fnc
			if h, ok := helpers[fn.Origin()]; ok && h.param >= 0 && h.param < len(c.Args) {
				calls = append(calls, call{cs.fn, c, h, cs.path})
			} else if i, ok := ext.Of(fn.Origin()); ok && i < len(c.Args) && !variadic(fn) {
				// A get-or-create of another package, known by its fact.
				calls = append(calls, call{cs.fn, c, helper{nil, i}, cs.path})
			}
			if keyed[fn.Origin()] {
				callers[fn.Origin()] = append(callers[fn.Origin()], call{fn: cs.fn, call: c, path: cs.path})
			}
		}
	}
	// A keyed function stays only if every call of it is in an
	// initialize branch (told without a scan first: scans cost).
	for fn := range keyed {
		cs := callers[fn]
		for _, c := range cs {
			if !session.InitializeBranchIn(info, c.path) {
				cs = nil
				break
			}
		}
		if len(cs) == 0 {
			delete(keyed, fn)
			delete(callers, fn)
		}
	}
	// Only the puts that may be judged need a scan of their function.
	need := map[ast.Node]bool{}
	kept := puts[:0]
	for _, p := range puts {
		fd, _ := p.fn.(*ast.FuncDecl)
		var fn *types.Func
		if fd != nil {
			fn, _ = info.Defs[fd.Name].(*types.Func)
		}
		if p.getOrCreate || session.InitializeBranchIn(info, p.path) || fn != nil && keyed[fn] {
			kept = append(kept, p)
			need[p.fn] = true
		}
	}
	puts = kept
	for _, c := range calls {
		need[c.fn] = true
	}
	for _, cs := range callers {
		for _, c := range cs {
			need[c.fn] = true
		}
	}
	if len(need) == 0 {
		return
	}
	scans := scansOf(pass, sum, need)

	reported := map[ast.Node]bool{}
	var carried []carriedCreate
	for _, c := range calls {
		s := scans[c.fn]
		arg := c.call.Args[c.h.param]
		if s != nil && !s.MayHoldLocalID(arg) && !s.Validated(c.path) {
			// The key is a parameter: judged by what the callers hand in.
			if id, ok := ast.Unparen(arg).(*ast.Ident); ok && isParam(info, c.fn, id) {
				if fn := funcOf(info, c.fn); fn != nil && !fn.Exported() {
					if i := paramIndex(fn, info.Uses[id]); i >= 0 {
						carried = append(carried, carriedCreate{fn: fn, param: i, call: c.call, put: c.h.put, node: c.fn})
					}
				}
			}
			continue
		}
		if s == nil || !s.MayHoldLocalID(arg) || s.Validated(c.path) {
			continue
		}
		d := analysis.Diagnostic{
			Pos: c.call.Pos(), End: c.call.End(), Category: catAdopt,
			Message: "creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id",
		}
		if c.h.put != nil {
			d.Related = []analysis.RelatedInformation{{Pos: c.h.put.node.Pos(), Message: "the session is created here when the lookup misses"}}
		} else {
			d.Message = fmt.Sprintf("%s creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id",
				httpwrite.Callee(info, c.call).Name())
			if h := idSource(pass, c.fn, arg); h != nil {
				d.Related = []analysis.RelatedInformation{{Pos: h.Pos(), End: h.End(), Message: "the client's id, taken as it comes"}}
			}
			if at := ext.At(httpwrite.Callee(info, c.call).Origin()); at.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: at, Message: "the session is created here when the lookup misses"})
			}
		}
		found.add(d)
		reported[c.fn] = true
	}
	if len(carried) > 0 {
		handed := carriedCalls(pass, sum, carried)
		for _, cc := range carried {
			hs := handed[cc.fn]
			if len(hs) == 0 || reported[cc.node] {
				continue
			}
			d := analysis.Diagnostic{
				Pos: cc.call.Pos(), End: cc.call.End(), Category: catAdopt,
				Message: "creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id",
			}
			init := true
			for _, h := range hs {
				init = init && h.init
			}
			if init {
				d.Category = catFixation
				d.Message = "an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it"
			}
			for _, h := range hs {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.call.Pos(), End: h.call.End(), Message: "the client's id, handed on unchecked"})
			}
			if cc.put != nil {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: cc.put.node.Pos(), Message: "the session is created here when the lookup misses"})
			}
			found.add(d)
			reported[cc.node] = true
		}
	}
	// In-function get-or-create, then fixation, one finding per function.
	for _, p := range puts {
		if !p.getOrCreate || reported[p.fn] || isParam(info, p.fn, p.key) {
			continue
		}
		s := scans[p.fn]
		if s == nil || !s.MayHoldLocalID(p.key) || s.ValidatedExcept(p.path, p.skip) {
			continue
		}
		found.add(analysis.Diagnostic{
			Pos: p.node.Pos(), End: p.node.End(), Category: catAdopt,
			Message: "creates a session under the client's Mcp-Session-Id when none is known: answer 404 to an unknown id",
		})
		reported[p.fn] = true
	}
	// initOnly is that every call of the function in the package is in a
	// branch that runs only for an initialize, none after a test of the id.
	initOnly := func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if !ok {
			return false
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil || fn.Exported() {
			return false // called from other packages too
		}
		cs := callers[fn]
		for _, c := range cs {
			s := scans[c.fn]
			if s == nil || !s.InitializeBranch(c.path) || s.Validated(c.path) {
				return false
			}
		}
		return len(cs) > 0
	}
	// callersPass is that a caller gives the put's key parameter a value
	// that may be the client's id.
	callersPass := func(p *put) bool {
		fd, ok := p.fn.(*ast.FuncDecl)
		if !ok {
			return false
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		i := paramIndex(fn, info.Uses[p.key])
		for _, c := range callers[fn] {
			if s := scans[c.fn]; s != nil && i >= 0 && i < len(c.call.Args) && s.MayHoldID(c.call.Args[i]) {
				return true
			}
		}
		return false
	}
	first := map[ast.Node]*analysis.Diagnostic{}
	var order []ast.Node
	for _, p := range puts {
		if reported[p.fn] {
			continue
		}
		s := scans[p.fn]
		if s == nil || s.Validated(p.path) {
			continue
		}
		if s.InitializeBranch(p.path) {
			if !s.MayHoldID(p.key) && !helperID(pass, sum, p.fn, p.key) {
				continue
			}
		} else if !initOnly(p.fn) || !s.MayHoldID(p.key) && !callersPass(p) {
			continue
		}
		if d := first[p.fn]; d != nil {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: p.node.Pos(), Message: "the client's id kept here too"})
			continue
		}
		first[p.fn] = &analysis.Diagnostic{
			Pos: p.node.Pos(), End: p.node.End(), Category: catFixation,
			Message: "an initialize keeps the client's own Mcp-Session-Id as the session id: the server mints it",
		}
		order = append(order, p.fn)
	}
	for _, n := range order {
		found.add(*first[n])
	}
}

func isParam(info *types.Info, fn ast.Node, key *ast.Ident) bool {
	v, _ := info.Uses[key].(*types.Var)
	if v == nil {
		return false
	}
	ft := httpwrite.FuncType(fn)
	if ft == nil {
		return false
	}
	for _, f := range ft.Params.List {
		for _, name := range f.Names {
			if info.Defs[name] == v {
				return true
			}
		}
	}
	return false
}

// walk calls f for every node of body outside nested function literals,
// with the path from body to it (the node included).
func walk(body *ast.BlockStmt, f func(n ast.Node, path []ast.Node)) {
	if body == nil {
		return
	}
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
		f(n, stack)
		return true
	})
}

// findPuts lists the puts of function n keyed by a plain variable.
func findPuts(info *types.Info, pkg *types.Package, n ast.Node) []*put {
	body := httpwrite.Body(n)
	var out []*put
	walk(body, func(x ast.Node, path []ast.Node) {
		switch x := x.(type) {
		case *ast.AssignStmt:
			if len(x.Lhs) != len(x.Rhs) {
				return
			}
			for i, l := range x.Lhs {
				ix, ok := ast.Unparen(l).(*ast.IndexExpr)
				if !ok {
					continue
				}
				if m, key := mapKey(info, ix); key != nil {
					out = append(out, &put{fn: n, node: x, key: key, m: m, path: append([]ast.Node(nil), path...),
						own: ownStruct(info, pkg, x.Rhs[i])})
				}
			}
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, x)
			switch {
			case fn == nil || len(x.Args) != 2:
			case httpwrite.IsMethod(fn, "sync", "Map", "Store"), httpwrite.IsMethod(fn, "sync", "Map", "LoadOrStore"):
				key, _ := ast.Unparen(x.Args[0]).(*ast.Ident)
				sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
				if key != nil && ok && isVar(info, key) {
					// A struct of the package stored after a Load of the
					// same key missed is a get-or-create, as with a map.
					out = append(out, &put{fn: n, node: x, key: key, m: types.ExprString(sel.X),
						path: append([]ast.Node(nil), path...), own: ownStruct(info, pkg, x.Args[1])})
				}
			case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Set"):
				key, _ := ast.Unparen(x.Args[1]).(*ast.Ident)
				if key != nil && isVar(info, key) && httpwrite.IsSessionHeader(info, x.Args[0]) {
					out = append(out, &put{fn: n, node: x, key: key, path: append([]ast.Node(nil), path...)})
				}
			}
			if p := storedRecord(info, body, n, x, path); p != nil {
				out = append(out, p)
			}
		}
	})
	for _, p := range out {
		if p.m != "" && p.own {
			p.getOrCreate, p.skip = onMiss(info, body, p)
		}
	}
	return out
}

// putsOf finds the puts of each function of the package outside tests,
// once for the rules that read them.
func putsOf(pass *analysis.Pass, sum *answers.Result) map[ast.Node][]*put {
	out := map[ast.Node][]*put{}
	for _, n := range sum.Funcs {
		if !httpwrite.InTest(pass, n) {
			if ps := findPuts(pass.TypesInfo, pass.Pkg, n); len(ps) > 0 {
				out[n] = ps
			}
		}
	}
	return out
}

func isVar(info *types.Info, id *ast.Ident) bool {
	_, ok := info.Uses[id].(*types.Var)
	return ok
}

// mapKey returns the map and the key variable of m[k] on a map keyed by a
// string type.
func mapKey(info *types.Info, ix *ast.IndexExpr) (string, *ast.Ident) {
	t := info.TypeOf(ix.X)
	if t == nil {
		return "", nil
	}
	mt, ok := t.Underlying().(*types.Map)
	if !ok {
		return "", nil
	}
	if b, ok := mt.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return "", nil
	}
	key, _ := ast.Unparen(ix.Index).(*ast.Ident)
	if key == nil || !isVar(info, key) {
		return "", nil
	}
	return types.ExprString(ix.X), key
}

// onMiss reports whether put p runs only when a lookup of the same map
// under the same key variable has missed: inside `if !ok` or `if v == nil`
// of v, ok := m[k] (or m.Load(k)), or after an `if ok` or `if v != nil`
// that returns. It returns the lookup's variables too.
func onMiss(info *types.Info, body *ast.BlockStmt, p *put) (bool, map[*types.Var]bool) {
	kv := info.Uses[p.key]
	found, value := map[*types.Var]bool{}, map[*types.Var]bool{}
	isLookup := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			m, key := mapKey(info, e)
			return key != nil && m == p.m && info.Uses[key] == kv
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, e)
			if fn == nil || len(e.Args) != 1 {
				return false
			}
			if !httpwrite.IsMethod(fn, "sync", "Map", "Load") && !(p.record && commaOK(fn)) {
				return false
			}
			key, _ := ast.Unparen(e.Args[0]).(*ast.Ident)
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			return key != nil && ok && info.Uses[key] == kv && types.ExprString(sel.X) == p.m
		}
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || a.Pos() >= p.node.Pos() || len(a.Rhs) != 1 || !isLookup(a.Rhs[0]) {
			return true
		}
		for i, l := range a.Lhs {
			id, _ := l.(*ast.Ident)
			if id == nil {
				continue
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			if v == nil {
				continue
			}
			if i == 0 && len(a.Lhs) <= 2 {
				value[v] = true
			} else if i == 1 {
				found[v] = true
			}
		}
		return true
	})
	if len(found) == 0 && len(value) == 0 {
		return false, nil
	}
	// miss reports whether term t, true in a branch, says the lookup
	// missed (want false: that it found the session).
	test := func(t httpwrite.Term, miss bool) bool {
		switch e := t.E.(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(e).(*types.Var)
			return found[v] && t.Truth != miss
		case *ast.BinaryExpr:
			var x ast.Expr
			if tv, ok := info.Types[e.Y]; ok && tv.IsNil() {
				x = e.X
			} else if tv, ok := info.Types[e.X]; ok && tv.IsNil() {
				x = e.Y
			}
			id, _ := ast.Unparen(x).(*ast.Ident)
			if id == nil {
				return false
			}
			v, _ := info.ObjectOf(id).(*types.Var)
			if !value[v] {
				return false
			}
			isNil := (e.Op.String() == "==") == t.Truth
			return isNil == miss
		}
		return false
	}
	vars := map[*types.Var]bool{}
	for v := range found {
		vars[v] = true
	}
	for v := range value {
		vars[v] = true
	}
	path := p.path
	for i := len(path) - 2; i >= 0; i-- {
		switch n := path[i].(type) {
		case *ast.IfStmt:
			inThen := path[i+1] == n.Body
			if !inThen && (n.Else == nil || path[i+1] != n.Else) {
				continue
			}
			for _, t := range httpwrite.Terms(n.Cond, inThen) {
				if test(t, true) {
					return !refusableAsk(info, body, kv, n.Pos(), p.node.Pos()), vars
				}
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st == path[i+1] {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || !httpwrite.EndsInReturn(ifs.Body) {
					continue
				}
				for _, t := range httpwrite.Terms(ifs.Cond, true) {
					if test(t, false) {
						return !refusableAsk(info, body, kv, ifs.End(), p.node.Pos()), vars
					}
				}
			}
		}
	}
	return false, nil
}

// refusableAsk reports that, between from and to, the key is handed to a
// call whose failure is tested and returned on right after it (rec, err :=
// db.Get(ctx, key); if err != nil { return ... }): a backing store asked
// whether the id exists, which a cache then fills from. What the put
// registers is then a session someone minted, not the client's id.
func refusableAsk(info *types.Info, body *ast.BlockStmt, key types.Object, from, to token.Pos) bool {
	asked := false
	ast.Inspect(body, func(n ast.Node) bool {
		if asked || n == nil {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		blk, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, st := range blk.List {
			if st.Pos() < from || st.End() > to || i+1 >= len(blk.List) {
				continue
			}
			a, ok := st.(*ast.AssignStmt)
			if !ok || len(a.Rhs) != 1 || len(a.Lhs) < 2 {
				continue
			}
			c, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
			if !ok || httpwrite.LogCall(info, c) {
				continue
			}
			handed := false
			for _, arg := range c.Args {
				if id, ok := ast.Unparen(arg).(*ast.Ident); ok && info.Uses[id] == key {
					handed = true
				}
			}
			next, ok := blk.List[i+1].(*ast.IfStmt)
			if !handed || !ok || !httpwrite.EndsInReturn(next.Body) {
				continue
			}
			for _, l := range a.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					if v, ok := info.ObjectOf(id).(*types.Var); ok && httpwrite.Mentions(info, next.Cond, v) {
						asked = true
					}
				}
			}
		}
		return !asked
	})
	return asked
}

// paramIndex is the index of v among fn's parameters, or -1.
func paramIndex(fn *types.Func, v types.Object) int {
	if fn == nil {
		return -1
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// registerNames are the methods by which a store keeps a record.
var registerNames = map[string]bool{
	"Save": true, "Store": true, "Put": true, "Set": true, "Add": true,
	"Insert": true, "Register": true, "Upsert": true,
}

// storedRecord recognises a store's method keeping a record built with
// the request's id as its own id: store.Save(sess), where sess was
// assigned &Session{ID: sid, ...} in the function before the call. The
// key is the id the record carries, the store the call's receiver.
func storedRecord(info *types.Info, body *ast.BlockStmt, fn ast.Node, call *ast.CallExpr, path []ast.Node) *put {
	callee := httpwrite.Callee(info, call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if callee == nil || !ok || callee.Signature().Recv() == nil || !registerNames[callee.Name()] || len(call.Args) != 1 {
		return nil
	}
	arg, _ := ast.Unparen(call.Args[0]).(*ast.Ident)
	v, _ := info.Uses[arg].(*types.Var)
	if v == nil || !idRecord(v.Type()) {
		return nil
	}
	var key *ast.Ident
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || a.Pos() >= call.Pos() || len(a.Lhs) != len(a.Rhs) {
			return true
		}
		for i, l := range a.Lhs {
			if id, ok := l.(*ast.Ident); !ok || info.ObjectOf(id) != v {
				continue
			}
			if k := recordID(info, a.Rhs[i]); k != nil {
				key = k
			}
		}
		return true
	})
	if key == nil || askedElsewhere(info, path, call, info.Uses[key]) {
		return nil
	}
	return &put{fn: fn, node: call, key: key, m: types.ExprString(sel.X), path: append([]ast.Node(nil), path...), own: true, record: true}
}

// askedElsewhere reports whether the branch holding call (the innermost
// if's) hands the key to another call before it: a backup, a database or
// a peer asked whether the id exists, as a resume does, may have refused
// it there.
func askedElsewhere(info *types.Info, path []ast.Node, call *ast.CallExpr, key types.Object) bool {
	var branch *ast.BlockStmt
	for i := len(path) - 1; i > 0 && branch == nil; i-- {
		if ifs, ok := path[i-1].(*ast.IfStmt); ok && path[i] == ifs.Body {
			branch = ifs.Body
		}
	}
	if branch == nil {
		return false
	}
	asked := false
	ast.Inspect(branch, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || c == call || c.Pos() >= call.Pos() {
			return !asked
		}
		if httpwrite.LogCall(info, c) {
			return false // a log line asks nobody
		}
		for _, a := range c.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == key {
				asked = true
			}
		}
		return !asked
	})
	return asked
}

// idRecord reports a struct, or a pointer to one, with a string field
// named for an id: the record a store keeps a session as.
func idRecord(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); idField(f.Name(), f.Type()) {
			return true
		}
	}
	return false
}

// idField reports a string field named for an id: ID, Id, SessionID.
func idField(name string, t types.Type) bool {
	if n := strings.ToLower(name); n != "id" && n != "sessionid" {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// recordID is the string variable a struct literal (or its address)
// gives its id field: ID, Id, SessionID and the like.
func recordID(info *types.Info, e ast.Expr) *ast.Ident {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name, _ := kv.Key.(*ast.Ident)
		val, _ := ast.Unparen(kv.Value).(*ast.Ident)
		if name != nil && val != nil && isVar(info, val) && idField(name.Name, info.TypeOf(val)) {
			return val
		}
	}
	return nil
}

// commaOK is that fn is a method returning a value and whether it was
// found.
func commaOK(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 2 {
		return false
	}
	b, ok := sig.Results().At(1).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
