package errclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// kind is what an error's origin says about whose fault it is.
type kind int

const (
	// decode: the client's bytes did not decode (json.Unmarshal,
	// Decoder.Decode, jsonrpc.DecodeMessage): -32700 is right.
	decode kind = iota + 1
	// read: reading the body failed (io.ReadAll): a 400, or 413 over a limit.
	read
	// internal: the server failed (an id generator, a store, a hook,
	// Server.Connect, recover()): 500 with -32603.
	internal
	// client: a sentinel error the code defines for a fault of the
	// client's (ErrSessionNotFound, ErrInvalidParams).
	client
)

// origin is one call an error may come from.
type origin struct {
	kind kind
	name string    // the call as the user wrote it, for messages
	leaf string    // the call the failure started at, for facts; name when ""
	body bool      // the call reads a stream (the body): it fails on a body over a limit
	pos  token.Pos // the call (or the sentinel's declaration), for Related; may be NoPos
	// shape: a decode of a json.RawMessage member of a message already
	// decoded; those bytes are JSON, so it fails only on the wrong shape.
	shape bool
	// params: that member is the message's params, the client's.
	params bool
	// typed: a decode into a target valid JSON can fail to fit (a struct,
	// a map, a slice, a type with its own UnmarshalJSON, a framework's
	// binder): it fails on JSON of the wrong shape as well as on bytes
	// that are not JSON. Only json.RawMessage and the empty interface take
	// every JSON value.
	typed bool
	// state: not an error but a server-side component found down
	// (stateDown), or the session table found full (full, fullTable).
	state, full bool
	// upstream: a request the server sends upstream. Its failure is the
	// server's where the handler sends it; a library that sends one on
	// the client's behalf (an OAuth code exchange) fails on the client's
	// input too, so it is not carried in facts.
	upstream bool
	// reply: a read or decode of an upstream's response, the bytes the
	// upstream sent (upstream is set too).
	reply bool
	// recv is the type of the value an interface method was called on
	// (SessionStore), for rules that read what the call looks up.
	recv string
	// lookup: that interface method is a keyed lookup (keyedLookup).
	lookup bool
	// encode: an encoding (json.Marshal, Encoder.Encode, a codec's
	// Marshal). Of the server's own value it fails for the server; of a
	// value decoded from the request (m.Params marshalled again) it
	// cannot fail at all, so it says nothing about whose params are wrong.
	encode bool
	// own: a failure no request can cause, whatever id it names (a
	// random source, an encoding of the server's own value, a recovered
	// panic), unlike a store's, which fails for a key it does not hold.
	own bool
	// reqBody: a decode of the request's own body in a function of
	// another package that returns its error without answering it
	// (originFact.BodyDecode); pos is that decode. mcp is that the
	// function names MCP (the jsonrpc member, an MCP header).
	reqBody, mcp bool
}

// headline is the call as a headline names it: the call in this package
// (rpcutil.Register), without the failure it leads to in another
// (" (from s.Put)"), which the related information gives.
func (o origin) headline() string {
	name, _, _ := strings.Cut(o.name, " (from ")
	return name
}

// related is the origin as a finding's related information.
func (o origin) related(msg string) []analysis.RelatedInformation {
	if !o.pos.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: o.pos, Message: msg}}
}

// root is the call the failure started at.
func (o origin) root() string {
	if o.leaf != "" {
		return o.leaf
	}
	return o.name
}

// originFact records where the errors a function returns come from, for
// callers in other packages: whether some come from decoding the client's
// bytes or reading its body, and the first server-side failure among them.
type originFact struct {
	Decode   bool
	Shape    bool // some decode a json.RawMessage member already decoded
	Read     bool
	Client   bool   // some are a sentinel of the client's fault
	Internal string // the call a server-side failure comes from, or ""
	// Own is the call of a failure no request can cause (origin.own): a
	// random source, or a store whose not-found was told apart.
	Own string
	// BodyDecode is the line, from the function's name, of a decode of
	// the request's own body (a parameter's) whose error the function
	// returns without answering it; 0 when none. BodyMCP is that the
	// function decoding it names MCP.
	BodyDecode int
	BodyMCP    bool
}

func (*originFact) AFact() {}

func (f *originFact) String() string {
	var parts []string
	if f.Decode {
		parts = append(parts, "decode")
	}
	if f.Shape {
		parts = append(parts, "shape")
	}
	if f.Read {
		parts = append(parts, "read")
	}
	if f.Client {
		parts = append(parts, "client")
	}
	if f.Own != "" {
		parts = append(parts, "own "+f.Own)
	}
	if f.Internal != "" {
		parts = append(parts, "internal "+f.Internal)
	}
	return "errors(" + strings.Join(parts, ", ") + ")"
}

// tracer follows error values back to the calls they come from, within the
// package through SSA and across packages through originFacts. A call or
// value it learns to place must be a leaf to mayOriginate too, or exported
// functions that reach only it are never built.
type tracer struct {
	importFact func(*types.Func) *originFact
	// importOwn reports a function of another package with an
	// ownErrorsFact.
	importOwn func(*types.Func) bool
	info      *types.Info
	// decls are this package's function declarations, whether or not
	// their SSA was built (declIndex).
	decls func() map[*types.Func]*ast.FuncDecl
	// lineOf is the start of the line offset lines after fn's name, in
	// fn's file as this package sees it; fn's own position when that
	// line is not known.
	lineOf func(fn *types.Func, offset int) token.Pos
	pkg    *types.Package
	funcs  map[*types.Func]*ssa.Function // this package's functions
	memo   map[*ssa.Function][]origin
}

// origins returns the calls v may come from. Values it cannot follow (a
// parameter, a global, a field) contribute nothing: errclass stays silent
// about errors it cannot place.
func (t *tracer) origins(v ssa.Value, seen map[ssa.Value]bool) []origin {
	if v == nil || seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Call:
		return t.call(v.Common(), seen)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			out := t.call(c.Common(), seen)
			if notFoundTested(v) {
				// The store's "no such key" is handled apart where
				// the error is made: what else it returns is the
				// store failing, whatever key was asked for.
				for i := range out {
					if out[i].kind == internal {
						out[i].own = true
					}
				}
			}
			return out
		}
	case *ssa.Phi:
		var out []origin
		for _, e := range v.Edges {
			out = append(out, t.origins(e, seen)...)
		}
		return out
	case *ssa.MakeInterface:
		return t.origins(v.X, seen)
	case *ssa.ChangeInterface:
		return t.origins(v.X, seen)
	case *ssa.ChangeType:
		return t.origins(v.X, seen)
	case *ssa.TypeAssert:
		return t.origins(v.X, seen)
	case *ssa.UnOp:
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return t.reaching(alloc, v, seen)
		}
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			out := sentinel(g)
			// Point at the declaration only when it is in this
			// package's files.
			for i := range out {
				if g.Pkg == nil || g.Pkg.Pkg != t.pkg {
					out[i].pos = token.NoPos
				}
			}
			return out
		}
	}
	return nil
}

// sentinel classifies a package-level error variable by what its name
// says (var ErrSessionNotFound = errors.New(...)): the fault of the client
// (not found, invalid, expired, exists, too large) or of the server
// (unavailable, internal, timeout, storage). A name that says neither
// places the error nowhere, and errclass stays silent about it.
func sentinel(g *ssa.Global) []origin {
	obj, ok := g.Object().(*types.Var)
	if !ok {
		return nil
	}
	return sentinelVar(obj, g.Pos())
}

// sentinelVar is sentinel for the variable's object, pos its declaration.
func sentinelVar(obj *types.Var, pos token.Pos) []origin {
	if !httpwrite.IsErrorType(obj.Type()) {
		return nil
	}
	name := obj.Name()
	if obj.Pkg() != nil {
		name = obj.Pkg().Name() + "." + name
	}
	n := strings.ToLower(obj.Name())
	for _, w := range []string{"unavailable", "unreachable", "internal", "timeout", "timedout", "storage", "database", "shutdown", "overload"} {
		if strings.Contains(n, w) {
			return []origin{{kind: internal, name: name, pos: pos}}
		}
	}
	for _, w := range []string{"notfound", "exists", "invalid", "malformed", "missing", "unknown", "expired", "badrequest",
		"unsupported", "toolarge", "duplicate", "conflict", "denied", "unauthorized", "forbidden", "required"} {
		if strings.Contains(n, w) {
			return []origin{{kind: client, name: name, pos: pos}}
		}
	}
	return nil
}

// reaching returns the origins of the values stored into a local variable
// (one SSA keeps in memory because a closure captures it) that can reach
// the instruction at: walking back from it, the last store on each path.
// Stores made by closures are not followed: a callback (a stream's
// deliver func) runs at another time than the code around it, and an
// origin errclass is unsure of must not make a finding.
func (t *tracer) reaching(alloc *ssa.Alloc, at ssa.Instruction, seen map[ssa.Value]bool) []origin {
	var out []origin
	visited := map[*ssa.BasicBlock]bool{}
	// last scans b's instructions before index end, backwards, and
	// reports whether it found a store (or the allocation itself, before
	// which the variable does not exist).
	last := func(b *ssa.BasicBlock, end int) bool {
		for i := end - 1; i >= 0; i-- {
			switch in := b.Instrs[i].(type) {
			case *ssa.Store:
				if in.Addr == alloc {
					out = append(out, t.origins(in.Val, seen)...)
					return true
				}
			case *ssa.Alloc:
				if in == alloc {
					return true
				}
			}
		}
		return false
	}
	b := at.Block()
	if b == nil {
		return nil
	}
	end := 0
	for i, in := range b.Instrs {
		if in == at {
			end = i
			break
		}
	}
	if last(b, end) {
		return out
	}
	work := append([]*ssa.BasicBlock(nil), b.Preds...)
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		if visited[p] {
			continue
		}
		visited[p] = true
		if !last(p, len(p.Instrs)) {
			work = append(work, p.Preds...)
		}
	}
	return out
}

// debugRef returns the DebugRef instruction of fn that evaluates e, or nil.
func debugRef(fn *ssa.Function, e ast.Expr) *ssa.DebugRef {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ref, ok := in.(*ssa.DebugRef); ok && ref.Expr == e {
				return ref
			}
		}
	}
	return nil
}

// variadic returns the origins of the values packed into a ...any argument.
func (t *tracer) variadic(v ssa.Value, seen map[ssa.Value]bool) []origin {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []origin
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, t.origins(st.Val, seen)...)
			}
		}
	}
	return out
}

// call classifies the call an error comes from; each origin it returns
// without a position gets the call's.
func (t *tracer) call(c *ssa.CallCommon, seen map[ssa.Value]bool) []origin {
	out := t.callOrigins(c, seen)
	for i := range out {
		if !out[i].pos.IsValid() {
			out[i].pos = c.Pos()
		}
	}
	return out
}

func (t *tracer) callOrigins(c *ssa.CallCommon, seen map[ssa.Value]bool) []origin {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		if b.Name() == "recover" {
			return []origin{{kind: internal, name: "recover()", own: true}}
		}
		return nil
	}
	if c.IsInvoke() {
		return t.invoke(c)
	}
	callee := c.StaticCallee()
	if callee == nil {
		return t.dynamic(c)
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		// A closure called in place: follow its returns.
		return t.returns(callee)
	}
	if internalFuncs[fn.FullName()] {
		return []origin{{kind: internal, name: describe(fn)}}
	}
	if upstreamCall(fn) {
		return []origin{{kind: internal, name: describe(fn), upstream: true}}
	}
	if k, ok := known(fn); ok {
		if (k == decode || k == read) && upstreamBytes(c) {
			return []origin{{kind: internal, name: describe(fn), upstream: true, reply: true}}
		}
		shape := k == decode && httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Unmarshal") && len(c.Args) == 2 && rawMember(c.Args[0])
		return []origin{{kind: k, name: describe(fn), body: readsStream(fn), shape: shape, params: shape && paramsMember(c.Args[0]),
			typed: k == decode && typedDecode(fn, c.Args), own: ownFailure(fn), encode: encodes(fn)}}
	}
	switch {
	case httpwrite.IsFunc(fn, "fmt", "Errorf"), httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Join"):
		// A wrapped error comes from what it wraps; %v of recover() too.
		if n := len(c.Args); n > 0 {
			return t.variadic(c.Args[n-1], seen)
		}
		return nil
	case httpwrite.IsFunc(fn, httpwrite.PkgErrors, "New"):
		return nil
	}
	if fn.Pkg() == t.pkg {
		if f := t.funcs[fn]; f != nil {
			return t.returns(f)
		}
		return nil
	}
	if existenceApart(fn) {
		// Absence is the bool: the error is the database failing,
		// whatever sentinels the package's code paths also name.
		return []origin{{kind: internal, name: describe(fn)}}
	}
	if f := t.importFact(fn); f != nil {
		out := f.origins(describe(fn))
		if f.BodyDecode > 0 {
			out = append(out, origin{kind: decode, name: describe(fn), reqBody: true, mcp: f.BodyMCP, pos: t.lineOf(fn, f.BodyDecode)})
		}
		return out
	}
	out := codec(fn.Type().(*types.Signature), describe(fn), false)
	if len(out) == 1 && out[0].kind == decode && upstreamBytes(c) {
		return []origin{{kind: internal, name: describe(fn), upstream: true, reply: true}}
	}
	return out
}

// existenceApart reports a method of a database package (one whose API is
// built on database/sql: an ORM, a query builder) that reports whether the
// record exists as a bool beside its error, (found bool, err error) or
// (T, bool, error): a record the client named that does not exist is the
// bool, so the error is the database failing, not the client's input.
func existenceApart(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	if sig.Recv() == nil || fn.Pkg() == nil || res.Len() < 2 || res.Len() > 3 ||
		!httpwrite.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	if b, ok := res.At(res.Len() - 2).Type().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	return httpwrite.Imports(fn.Pkg(), "database/sql")
}

func (f *originFact) origins(via string) []origin {
	var out []origin
	if f.Decode {
		out = append(out, origin{kind: decode, name: via})
	}
	if f.Shape {
		out = append(out, origin{kind: decode, name: via, shape: true})
	}
	if f.Read {
		out = append(out, origin{kind: read, name: via})
	}
	if f.Client {
		out = append(out, origin{kind: client, name: via})
	}
	if f.Own != "" {
		out = append(out, origin{kind: internal, name: via + " (from " + f.Own + ")", leaf: f.Own, own: true})
	}
	if f.Internal != "" {
		out = append(out, origin{kind: internal, name: via + " (from " + f.Internal + ")", leaf: f.Internal})
	}
	return out
}

// returns is the origins of the errors f returns, memoised; a recursive
// call contributes nothing.
func (t *tracer) returns(f *ssa.Function) []origin {
	if o, ok := t.memo[f]; ok {
		return o
	}
	t.memo[f] = nil
	res := f.Signature.Results()
	if res.Len() == 0 || !httpwrite.IsErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []origin
	seen := map[ssa.Value]bool{}
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == res.Len() {
			v := ret.Results[res.Len()-1]
			o := t.origins(v, seen)
			if len(o) == 0 && fresh(v) {
				o = t.guarded(b, seen)
			}
			out = append(out, o...)
		}
	}
	t.memo[f] = out
	return out
}

// fresh reports an error made where it is returned: errors.New, fmt.Errorf
// wrapping nothing errclass places, or a value of an error type the
// function builds (&validationError{...}). What it says is the condition
// it is returned under.
func fresh(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		}
		break
	}
	switch v := v.(type) {
	case *ssa.Call:
		callee := v.Common().StaticCallee()
		if callee == nil {
			return false
		}
		fn, _ := callee.Object().(*types.Func)
		return httpwrite.IsFunc(fn, httpwrite.PkgErrors, "New") || httpwrite.IsFunc(fn, "fmt", "Errorf")
	case *ssa.Alloc:
		return builtValue(v)
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		return ok && v.Op == token.MUL && builtValue(a)
	}
	return false
}

// builtValue reports an allocation of a value the function builds (a
// struct literal), not of a variable holding an interface (an error a
// closure assigns), whose value comes from elsewhere.
func builtValue(a *ssa.Alloc) bool {
	p, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, iface := p.Elem().Underlying().(*types.Interface)
	return !iface
}

// guarded is the origins of the error tested by the if whose then branch
// holds b and returns there, straight: if err := store.Save(ctx, s); err !=
// nil { return errors.New("could not save") } fails exactly when Save
// does. Only the nearest test counts, and only one of err != nil (or the
// else of err == nil): under a condition that also tests something else
// (err != nil && !errors.Is(err, ErrX)) the error is not placed.
func (t *tracer) guarded(b *ssa.BasicBlock, seen map[ssa.Value]bool) []origin {
	for d := b; d != nil; {
		dom := d.Idom()
		if dom == nil || len(dom.Instrs) == 0 {
			return nil
		}
		if ifs, ok := dom.Instrs[len(dom.Instrs)-1].(*ssa.If); ok {
			if o := fullTable(dom, d); o != nil {
				return []origin{*o}
			}
			cmp, ok := ifs.Cond.(*ssa.BinOp)
			if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
				return nil
			}
			err, other := cmp.X, cmp.Y
			if c, ok := err.(*ssa.Const); ok && c.IsNil() {
				err, other = other, err
			}
			if c, ok := other.(*ssa.Const); !ok || !c.IsNil() || !httpwrite.IsErrorType(err.Type()) {
				return nil
			}
			then := dom.Succs[0]
			if cmp.Op == token.EQL {
				then = dom.Succs[1]
			}
			if d != then {
				return nil
			}
			return t.origins(err, seen)
		}
		// Straight-line code between the test and the return.
		if len(d.Preds) != 1 || d.Preds[0] != dom || len(dom.Succs) != 1 {
			return nil
		}
		d = dom
	}
	return nil
}

// invoke classifies a call through an interface. A method of a
// non-standard interface that takes a context first is a store or hook of
// the server's (SessionStore.Get(ctx, id), EventStore.Append(ctx, ...)); its
// failure is the server's.
func (t *tracer) invoke(c *ssa.CallCommon) []origin {
	m := c.Method
	if internalFuncs[m.FullName()] {
		return []origin{{kind: internal, name: describeValue(c.Value) + "." + m.Name()}}
	}
	if httpwrite.IsMethod(m, httpwrite.PkgHTTP, "RoundTripper", "RoundTrip") {
		return []origin{{kind: internal, name: describeValue(c.Value) + "." + m.Name(), upstream: true}}
	}
	if o := invokedCodec(c); o != nil {
		return o
	}
	if k, ok := known(m); ok {
		// A framework context's binder, through echo's Context interface.
		return []origin{{kind: k, name: describeValue(c.Value) + "." + m.Name(), body: true, typed: k == decode}}
	}
	sig := m.Type().(*types.Signature)
	if sig.Params().Len() == 0 || !httpwrite.IsNamed(sig.Params().At(0).Type(), "context", "Context") {
		return nil
	}
	if dispatches(m.Name(), sig) {
		return nil
	}
	if iface, ok := c.Value.Type().Underlying().(*types.Interface); ok && keyedLookup(sig) && t.ownImplementations(iface, m) {
		return nil
	}
	return []origin{{kind: internal, name: describeValue(c.Value) + "." + m.Name(), recv: types.TypeString(c.Value.Type(), nil), lookup: keyedLookup(sig)}}
}

// keyedLookup reports a method given a string key after its context that
// returns a value and an error (Get(ctx, name) (*Backend, error)): a
// lookup of what the key names.
func keyedLookup(sig *types.Signature) bool {
	res := sig.Results()
	if sig.Params().Len() < 2 || res.Len() != 2 || !httpwrite.IsErrorType(res.At(1).Type()) {
		return false
	}
	b, ok := sig.Params().At(1).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// ownImplementations reports, for a keyed lookup, an interface whose implementations, among
// the concrete types of this package, of the interface's and of the
// packages this one imports, are all known and make every error of the
// method in place, wrapping nothing (ownErrors: an in-memory registry's
// "backend %s not found"; for another package's, its ownErrorsFact). The
// call's failure is then the implementation's answer about its input, not
// an outage. With no implementation in sight (one wired in by a main
// package elsewhere), or one whose errors come from elsewhere (a
// database's, even one errclass cannot place), it stays the server's.
func (t *tracer) ownImplementations(iface *types.Interface, m *types.Func) bool {
	pkgs := []*types.Package{t.pkg}
	if m.Pkg() != nil && m.Pkg() != t.pkg {
		pkgs = append(pkgs, m.Pkg())
	}
	pkgs = append(pkgs, t.pkg.Imports()...)
	found := false
	seen := map[*types.Func]bool{}
	for _, p := range pkgs {
		if httpwrite.IsStd(p.Path()) {
			continue
		}
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			for _, typ := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(typ, iface) {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(typ, true, m.Pkg(), m.Name())
				fn, ok := obj.(*types.Func)
				if !ok || seen[fn] {
					break
				}
				seen[fn] = true
				found = true
				if fn.Pkg() == t.pkg {
					fd := t.decls()[fn]
					if fd == nil || fd.Body == nil || !ownErrors(t.info, fn, fd) {
						return false
					}
				} else if !t.importOwn(fn) {
					return false
				}
				break
			}
		}
	}
	return found
}

// dispatches reports a method that hands a request on rather than stores
// or fetches something: named for it (Handle, Dispatch, ServeX, Call,
// Invoke, Receive), or given the request or a message. Its errors are whatever the
// method it reaches says (invalid params are the client's), so its shape
// (an interface method taking a context) does not make them the server's.
func dispatches(name string, sig *types.Signature) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"handle", "dispatch", "serve", "call", "invoke", "process", "execute", "route", "forward", "proxy", "receive"} {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	for i := 1; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, httpwrite.PkgSDKRPC, "Request") || httpwrite.IsNamed(t, httpwrite.PkgSDKRPC2, "Request") {
			return true
		}
		if named, ok := types.Unalias(derefType(t)).(*types.Named); ok {
			tn := strings.ToLower(named.Obj().Name())
			if strings.Contains(tn, "request") || strings.Contains(tn, "message") {
				return true
			}
		}
	}
	return false
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// dynamic classifies a call of a function value. A function held in an
// exported struct field is a hook or generator the server was configured
// with (SessionIDGenerator, OnSessionInitialized); its failure is the
// server's, unless it has json.Unmarshal's shape: a configured decoder
// fails on its input. Unexported function fields are a package's own machinery (a
// codec's decode table) and are not judged.
func (t *tracer) dynamic(c *ssa.CallCommon) []origin {
	v := c.Value
	if u, ok := v.(*ssa.UnOp); ok {
		v = u.X
	}
	var x ssa.Value
	var field *types.Var
	switch f := v.(type) {
	case *ssa.FieldAddr:
		x, field = f.X, fieldOf(f.X.Type(), f.Field, true)
	case *ssa.Field:
		x, field = f.X, fieldOf(f.X.Type(), f.Field, false)
	default:
		return nil
	}
	if field == nil || !field.Exported() || checksInput(field.Name(), c.Args) {
		return nil
	}
	name := describeValue(x) + "." + field.Name()
	if unmarshals(c.Signature()) {
		return []origin{{kind: decode, name: name, shape: rawMember(c.Args[0])}}
	}
	return []origin{{kind: internal, name: name}}
}

// unmarshals reports a function of json.Unmarshal's shape, func([]byte,
// any) error: whatever codec it is (a framework's configured JSONDecoder,
// sonic, jsoniter, a lenient wrapper), it fails on the bytes it is given,
// the client's when they are a request body, not on the server's side.
func unmarshals(sig *types.Signature) bool {
	if sig.Params().Len() != 2 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Slice)
	if !ok || !types.Identical(b.Elem(), types.Typ[types.Byte]) {
		return false
	}
	i, ok := types.Unalias(sig.Params().At(1).Type()).Underlying().(*types.Interface)
	return ok && i.Empty() && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// checksInput reports a function field that judges the client's input
// rather than doing the server's work: named as a check (ValidateQuery,
// CheckOrigin, VerifyToken), or given the request's query or header
// values. Its error says the input is wrong, a client fault, so it is not
// traced as the server's failure.
func checksInput(name string, args []ssa.Value) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"validate", "check", "verify", "allow", "authorize", "authenticate"} {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	for _, a := range args {
		if httpwrite.IsNamed(a.Type(), "net/url", "Values") || httpwrite.IsNamed(a.Type(), httpwrite.PkgHTTP, "Header") {
			return true
		}
	}
	return false
}

// known classifies calls of the standard library, go-sdk and the runtime
// by what they are.
func known(fn *types.Func) (kind, bool) {
	if binds, decodes := httpwrite.BindsBody(fn); binds {
		if decodes {
			return decode, true
		}
		return read, true
	}
	switch {
	case httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Unmarshal"),
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Decode"),
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Token"),
		httpwrite.IsFunc(fn, httpwrite.PkgSDKRPC, "DecodeMessage"),
		httpwrite.IsFunc(fn, httpwrite.PkgSDKRPC2, "DecodeMessage"):
		return decode, true
	case httpwrite.IsFunc(fn, httpwrite.PkgIO, "ReadAll"),
		httpwrite.IsFunc(fn, httpwrite.PkgIO, "ReadFull"),
		httpwrite.IsFunc(fn, httpwrite.PkgIO, "Copy"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Request", "ParseForm"):
		return read, true
	case ownFailure(fn),
		fn.Pkg() != nil && fn.Pkg().Path() == "database/sql",
		fn.Pkg() != nil && storePkg(fn.Pkg().Path()):
		return internal, true
	}
	return 0, false
}

// ownFailure reports a call whose failure is the server's whatever the
// request named (see origin.own): the internal calls but a store's, which
// fails for a key it does not hold.
func ownFailure(fn *types.Func) bool {
	return httpwrite.IsFunc(fn, "crypto/rand", "Read") ||
		httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Marshal") ||
		httpwrite.IsFunc(fn, httpwrite.PkgJSON, "MarshalIndent") ||
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Encoder", "Encode") ||
		httpwrite.IsMethod(fn, httpwrite.PkgSDKMCP, "Server", "Connect") ||
		httpwrite.IsFunc(fn, httpwrite.PkgStreamable, "RandomSessionID") ||
		spawns(fn) ||
		fn.Pkg() != nil && fn.Pkg().Path() == "github.com/google/uuid" && strings.HasPrefix(fn.Name(), "New") && fn.Name() != "NewString"
}

// spawns reports a method of os/exec's Cmd that starts the process or
// opens its pipes: a gateway that runs a stdio server per session fails
// there on its own command, its machine's limits or its binary.
func spawns(fn *types.Func) bool {
	for _, m := range []string{"Start", "Run", "Output", "CombinedOutput", "StdinPipe", "StdoutPipe", "StderrPipe"} {
		if httpwrite.IsMethod(fn, "os/exec", "Cmd", m) {
			return true
		}
	}
	return false
}

// storePkg reports a client library of a database or cache (go-redis, pgx,
// gorm, sqlx, the MongoDB driver): whatever it fails with, the server's
// store failed, as database/sql's errors say.
func storePkg(path string) bool {
	for _, p := range []string{"github.com/redis/go-redis/", "github.com/go-redis/redis/", "github.com/jackc/pgx/", "gorm.io/gorm", "github.com/jmoiron/sqlx", "go.mongodb.org/mongo-driver/"} {
		if strings.HasPrefix(path, p) || path == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return false
}

// upstreamCall reports a request the server sends upstream (an
// http.Client's Do, Get, Post, a Transport's RoundTrip): its failure is the
// upstream's or the network's, never the client's request.
func upstreamCall(fn *types.Func) bool {
	switch {
	case httpwrite.IsFunc(fn, "net", "Dial"),
		httpwrite.IsFunc(fn, "net", "DialTimeout"),
		httpwrite.IsMethod(fn, "net", "Dialer", "Dial"),
		httpwrite.IsMethod(fn, "net", "Dialer", "DialContext"):
		return true
	case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Client", "Do"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Client", "Get"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Client", "Post"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Client", "PostForm"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Client", "Head"),
		httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Transport", "RoundTrip"),
		httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "Get"),
		httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "Post"),
		httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "PostForm"),
		httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "Head"):
		return true
	}
	return false
}

// readsStream reports the decoders and readers that read from an
// io.Reader, and so fail with *http.MaxBytesError on a limited body.
func readsStream(fn *types.Func) bool {
	return httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Decode") ||
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Decoder", "Token") ||
		httpwrite.IsFunc(fn, httpwrite.PkgIO, "ReadAll") ||
		httpwrite.IsFunc(fn, httpwrite.PkgIO, "ReadFull") ||
		httpwrite.IsFunc(fn, httpwrite.PkgIO, "Copy")
}

// describe names fn as a call site would: pkg.Func or (T).Method.
func describe(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		t := recv.Type()
		ptr := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t, ptr = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return "(" + ptr + n.Obj().Pkg().Name() + "." + n.Obj().Name() + ")." + fn.Name()
		}
		return fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// describeValue names the receiver of a method or field call for a
// message: the variable or field it was loaded from.
func describeValue(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.UnOp:
		return describeValue(v.X)
	case *ssa.FieldAddr:
		if f := fieldOf(v.X.Type(), v.Field, true); f != nil {
			return describeValue(v.X) + "." + f.Name()
		}
	case *ssa.Field:
		if f := fieldOf(v.X.Type(), v.Field, false); f != nil {
			return describeValue(v.X) + "." + f.Name()
		}
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return v.Name()
	case *ssa.Alloc:
		if v.Comment != "" {
			return v.Comment
		}
	}
	return v.Type().String()
}

// fieldOf is field i of the struct t (or *t when ptr), or nil when t is not
// one in so many words (a type parameter, say).
func fieldOf(t types.Type, i int, ptr bool) *types.Var {
	if ptr {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// rawMember reports bytes that are a json.RawMessage member of a struct
// (msg.Params): a decode filled them, so they are JSON.
func rawMember(v ssa.Value) bool {
	for {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			break
		}
		v = ct.X
	}
	if !httpwrite.IsNamed(v.Type(), httpwrite.PkgJSON, "RawMessage") {
		return false
	}
	switch v := v.(type) {
	case *ssa.Field:
		return true
	case *ssa.UnOp:
		_, ok := v.X.(*ssa.FieldAddr)
		return ok && v.Op == token.MUL
	}
	return false
}

// notFoundTested reports an error value that the function tests against a
// store's not-found sentinel (errors.Is(err, redis.Nil), err ==
// sql.ErrNoRows): that case goes its own way.
func notFoundTested(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Call:
			callee := r.Call.StaticCallee()
			if callee == nil || len(r.Call.Args) != 2 || r.Call.Args[0] != v {
				continue
			}
			if fn, _ := callee.Object().(*types.Func); fn != nil && httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Is") && storeNotFound(r.Call.Args[1]) {
				return true
			}
		case *ssa.BinOp:
			if (r.Op == token.EQL || r.Op == token.NEQ) && (r.X == v && storeNotFound(r.Y) || r.Y == v && storeNotFound(r.X)) {
				return true
			}
		}
	}
	return false
}

// storeNotFound reports a load of a store package's not-found sentinel:
// go-redis's Nil, database/sql's ErrNoRows, pgx's ErrNoRows, gorm's
// ErrRecordNotFound, mongo's ErrNoDocuments.
func storeNotFound(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		// go-redis's Nil is a constant of its protocol package's
		// error type.
		c, ok := mi.X.(*ssa.Const)
		if !ok || c.Value == nil {
			return false
		}
		named, ok := types.Unalias(c.Type()).(*types.Named)
		return ok && named.Obj().Pkg() != nil && storePkg(named.Obj().Pkg().Path()) && constant.StringVal(c.Value) == "redis: nil"
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	if !ok || g.Pkg == nil {
		return false
	}
	path, name := g.Pkg.Pkg.Path(), g.Name()
	switch name {
	case "Nil":
		return storePkg(path)
	case "ErrNoRows", "ErrRecordNotFound", "ErrNoDocuments":
		return path == "database/sql" || storePkg(path)
	}
	return false
}

// encodes reports the standard library's JSON encodings.
func encodes(fn *types.Func) bool {
	return httpwrite.IsFunc(fn, httpwrite.PkgJSON, "Marshal") ||
		httpwrite.IsFunc(fn, httpwrite.PkgJSON, "MarshalIndent") ||
		httpwrite.IsMethod(fn, httpwrite.PkgJSON, "Encoder", "Encode")
}
