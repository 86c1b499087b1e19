package refusedhandshake

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// A hand-rolled session table is a map (or sync.Map) held in a struct field
// or a package variable, into which a session is registered under an id.
// tables collects, for one package, what its functions do to such tables:
// which functions mint ids, which register a session under an id they mint
// or under one of their parameters, and which tables anything ever empties.

// regParam is a function that registers a session under its parameter idx.
type regParam struct {
	idx   int
	table *types.Var
	node  ast.Node // where it registers: its store, or its call of a registrar
}

// regSite is one registration of a session under a freshly minted id: a
// store into a table, or a call of a function that makes one.
type regSite struct {
	node  ast.Node // the assignment or call
	table *types.Var
	// initOnly is that the site calls a registrar that registers only
	// under a test naming initialize.
	initOnly bool
	// keys are the variables naming the entry: the fresh id, or the
	// session a registering call returned. A removal that names none of
	// them takes out some other entry (an expired one), not this one.
	keys map[*types.Var]bool
	// via is where the called registrar registers, when the site is a
	// call of one: the finding names it.
	via ast.Node
	// mintedHere is that the id is minted in the site's own function (a
	// store, or a registrar called with it), not by the registrar called.
	mintedHere bool
}

type tables struct {
	pass  *analysis.Pass
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	// minters return an id nobody chose but the server (random, a uuid).
	minters map[*types.Func]bool
	// stores memoises foreignStore by named type, made on first use
	// (the facts' partial tables ask too).
	stores map[*types.Named]bool
	// regFresh register a session under an id they mint themselves.
	regFresh map[*types.Func]*types.Var
	// regNode is where each registrar of regFresh registers.
	regNode map[*types.Func]ast.Node
	// calleeRef memoizes calleeRefusal.
	calleeRef map[*types.Func]ast.Node
	// initOnly are the registrars that register only under a test naming
	// initialize.
	initOnly map[*types.Func]bool
	regParam map[*types.Func]regParam
	// removed are the tables an entry is ever taken out of, reset, or
	// handed to code that may: the package does not keep them growing.
	removed map[*types.Var]bool
	// removers are the functions that take entries out of each table.
	removers map[*types.Func]map[*types.Var]bool
	// summaries say, per function, whether it answers an HTTP error
	// (status 400 or more) itself and whether it names the Mcp-Session-Id
	// header; computed when first asked.
	summaries map[*types.Func]summary
	// valueUse marks functions referenced other than by a direct call.
	valueUse map[*types.Func]bool
	// sessionTab are the tables a request's Mcp-Session-Id is looked up
	// in; nil until a handler with a registration asks (isSessionTable).
	sessionTab map[*types.Var]bool
	// idFuncs return the request's Mcp-Session-Id; set with sessionTab.
	idFuncs map[*types.Func]bool
	// storeFns store into some table; callees are the package functions
	// each function calls. Only these can become registrars.
	storeFns map[*types.Func]bool
	callees  map[*types.Func]map[*types.Func]bool
	// calls are the direct calls of each package function: the stack from
	// the file down to the call.
	calls map[*types.Func][][]ast.Node
	// impls memoizes implementations, implTypes implementers; concrete
	// are pointers to the package's named types that are not interfaces.
	impls     map[*types.Func][]*types.Func
	implTypes map[*types.Named][]types.Type
	concrete  []types.Type
}

// mentionsProtocol is the cheap gate: the package names the Mcp-Session-Id
// header or the initialize method in a constant, or declares the
// initialize parameters' protocolVersion field. A session table of any
// other package is not an MCP one.
func mentionsProtocol(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.BasicLit:
				found = n.Kind == token.STRING && (httpwrite.IsSessionHeader(pass.TypesInfo, n) || isInitConst(pass.TypesInfo, n) || strings.Contains(n.Value, `json:"protocolVersion`))
			case *ast.Ident:
				if c, ok := pass.TypesInfo.Uses[n].(*types.Const); ok && c.Pkg() != pass.Pkg && c.Val().Kind() == constant.String {
					v := constant.StringVal(c.Val())
					found = strings.EqualFold(v, "Mcp-Session-Id") || v == "initialize"
				}
			}
			return !found
		})
	}
	return found
}

// isInitConst reports whether e is the constant "initialize".
func isInitConst(info *types.Info, e ast.Expr) bool {
	s, ok := httpwrite.StringConst(info, e)
	return ok && s == "initialize"
}

func newTables(pass *analysis.Pass) *tables {
	t := &tables{
		pass:      pass,
		info:      pass.TypesInfo,
		decls:     map[*types.Func]*ast.FuncDecl{},
		minters:   map[*types.Func]bool{},
		regFresh:  map[*types.Func]*types.Var{},
		regNode:   map[*types.Func]ast.Node{},
		calleeRef: map[*types.Func]ast.Node{},
		initOnly:  map[*types.Func]bool{},
		regParam:  map[*types.Func]regParam{},
		removed:   map[*types.Var]bool{},
		removers:  map[*types.Func]map[*types.Var]bool{},
		summaries: map[*types.Func]summary{},
		valueUse:  map[*types.Func]bool{},
		calls:     map[*types.Func][][]ast.Node{},
		storeFns:  map[*types.Func]bool{},
		callees:   map[*types.Func]map[*types.Func]bool{},
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					t.decls[fn] = fd
				}
			}
		}
	}
	t.scanUses()
	// Wrappers: a function whose string result is another minter's, or
	// that calls a registrar with a fresh id or its own parameter.
	for changed := true; changed; {
		changed = false
		for fn, fd := range t.decls {
			if !t.minters[fn] && t.mintsResult(fd) {
				t.minters[fn] = true
				changed = true
			}
			if !t.storeFns[fn] && !t.callsRegistrar(fn) {
				continue
			}
			if _, ok := t.regFresh[fn]; !ok {
				if s := t.sites(fd.Body); len(s) > 0 && (!isHandlerFunc(t.info, fd) || t.returnsEntry(fd, s)) {
					// A handler is judged itself, not as a registrar,
					// unless it hands the entry it registered to its
					// caller.
					t.regFresh[fn] = s[0].table
					// The related position names where the fresh id meets
					// the table: a store, or a call handing the id minted
					// here to a registrar; a call of a registrar that mints
					// its own id is not where the entry is made.
					for _, x := range s {
						if x.table == s[0].table && x.mintedHere {
							t.regNode[fn] = x.node
							break
						}
					}
					t.initOnly[fn] = true
					for _, x := range s {
						if !x.initOnly && !t.dominatedByInit(fd.Body, x.node) {
							t.initOnly[fn] = false
						}
					}
					changed = true
				}
			}
			if isHandlerFunc(t.info, fd) {
				continue
			}
			if _, ok := t.regParam[fn]; !ok {
				if rp, ok := t.paramRegistration(fn, fd); ok {
					t.regParam[fn] = rp
					changed = true
				}
			}
		}
	}
	return t
}

// freshRegistrar returns the table fn registers a session in under an id
// it mints, where it does, and whether it does so only for an initialize:
// a registrar of this package, another package's with a FreshRegistrar
// fact, or a method of a sealed interface of this package every
// implementation of which is one, in the same table.
func (t *tables) freshRegistrar(fn *types.Func) (tab *types.Var, via ast.Node, initOnly bool) {
	if tab := t.regFresh[fn]; tab != nil {
		return tab, t.regNode[fn], t.initOnly[fn] || namedInit(fn)
	}
	if tab := t.importedFresh(fn); tab != nil {
		return tab, nil, namedInit(fn)
	}
	impls := t.implementations(fn)
	if len(impls) == 0 {
		return nil, nil, false
	}
	initOnly = true
	for _, m := range impls {
		mtab, mvia, minit := t.freshRegistrar(m)
		if mtab == nil || tab != nil && mtab != tab {
			return nil, nil, false
		}
		if tab == nil {
			tab, via = mtab, mvia
		}
		initOnly = initOnly && minit
	}
	return tab, via, initOnly || namedInit(fn)
}

// implementations returns, for a method of an interface this package
// declares and seals (an unexported method keeps other packages' types
// out), the methods of the package's types that implement it: what a call
// through the interface may run. Nil for any other function.
func (t *tables) implementations(fn *types.Func) []*types.Func {
	// Most calls are of functions and concrete methods: no memo for them.
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() != t.pass.Pkg || !types.IsInterface(recv.Type()) {
		return nil
	}
	if impls, ok := t.impls[fn]; ok {
		return impls
	}
	var impls []*types.Func
	defer func() {
		if t.impls == nil {
			t.impls = map[*types.Func][]*types.Func{}
		}
		t.impls[fn] = impls
	}()
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() != t.pass.Pkg {
		return nil
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	sealed := false
	for i := range iface.NumMethods() {
		if !iface.Method(i).Exported() {
			sealed = true
		}
	}
	if !sealed {
		return nil
	}
	for _, ptr := range t.implementers(named, iface) {
		obj, _, _ := types.LookupFieldOrMethod(ptr, false, t.pass.Pkg, fn.Name())
		m, _ := obj.(*types.Func)
		if m == nil || t.decls[m] == nil {
			// Promoted from an embedded type, or without a body here:
			// what the call runs is not in sight.
			impls = nil
			return nil
		}
		impls = append(impls, m)
	}
	return impls
}

// implementers returns the pointers to the package's named types that
// implement iface, the underlying interface of named, computed once per
// interface.
func (t *tables) implementers(named *types.Named, iface *types.Interface) []types.Type {
	if ts, ok := t.implTypes[named]; ok {
		return ts
	}
	if t.implTypes == nil {
		t.implTypes = map[*types.Named][]types.Type{}
		scope := t.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && !types.IsInterface(tn.Type()) {
				t.concrete = append(t.concrete, types.NewPointer(tn.Type()))
			}
		}
	}
	var ts []types.Type
	for _, ptr := range t.concrete {
		if types.Implements(ptr, iface) {
			ts = append(ts, ptr)
		}
	}
	t.implTypes[named] = ts
	return ts
}

// callsRegistrar reports whether fn calls a function already known to
// register a session.
func (t *tables) callsRegistrar(fn *types.Func) bool {
	for callee := range t.callees[fn] {
		if t.regFresh[callee] != nil {
			return true
		}
		if _, ok := t.regParam[callee]; ok {
			return true
		}
	}
	return false
}

// scanUses records every removal of a table entry, every reference to a
// package function that is not a call, and the calls themselves.
func (t *tables) scanUses() {
	for _, f := range t.pass.Files {
		var stack []ast.Node
		var fn *types.Func
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn, _ = t.info.Defs[n.Name].(*types.Func)
			case *ast.CallExpr:
				// A store behind an interface may expire its entries
				// itself (a TTL): it is never judged removed nowhere.
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if tab := t.storeOf(sel.X); tab != nil {
						t.removed[tab] = true
					}
				}
				if tab := t.removal(n); tab != nil {
					t.removed[tab] = true
					if fn != nil {
						if t.removers[fn] == nil {
							t.removers[fn] = map[*types.Var]bool{}
						}
						t.removers[fn][tab] = true
					}
				}
				if callee := calledFunc(t.info, n); callee != nil && t.decls[callee] != nil {
					t.calls[callee] = append(t.calls[callee], append([]ast.Node(nil), stack...))
					if fn != nil {
						if t.callees[fn] == nil {
							t.callees[fn] = map[*types.Func]bool{}
						}
						t.callees[fn][callee] = true
					}
				}
				if tab, _ := t.store(n); tab != nil && fn != nil {
					t.storeFns[fn] = true
				}
				if callee := calledFunc(t.info, n); callee != nil && fn != nil && (callee.Pkg() != t.pass.Pkg || t.decls[callee] == nil) {
					// Another package's registrar, or a method of a sealed
					// interface of this one, may register: sites decides.
					if t.importedFresh(callee) != nil || len(t.implementations(callee)) > 0 {
						t.storeFns[fn] = true
					}
					for _, tab := range t.importedRemovals(callee) {
						if t.removers[fn] == nil {
							t.removers[fn] = map[*types.Var]bool{}
						}
						t.removers[fn][tab] = true
					}
				}
				// A table handed to another function may be emptied there.
				for _, a := range n.Args {
					if tab := t.tableOf(a); tab != nil && !isBuiltin(t.info, n, "delete", "clear", "len") {
						t.removed[tab] = true
					}
				}
			case *ast.UnaryExpr:
				if tab := t.tableOf(n.X); tab != nil && n.Op == token.AND {
					t.removed[tab] = true
				}
			case *ast.AssignStmt:
				if tab, _ := t.store(n); tab != nil && fn != nil {
					t.storeFns[fn] = true
				}
				for i, l := range n.Lhs {
					tab := t.tableOf(l)
					if tab == nil {
						continue
					}
					// A fresh map in a constructor does not empty anything; any
					// other assignment replaces the table.
					if len(n.Rhs) == len(n.Lhs) && isFreshMap(t.info, n.Rhs[i]) {
						continue
					}
					t.removed[tab] = true
				}
				for _, r := range n.Rhs {
					if tab := t.tableOf(r); tab != nil {
						t.removed[tab] = true // aliased: the alias may delete
					}
				}
			case *ast.Ident:
				if obj, ok := t.info.Uses[n].(*types.Func); ok && t.decls[obj.Origin()] != nil && !isCallee(stack) {
					t.valueUse[obj.Origin()] = true
				}
			}
			return true
		})
	}
}

// isCallee reports whether the identifier at the top of stack is what a
// call calls (f(...) or x.f(...)).
func isCallee(stack []ast.Node) bool {
	id := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.SelectorExpr:
			if p.Sel != id {
				return false
			}
			id = p
		case *ast.ParenExpr:
			id = p
		case *ast.IndexExpr, *ast.IndexListExpr: // generic instantiation
			id = p
		case *ast.CallExpr:
			return p.Fun == id
		default:
			return false
		}
	}
	return false
}

func isFreshMap(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		return isBuiltin(info, e, "make")
	}
	return false
}

func isBuiltin(info *types.Info, call *ast.CallExpr, names ...string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	if !ok {
		return false
	}
	for _, n := range names {
		if b.Name() == n {
			return true
		}
	}
	return false
}

// tableOf returns the field or package variable e names when it holds a
// map or a sync.Map, else nil.
func (t *tables) tableOf(e ast.Expr) *types.Var {
	var v *types.Var
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		sel, ok := t.info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			return nil
		}
		v, _ = sel.Obj().(*types.Var)
	case *ast.Ident:
		obj, ok := t.info.Uses[e].(*types.Var)
		if !ok || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return nil
		}
		v = obj
	default:
		return nil
	}
	if v == nil || !isTableType(v.Type()) {
		return nil
	}
	return v
}

// A store verb is what a method of a session store does with the key it is
// handed: find, keep or drop the entry.
type storeVerb int

const (
	storeLookup storeVerb = iota + 1
	storeSave
	storeRemove
)

// storeVerbs are the method names a session store behind an interface
// spells its operations with.
var storeVerbs = map[string]storeVerb{
	"Get": storeLookup, "Load": storeLookup, "Find": storeLookup, "Lookup": storeLookup,
	"Exists": storeLookup, "Has": storeLookup, "Fetch": storeLookup,
	"Save": storeSave, "Set": storeSave, "Put": storeSave, "Store": storeSave,
	"Create": storeSave, "Add": storeSave, "Register": storeSave, "Insert": storeSave,
	"Delete": storeRemove, "Remove": storeRemove, "Evict": storeRemove, "Destroy": storeRemove, "Del": storeRemove,
}

// storeOf returns the struct field e names when it holds a store of the
// package's sessions kept out of its sight: an interface value, whose
// implementation (memory, Redis, a database) is chosen elsewhere, or a
// concrete store type of another package (store.RedisStore) whose methods
// both look entries up and keep them. Its methods are read by their verbs
// (storeVerbs), keyed by their first argument after a context; it is a
// session table only when a request's Mcp-Session-Id is looked up in it,
// as a map is.
func (t *tables) storeOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := t.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	if v == nil || !types.IsInterface(v.Type()) && !t.foreignStore(v.Type()) {
		return nil
	}
	return v
}

// foreignStore reports a named type (or a pointer to one) of another
// package, outside the standard library, whose method set has both a
// lookup verb and a keeping verb of storeVerbs: a session store whose
// entries live where the package cannot see them (a Redis or SQL store),
// read by its verbs as an interface's methods are. A type of the package
// itself is read through its bodies instead.
func (t *tables) foreignStore(typ types.Type) bool {
	named, _ := types.Unalias(typ).(*types.Named)
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		named, _ = types.Unalias(p.Elem()).(*types.Named)
	}
	if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg() == t.pass.Pkg || httpwrite.IsStd(named.Obj().Pkg().Path()) {
		return false
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return false
	}
	if is, ok := t.stores[named]; ok {
		return is
	}
	var lookup, keep bool
	mset := types.NewMethodSet(types.NewPointer(named))
	for i := range mset.Len() {
		switch storeVerbs[mset.At(i).Obj().Name()] {
		case storeLookup:
			lookup = true
		case storeSave:
			keep = true
		}
	}
	if t.stores == nil {
		t.stores = map[*types.Named]bool{}
	}
	t.stores[named] = lookup && keep
	return lookup && keep
}

// storeKey is the key a store method is handed: its first argument after
// a context.Context, or nil.
func (t *tables) storeKey(call *ast.CallExpr) ast.Expr {
	args := call.Args
	if len(args) > 0 && isNamed(t.info.TypeOf(args[0]), "context", "Context") {
		args = args[1:]
	}
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

func isTableType(typ types.Type) bool {
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		typ = p.Elem()
	}
	if isNamed(typ, "sync", "Map") {
		return true
	}
	_, ok := typ.Underlying().(*types.Map)
	return ok
}

func isSyncMap(typ types.Type) bool {
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		typ = p.Elem()
	}
	return isNamed(typ, "sync", "Map")
}

// removal returns the table call takes an entry out of (or empties).
func (t *tables) removal(call *ast.CallExpr) *types.Var {
	if isBuiltin(t.info, call, "delete", "clear") && len(call.Args) > 0 {
		return t.tableOf(call.Args[0])
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	switch sel.Sel.Name {
	case "Delete", "LoadAndDelete", "CompareAndDelete", "Clear", "CompareAndSwap", "Swap":
		if tab := t.tableOf(sel.X); tab != nil && isSyncMap(tab.Type()) {
			return tab
		}
	}
	if storeVerbs[sel.Sel.Name] == storeRemove {
		return t.storeOf(sel.X)
	}
	return nil
}

// store returns the table and key of a registration: m[k] = v, or
// m.Store(k, v) / m.LoadOrStore(k, v) on a sync.Map.
func (t *tables) store(n ast.Node) (*types.Var, ast.Expr) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN {
			return nil, nil
		}
		for _, l := range n.Lhs {
			if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
				if tab := t.tableOf(ix.X); tab != nil {
					return tab, ix.Index
				}
			}
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		if storeVerbs[sel.Sel.Name] == storeSave {
			if tab := t.storeOf(sel.X); tab != nil {
				if key := t.storeKey(n); key != nil {
					return tab, key
				}
			}
		}
		if len(n.Args) != 2 || (sel.Sel.Name != "Store" && sel.Sel.Name != "LoadOrStore") {
			return nil, nil
		}
		if tab := t.tableOf(sel.X); tab != nil && isSyncMap(tab.Type()) {
			return tab, n.Args[0]
		}
	}
	return nil, nil
}

// sites returns the registrations of body (not of the function literals in
// it) under an id minted on the way: a store keyed by a fresh id, a call of
// a function that registers under an id it mints, or under its argument
// when that argument is fresh.
func (t *tables) sites(body *ast.BlockStmt) []regSite {
	if body == nil {
		return nil
	}
	// The variables a registering call's results go to name the entry.
	results := map[*ast.CallExpr][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				results[call] = as.Lhs
			}
		}
		return true
	})
	var out []regSite
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt, *ast.CallExpr:
			if tab, key := t.store(n); tab != nil && t.fresh(body, key, n.Pos(), 0) {
				out = append(out, regSite{n, tab, false, t.varsIn(key), nil, true})
				return true
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := calledFunc(t.info, call); fn != nil {
					if tab, via, initOnly := t.freshRegistrar(fn); tab != nil {
						keys := map[*types.Var]bool{}
						for _, l := range results[call] {
							for v := range t.varsIn(l) {
								keys[v] = true
							}
						}
						out = append(out, regSite{call, tab, initOnly, keys, via, false})
					} else if f, tab := t.importedRegistrar(fn); f != nil && f.Param < len(call.Args) && t.fresh(body, call.Args[f.Param], call.Pos(), 0) {
						keys := t.varsIn(call.Args[f.Param])
						for _, l := range results[call] {
							for v := range t.varsIn(l) {
								keys[v] = true
							}
						}
						out = append(out, regSite{call, tab, namedInit(fn), keys, nil, true})
					} else if rp, ok := t.regParam[fn]; ok && rp.idx < len(call.Args) && t.fresh(body, call.Args[rp.idx], call.Pos(), 0) {
						keys := t.varsIn(call.Args[rp.idx])
						for _, l := range results[call] {
							for v := range t.varsIn(l) {
								keys[v] = true
							}
						}
						out = append(out, regSite{call, rp.table, namedInit(fn), keys, rp.node, true})
					}
				}
			}
		}
		return true
	})
	return out
}

// namedInit reports whether fn's name says it handles initialize: it is
// then taken to run only for one, wherever the dispatch to it lives (read
// generously, as a test naming initialize is: a guess that it does not
// would be a false finding).
func namedInit(fn *types.Func) bool { return initName(fn.Name()) }

// initName reports a function name that says it handles initialize.
func initName(name string) bool { return strings.Contains(strings.ToLower(name), "init") }

// returnsEntry reports whether fd returns what one of its registrations
// registered (the fresh id or the session value).
func (t *tables) returnsEntry(fd *ast.FuncDecl, sites []regSite) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range r.Results {
				for _, s := range sites {
					if e.Pos() <= s.node.Pos() && s.node.End() <= e.End() {
						found = true // return reg.add(...)
					}
				}
				for v := range t.varsIn(e) {
					for _, s := range sites {
						if s.keys[v] {
							found = true
						}
					}
				}
			}
		}
		return true
	})
	return found
}

// varsIn returns the local variables e refers to.
func (t *tables) varsIn(e ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			obj := t.info.Uses[id]
			if obj == nil {
				obj = t.info.Defs[id]
			}
			if v, ok := obj.(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// paramRegistration reports whether fd registers a session keyed by one of
// its parameters, itself or through a registrar it hands the parameter to.
func (t *tables) paramRegistration(fn *types.Func, fd *ast.FuncDecl) (regParam, bool) {
	params := map[*types.Var]int{}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			if v, ok := t.info.Defs[name].(*types.Var); ok {
				params[v] = i
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	assigned := map[*types.Var]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := t.info.Uses[id].(*types.Var); ok {
						assigned[v] = true
					}
				}
			}
		}
		return true
	})
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, _ := t.info.Uses[id].(*types.Var)
		idx, ok := params[v]
		return idx, ok && !assigned[v] && types.Identical(v.Type(), types.Typ[types.String])
	}
	var out regParam
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if tab, key := t.store(n); tab != nil {
			if idx, ok := param(key); ok {
				out, found = regParam{idx, tab, n}, true
			}
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if g := calledFunc(t.info, call); g != nil && g != fn {
				if rp, ok := t.regParam[g]; ok && rp.idx < len(call.Args) {
					if idx, ok := param(call.Args[rp.idx]); ok {
						out, found = regParam{idx, rp.table, call}, true
					}
				}
			}
		}
		return !found
	})
	return out, found
}

// summary is what one function of the package does that its callers'
// rules read.
type summary struct {
	errWriter    bool // answers an HTTP error itself
	headerReader bool // names the Mcp-Session-Id header
}

// summaryOf summarizes fn, a function of the package, once, when a rule
// first asks: most functions are never the callee a rule looks at.
func (t *tables) summaryOf(fn *types.Func) summary {
	if s, ok := t.summaries[fn]; ok {
		return s
	}
	var s summary
	if fd := t.decls[fn]; fd != nil {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				s.errWriter = s.errWriter || errorWrite(t.info, n)
			case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
				s.headerReader = s.headerReader || httpwrite.IsSessionHeader(t.info, n.(ast.Expr))
			}
			return true
		})
	}
	t.summaries[fn] = s
	return s
}

// isSessionTable reports whether tab is a session table, finding them all
// on the first call.
func (t *tables) isSessionTable(tab *types.Var) bool {
	if t.sessionTab == nil {
		t.sessionTab = t.sessionTables()
	}
	return t.sessionTab[tab]
}

// errorWrite reports whether call answers an HTTP error: http.Error, or
// WriteHeader, a framework's writer or a framework's error with a constant
// status of 400 or more.
func errorWrite(info *types.Info, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil {
		return false
	}
	switch {
	case httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "Error") && len(call.Args) == 3:
		s, ok := httpwrite.IntConst(info, call.Args[2])
		return !ok || s >= 400
	case fn.Name() == "WriteHeader" && len(call.Args) == 1:
		s, ok := httpwrite.IntConst(info, call.Args[0])
		return ok && s >= 400
	}
	// A framework's writer or error given a constant error status.
	s, ok := httpwrite.FrameworkStatus(info, call)
	return ok && s >= 400
}

// mintsResult reports whether every return of fd yields a freshly minted
// string as its first result.
func (t *tables) mintsResult(fd *ast.FuncDecl) bool {
	res := fd.Type.Results
	if res == nil || res.NumFields() == 0 {
		return false
	}
	if !types.Identical(t.info.TypeOf(res.List[0].Type), types.Typ[types.String]) {
		return false
	}
	params := map[*types.Var]bool{}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if v, ok := t.info.Defs[n].(*types.Var); ok {
				params[v] = true
			}
		}
	}
	// A function may mint only for a request that carries no id and
	// return the client's own otherwise: for a request without one its
	// result is still fresh.
	ok, any := true, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if r, isRet := n.(*ast.ReturnStmt); isRet {
			if failing(t.info, fd, r) {
				return false // the caller tests the error before using the id
			}
			if len(r.Results) == 0 {
				ok = false
			} else if t.fresh(fd.Body, r.Results[0], r.Pos(), 0) {
				any = true
			} else if !t.clientOrMinted(fd.Body, params, r.Results[0], r.Pos()) {
				ok = false
			}
		}
		return ok
	})
	return ok && any
}

// failing reports whether r, a return of fd whose last result is an error,
// returns an error that is not nil: (string, error) generators fail so.
func failing(info *types.Info, fd *ast.FuncDecl, r *ast.ReturnStmt) bool {
	res := fd.Type.Results.List
	last := info.TypeOf(res[len(res)-1].Type)
	if last == nil || !types.Identical(last, types.Universe.Lookup("error").Type()) || len(r.Results) < 2 {
		return false
	}
	e := ast.Unparen(r.Results[len(r.Results)-1])
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return false
	}
	return true
}

// mintedWhenAbsent reports whether v, holding the client's header value
// (or a value the caller handed in), is replaced by a fresh id before pos
// when it is empty (id := r.Header.Get(k); if id == "" { id = newID() }):
// for a request that carries no id, v is one the server minted, as a
// function that mints only then returns one (mintsResult).
func (t *tables) mintedWhenAbsent(body *ast.BlockStmt, v *types.Var, pos token.Pos, depth int) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok || !httpwrite.IsEmptyTest(t.info, is.Cond, v) || is.Body.End() > pos {
			return true
		}
		for _, st := range is.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				continue
			}
			if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok && t.info.Uses[id] == v && t.fresh(body, as.Rhs[0], as.Pos(), depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// mintedFallback reports a value that is the request's header when it
// came and a fresh id when it did not: a framework's header read given a
// fresh default (fiber's c.Get(k, uuid.NewString())), or cmp.Or of values
// one of which is fresh. Like if id == "" { id = newID() }, it is fresh on
// the path where the client sent none.
func (t *tables) mintedFallback(body *ast.BlockStmt, e ast.Expr, pos token.Pos, depth int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	var alts []ast.Expr
	switch fn := httpwrite.Callee(t.info, call); {
	case httpwrite.IsFunc(fn, "cmp", "Or"):
		alts = call.Args
	case len(call.Args) > 1 && t.headerGet(call):
		alts = call.Args[1:]
	}
	for _, a := range alts {
		if t.fresh(body, a, pos, depth+1) {
			return true
		}
	}
	return false
}

// idPkgs are packages whose constructors return random identifiers.
var idPkgs = map[string]bool{"uuid": true, "xid": true, "ulid": true, "ksuid": true, "shortuuid": true, "go-nanoid": true, "nanoid": true}

// fresh reports whether e, evaluated at pos in body, is an id the server
// just minted: random text, a uuid, an encoding of random bytes, a prefix
// joined to one, a minter's result, or a variable (or a field of a literal)
// last assigned one.
func (t *tables) fresh(body *ast.BlockStmt, e ast.Expr, pos token.Pos, depth int) bool {
	if depth > 4 || e == nil {
		return false
	}
	// A record handed to a store (Save(ctx, &Session{ID: newID()})) is
	// kept under its id: fresh when its id field is.
	if field := recordIDField(t.info.TypeOf(e)); field != "" {
		return t.recordFresh(body, e, field, pos, depth)
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (t.fresh(body, e.X, pos, depth+1) || t.fresh(body, e.Y, pos, depth+1))
	case *ast.Ident:
		v, ok := t.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if rhs := lastAssign(t.info, body, v, pos); rhs != nil {
			if t.headerGet(rhs) {
				return t.mintedFallback(body, rhs, pos, depth) || t.mintedWhenAbsent(body, v, pos, depth)
			}
			return t.fresh(body, rhs, rhs.Pos(), depth+1)
		}
		// An id the caller handed in, replaced by a minted one when it
		// is empty: fresh on the path where none came.
		return t.mintedWhenAbsent(body, v, pos, depth)
	case *ast.SelectorExpr:
		// s.ID of s := &Session{ID: mint()}
		id, ok := ast.Unparen(e.X).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := t.info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		rhs := lastAssign(t.info, body, v, pos)
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
			// s.ID of s := newSession(), a constructor of the package
			// whose literal mints it.
			if fn := httpwrite.Callee(t.info, call); fn != nil && t.decls[fn.Origin()] != nil {
				return t.ctorFresh(t.decls[fn.Origin()], e.Sel.Name, depth+1)
			}
			return false
		}
		return t.fieldFresh(body, rhs, e.Sel.Name, depth)
	case *ast.CallExpr:
		if tv, ok := t.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return t.randomBytes(body, e.Args[0]) || t.fresh(body, e.Args[0], pos, depth+1)
		}
		if t.mintedFallback(body, e, pos, depth) {
			return true
		}
		fn := httpwrite.Callee(t.info, e)
		if fn == nil {
			return false
		}
		if t.minters[fn.Origin()] {
			return true
		}
		pkg := ""
		if fn.Pkg() != nil {
			pkg = vendorless(fn.Pkg().Path())
		}
		sig, _ := fn.Type().(*types.Signature)
		switch {
		case pkg == "crypto/rand" && fn.Name() == "Text", pkg == "time" && fn.Name() == "Now":
			// A clock reading is an id no client chose either.
			return true
		case sig != nil && sig.Recv() != nil && timeFormats[fn.Name()] && isNamed(sig.Recv().Type(), "time", "Time"):
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			return ok && t.fresh(body, sel.X, pos, depth+1)
		case pkg == "strconv" && (fn.Name() == "Itoa" || fn.Name() == "FormatInt" || fn.Name() == "FormatUint"):
			return len(e.Args) >= 1 && t.fresh(body, e.Args[0], pos, depth+1)
		case sig != nil && sig.Recv() == nil && idPkgs[path.Base(strings.TrimSuffix(pkg, "/v2"))] && fn.Name() != "Parse" && fn.Name() != "MustParse" && !strings.HasPrefix(fn.Name(), "From"):
			return true
		case sig != nil && sig.Recv() != nil && (fn.Name() == "String" || fn.Name() == "Hex" || fn.Name() == "EncodeToString"):
			if fn.Name() == "EncodeToString" {
				return len(e.Args) == 1 && (t.randomBytes(body, e.Args[0]) || t.fresh(body, e.Args[0], pos, depth+1))
			}
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			return ok && t.fresh(body, sel.X, pos, depth+1)
		case pkg == "encoding/hex" && fn.Name() == "EncodeToString", pkg == "fmt" && strings.HasPrefix(fn.Name(), "Sprint"):
			for _, a := range e.Args {
				if t.randomBytes(body, a) || t.fresh(body, a, pos, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// timeFormats are the methods of time.Time that spell a reading as an id.
var timeFormats = map[string]bool{"UnixNano": true, "UnixMicro": true, "UnixMilli": true, "Unix": true, "String": true, "Format": true}

// recordIDField is the id field of a record, a struct or a pointer to one
// with one string field named ID, Id or SessionID (in any case); "" for
// any other type, and for a record with two such fields, whose key the
// store may take from either.
func recordIDField(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	field := ""
	for i := range st.NumFields() {
		f := st.Field(i)
		b, ok := f.Type().Underlying().(*types.Basic)
		if n := strings.ToLower(f.Name()); (n != "id" && n != "sessionid") || !ok || b.Kind() != types.String {
			continue
		}
		if field != "" {
			return ""
		}
		field = f.Name()
	}
	return field
}

// recordFresh reports whether e, a record whose id is field, carries a
// fresh id: a literal setting it to one, a variable last assigned such a
// literal or the result of a constructor of the package that sets it, or
// a view of such a record its method returns (sess.toState()), which
// keeps the id it copies.
func (t *tables) recordFresh(body *ast.BlockStmt, e ast.Expr, field string, pos token.Pos, depth int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr, *ast.CompositeLit:
		return t.fieldFresh(body, e, field, depth)
	case *ast.Ident:
		v, ok := t.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		rhs := lastAssign(t.info, body, v, pos)
		return rhs != nil && t.recordFresh(body, rhs, field, rhs.Pos(), depth+1)
	case *ast.CallExpr:
		fn := httpwrite.Callee(t.info, e)
		if fn == nil || depth > 4 {
			return false
		}
		if fd := t.decls[fn.Origin()]; fd != nil && fn.Signature().Recv() == nil {
			return t.ctorFresh(fd, field, depth+1)
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || len(e.Args) != 0 || fn.Signature().Recv() == nil || t.decls[fn.Origin()] == nil {
			return false
		}
		if own := recordIDField(t.info.TypeOf(sel.X)); own != "" {
			return t.recordFresh(body, sel.X, own, pos, depth+1)
		}
	}
	return false
}

// fieldFresh reports whether lit (or &lit) sets field to a fresh id.
func (t *tables) fieldFresh(body *ast.BlockStmt, lit ast.Expr, field string, depth int) bool {
	if u, ok := lit.(*ast.UnaryExpr); ok && u.Op == token.AND {
		lit = u.X
	}
	cl, ok := lit.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range cl.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
				return t.fresh(body, kv.Value, kv.Pos(), depth+1)
			}
		}
	}
	return false
}

// ctorFresh reports whether every value fd returns first sets field to a
// fresh id: a literal returned, or a variable last assigned one.
func (t *tables) ctorFresh(fd *ast.FuncDecl, field string, depth int) bool {
	if depth > 4 || fd.Body == nil {
		return false
	}
	ok, any := true, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		r, isRet := n.(*ast.ReturnStmt)
		if !isRet || !ok {
			return ok
		}
		if len(r.Results) == 0 {
			ok = false
			return false
		}
		if failing(t.info, fd, r) {
			return false
		}
		e := ast.Unparen(r.Results[0])
		if id, isID := e.(*ast.Ident); isID {
			if v, isVar := t.info.Uses[id].(*types.Var); isVar {
				e = lastAssign(t.info, fd.Body, v, r.Pos())
			}
		}
		if e != nil && t.fieldFresh(fd.Body, e, field, depth) {
			any = true
		} else {
			ok = false
		}
		return false
	})
	return ok && any
}

// randomBytes reports whether e is a byte slice that body fills from
// crypto/rand (rand.Read(b), io.ReadFull(rand.Reader, b)), or a slice of one.
func (t *tables) randomBytes(body *ast.BlockStmt, e ast.Expr) bool {
	e = ast.Unparen(e)
	if s, ok := e.(*ast.SliceExpr); ok {
		e = ast.Unparen(s.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := t.info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := httpwrite.Callee(t.info, call)
		if fn == nil || fn.Pkg() == nil {
			return true
		}
		var buf ast.Expr
		switch {
		case fn.Pkg().Path() == "crypto/rand" && fn.Name() == "Read" && len(call.Args) == 1:
			buf = call.Args[0]
		case fn.Pkg().Path() == "io" && fn.Name() == "ReadFull" && len(call.Args) == 2 && fromCryptoRand(t.info, call.Args[0]):
			buf = call.Args[1]
		}
		if buf != nil {
			if s, ok := ast.Unparen(buf).(*ast.SliceExpr); ok {
				buf = s.X
			}
			if bid, ok := ast.Unparen(buf).(*ast.Ident); ok && t.info.Uses[bid] == v {
				found = true
			}
		}
		return true
	})
	return found
}

func fromCryptoRand(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand"
}

// lastAssign returns the value last assigned to v before pos by an
// assignment whose block also holds pos (so it reaches pos on every path
// through that block), or nil.
func lastAssign(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos) ast.Expr {
	var best ast.Expr
	var bestPos token.Pos
	var blocks []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			blocks = blocks[:len(blocks)-1]
			return true
		}
		blocks = append(blocks, n)
		if n.Pos() >= pos {
			return false
		}
		var lhs []ast.Expr
		var rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, name := range n.Names {
				lhs = append(lhs, name)
			}
			rhs = n.Values
		default:
			return true
		}
		for i, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			if obj != v || !enclosesPos(blocks, pos) {
				continue
			}
			var val ast.Expr
			if len(rhs) == len(lhs) {
				val = rhs[i]
			} else if len(rhs) == 1 && i == 0 {
				val = rhs[0]
			}
			if n.Pos() > bestPos {
				best, bestPos = val, n.Pos()
			}
		}
		return true
	})
	return best
}

// enclosesPos reports whether the innermost block of stack (the statement
// list an assignment sits in) also holds pos.
func enclosesPos(stack []ast.Node, pos token.Pos) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch b := stack[i].(type) {
		case *ast.BlockStmt:
			return b.Pos() <= pos && pos < b.End()
		case *ast.CaseClause:
			return b.Pos() <= pos && pos < b.End()
		case *ast.CommClause:
			return b.Pos() <= pos && pos < b.End()
		}
	}
	return false
}
