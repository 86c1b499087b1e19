package refusedhandshake

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// The lexical ownership check (ownership, in sdk.go) stays silent when a
// Close of the session appears anywhere in the function, and when the
// variable holding the transport also holds other values. Real handlers
// defeat both: go-sdk's own handler before v1.1.0 closed the session only
// in its stateless branch, and reused one variable for the looked-up and the
// new transport. paths follows the values themselves on SSA (as bodyclose,
// sqlclosecheck and lostcancel do) and asks whether some path that serves
// the transport returns with no close of this session on it.

// pathResult is what the SSA check found for one Connect.
type pathResult struct {
	leak bool
	// sessionful is whether the transport is built with a session id.
	sessionful bool
	// origin is where the transport is built; closes are the closes of this
	// session that the leaking path misses (for related information).
	origin token.Pos
	closes []token.Pos
	// maps holds the maps the pair is stored in (for the reaper rule).
	maps []types.Object
	// defeated is set when the only closes on the leaking paths are under
	// a refusal test that a RefusalDefeated fact defeats; defeatedAt are
	// those closes.
	defeated   *RefusalDefeated
	defeatedAt []token.Pos
}

// hooks are what the SSA check asks of the analysis pass.
type hooks struct {
	// wrapper reports a Connect or Run wrapper (Connector fact).
	wrapper func(*types.Func) bool
	// refusal returns the RefusalDefeated fact of a session accessor.
	refusal func(*types.Func) *RefusalDefeated
	// keeps reports a method of a holder of the pair, declared in the
	// package, that keeps nothing of it (see ssaState.keepsNothing).
	keeps func(*types.Func) bool
}

// flow is the set of SSA values that are the session or its transport, or
// hold them, with what their uses showed.
type flow struct {
	fn        *ssa.Function // the function holding the Connect
	hooks     hooks
	ours      map[ssa.Value]bool
	done      map[ssa.Value]bool
	serves    []ssa.Instruction // ServeHTTP calls on the transport, in fn
	closes    map[ssa.Instruction]bool
	elsewhere bool // a close outside fn and the closures it creates: cannot be placed on a path
	transfer  bool
	maps      []types.Object
	closed    map[*ssa.Function]bool // direct closures of fn (or deeper) that close ours
	// Closes under a defeated refusal test (see refusalGuard): in fn, and
	// in direct closures of fn, kept apart from closes.
	defeated   map[ssa.Instruction]*RefusalDefeated
	defeatedIn map[*ssa.Function]*RefusalDefeated
	closures   []*ssa.MakeClosure // closures capturing ours
}

// connectPaths runs the SSA check for the Connect call at lparen in fn.
// ok is false when the check cannot follow the values (the transport is not
// built in this request, or comes through a variable it cannot resolve):
// then the lexical verdict stands.
func connectPaths(fn *ssa.Function, lparen token.Pos, transportArg int, request *ssa.Function, h hooks) (res pathResult, ok bool) {
	var call *ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, isCall := instr.(*ssa.Call); isCall && c.Pos() == lparen {
				call = c
			}
		}
	}
	if call == nil || call.Call.IsInvoke() {
		return res, false
	}
	// A static method call passes its receiver first.
	arg := transportArg
	if call.Call.Signature().Recv() != nil {
		arg++
	}
	if arg >= len(call.Call.Args) {
		return res, false
	}
	t, origin, sessionful := builtTransport(call.Call.Args[arg], fn, request)
	if t == nil {
		return res, false
	}
	res.origin, res.sessionful = origin, sessionful
	f := &flow{fn: fn, hooks: h, ours: map[ssa.Value]bool{}, done: map[ssa.Value]bool{}, closes: map[ssa.Instruction]bool{}, closed: map[*ssa.Function]bool{},
		defeated: map[ssa.Instruction]*RefusalDefeated{}, defeatedIn: map[*ssa.Function]*RefusalDefeated{}}
	var session, errv ssa.Value
	for _, r := range *call.Referrers() {
		if ex, isEx := r.(*ssa.Extract); isEx {
			switch ex.Index {
			case 0:
				session = ex
			case 1:
				errv = ex
			}
		}
	}
	f.add(t)
	if session != nil {
		f.add(session)
	}
	f.run()
	for _, mc := range f.closures {
		fn := mc.Fn.(*ssa.Function)
		if mc.Parent() != f.fn || stoppedTimer(mc) {
			continue
		}
		if f.closesIn(fn) {
			f.closes[mc] = true
		} else if d := f.defeatedOf(fn); d != nil {
			f.defeated[mc] = d
		}
	}
	if f.transfer || f.elsewhere {
		return res, false
	}
	res.maps = f.maps
	// The verdict with the defeated closes taken as closes is the one of a
	// refusal test trusted; a leak only without them is the defeat's.
	for c := range f.defeated {
		f.closes[c] = true
	}
	res.leak = f.leakingPath(call, errv, session)
	for c := range f.defeated {
		delete(f.closes, c)
	}
	if !res.leak && len(f.defeated) > 0 && f.leakingPath(call, errv, session) {
		res.leak = true
		first := token.NoPos
		for c, d := range f.defeated {
			res.defeatedAt = append(res.defeatedAt, c.Pos())
			if first == token.NoPos || c.Pos() < first {
				first, res.defeated = c.Pos(), d
			}
		}
		slices.Sort(res.defeatedAt)
	}
	for c := range f.closes {
		res.closes = append(res.closes, c.Pos())
	}
	return res, true
}

// builtTransport resolves the transport argument of a Connect to the
// allocation or constructor call that built it in the request function
// (fn or a function enclosing it, up to request), or nil.
func builtTransport(v ssa.Value, fn, request *ssa.Function) (built ssa.Value, origin token.Pos, sessionful bool) {
	for range 8 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.UnOp:
			// A load of a local variable's cell (a variable captured by a
			// closure lives in one): its last store before the load.
			if x.Op != token.MUL {
				return nil, 0, false
			}
			cell, isAlloc := x.X.(*ssa.Alloc)
			if !isAlloc {
				return nil, 0, false
			}
			st := lastStore(x, cell)
			if st == nil {
				return nil, 0, false
			}
			v = st.Val
			continue
		case *ssa.FreeVar:
			// Captured by value from the enclosing function.
			b := binding(x)
			if b == nil {
				return nil, 0, false
			}
			v = b
			continue
		case *ssa.Alloc:
			if !isSDKPointer(x.Type(), "StreamableServerTransport") || !within(x.Parent(), request) {
				return nil, 0, false
			}
			return x, x.Pos(), allocSessionful(x)
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil || !isSDKTransportConstructor(funcObject(callee)) || !within(x.Parent(), request) || len(x.Call.Args) == 0 {
				return nil, 0, false
			}
			c, isConst := x.Call.Args[0].(*ssa.Const)
			return x, x.Pos(), !isConst || c.Value == nil || c.Value.Kind() != constant.String || constant.StringVal(c.Value) != ""
		}
		return nil, 0, false
	}
	return nil, 0, false
}

func funcObject(f *ssa.Function) *types.Func {
	obj, _ := f.Object().(*types.Func)
	return obj
}

// within reports whether f is request or a closure nested in it.
func within(f, request *ssa.Function) bool {
	for ; f != nil; f = f.Parent() {
		if f == request {
			return true
		}
	}
	return false
}

// binding returns the value the enclosing function binds to a free
// variable, when a single MakeClosure creates the closure.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, v := range fn.FreeVars {
		if v == fv {
			idx = i
		}
	}
	parent := fn.Parent()
	if idx < 0 || parent == nil {
		return nil
	}
	var found ssa.Value
	n := 0
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				found = mc.Bindings[idx]
				n++
			}
		}
	}
	if n != 1 {
		return nil
	}
	return found
}

// lastStore returns the store to cell that the load reads: the last one
// before it in its block or, when there is none, the one store every
// predecessor's paths end with (nil if they differ or a path has none).
func lastStore(load *ssa.UnOp, cell *ssa.Alloc) *ssa.Store {
	// A back edge contributes nothing of its own: a loop carries the store
	// that entered it unless it stores itself, which the walk sees.
	type result struct {
		st      *ssa.Store
		ok      bool
		pending bool
	}
	memo := map[*ssa.BasicBlock]*result{} // a block's entry: the store reaching it
	budget := 10000                       // block visits: a huge function is not worth it
	var before func(b *ssa.BasicBlock, end int) result
	before = func(b *ssa.BasicBlock, end int) result {
		if budget--; budget < 0 {
			return result{}
		}
		for i := end - 1; i >= 0; i-- {
			if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == cell {
				return result{st: st, ok: true}
			}
		}
		if r, done := memo[b]; done {
			return *r
		}
		memo[b] = &result{pending: true}
		if len(b.Preds) == 0 {
			memo[b] = &result{}
			return result{}
		}
		var found *ssa.Store
		pending := 0
		for _, p := range b.Preds {
			r := before(p, len(p.Instrs))
			if r.pending {
				pending++
				continue
			}
			if !r.ok || found != nil && r.st != found {
				memo[b] = &result{}
				return result{}
			}
			found = r.st
		}
		if pending == len(b.Preds) {
			delete(memo, b) // only the loop reaches it: the loop's entry decides
			return result{pending: true}
		}
		r := result{st: found, ok: found != nil}
		memo[b] = &r
		return r
	}
	r := before(load.Block(), index(load))
	if !r.ok {
		return nil
	}
	return r.st
}

// allocSessionful reports whether a transport allocation gets a session id
// that is not the constant "": a store to its SessionID field.
func allocSessionful(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st := types.Unalias(a.Type()).(*types.Pointer).Elem().Underlying().(*types.Struct)
		if fa.Field >= st.NumFields() || st.Field(fa.Field).Name() != "SessionID" {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if s, ok := fr.(*ssa.Store); ok && s.Addr == fa {
				if c, isConst := s.Val.(*ssa.Const); !isConst || c.Value == nil || constant.StringVal(c.Value) != "" {
					return true
				}
			}
		}
	}
	return false
}

func (f *flow) add(v ssa.Value) {
	if v != nil {
		f.ours[v] = true
	}
}

// run classifies the uses of every tracked value until none is new.
func (f *flow) run() {
	for changed := true; changed && !f.transfer; {
		changed = false
		for v := range f.ours {
			if f.done[v] {
				continue
			}
			f.done[v] = true
			changed = true
			f.uses(v)
		}
	}
}

// uses classifies the uses of one tracked value.
func (f *flow) uses(v ssa.Value) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.Phi, *ssa.TypeAssert:
			f.add(r.(ssa.Value)) // the same value
		case *ssa.UnOp:
			if r.Op == token.MUL {
				f.add(r) // a load of a cell holding it
			}
		case *ssa.FieldAddr:
			// A holder's field of the pair's type is the pair; other fields
			// (the transport's SessionID, a holder's timer) are not.
			if p, ok := types.Unalias(r.Type()).(*types.Pointer); ok && pairType(p.Elem()) {
				f.add(r)
			}
		case *ssa.Field:
			if pairType(r.Type()) {
				f.add(r)
			}
		case *ssa.BinOp, *ssa.If:
			// compared (ss == nil): neither closed nor handed on
		case *ssa.Store:
			switch {
			case r.Addr == v:
				// a store into a tracked cell or field: not a use of ours
			case isLocalCell(r.Addr):
				f.add(r.Addr) // the cell (or the holder's field) now holds it
				switch a := r.Addr.(type) {
				case *ssa.FieldAddr:
					f.add(a.X) // the holder itself
				case *ssa.FreeVar:
					f.add(binding(a)) // the enclosing function's cell
				}
			default:
				f.transfer = true // a global, a field of something else, a pointer target
			}
		case *ssa.MapUpdate:
			if r.Value == v {
				if obj := mapObject(r.Map); obj != nil {
					f.maps = append(f.maps, obj)
				}
			} else if r.Map != v {
				f.transfer = true // a key
			}
		case *ssa.MakeClosure:
			for i, b := range r.Bindings {
				if b == v {
					f.closure(r, r.Fn.(*ssa.Function).FreeVars[i])
				}
			}
		case ssa.CallInstruction:
			f.call(r, v)
		case *ssa.Return, *ssa.Send, *ssa.Slice, *ssa.IndexAddr, *ssa.Index, *ssa.Lookup, *ssa.Range, *ssa.Next, *ssa.Panic:
			f.transfer = true
		default:
			f.transfer = true // unknown: stay silent
		}
	}
}

// isLocalCell reports whether addr is a local variable's cell or a field of
// a local allocation (the holder of the pair) created in fn's request.
func isLocalCell(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.FieldAddr:
		_, ok := a.X.(*ssa.Alloc)
		return ok
	case *ssa.FreeVar:
		return true // a captured local of the enclosing function
	}
	return false
}

// mapObject returns the variable or field a map value is read from.
func mapObject(m ssa.Value) types.Object {
	switch m := m.(type) {
	case *ssa.UnOp:
		return mapObject(m.X)
	case *ssa.Global:
		return m.Object()
	case *ssa.FieldAddr:
		if st, ok := types.Unalias(m.X.Type()).Underlying().(*types.Pointer); ok {
			if s, ok := st.Elem().Underlying().(*types.Struct); ok && m.Field < s.NumFields() {
				return s.Field(m.Field)
			}
		}
	}
	return nil
}

// call classifies a call that uses v.
func (f *flow) call(ci ssa.CallInstruction, v ssa.Value) {
	common := ci.Common()
	method, recv := "", ssa.Value(nil)
	switch {
	case common.IsInvoke():
		method, recv = common.Method.Name(), common.Value
	case common.StaticCallee() != nil && common.Signature().Recv() != nil && len(common.Args) > 0:
		method, recv = common.StaticCallee().Name(), common.Args[0]
	}
	if recv == v {
		switch method {
		case "Close":
			f.closeAt(ci)
			return
		case "ServeHTTP":
			if call, ok := ci.(*ssa.Call); ok && call.Parent() == f.fn {
				f.serves = append(f.serves, call)
			}
			return
		}
		// other methods (Wait, ID, InitializeParams) keep nothing; but a
		// method of the holder may hand it on: only SDK types are known.
		if isSDKPointer(v.Type(), "ServerSession") || isSDKPointer(v.Type(), "StreamableServerTransport") || isSDKPointer(v.Type(), "Server") {
			return
		}
		if callee := common.StaticCallee(); callee != nil && f.hooks.keeps != nil && f.hooks.keeps(funcObject(callee)) {
			return // the holder's own method, touching none of the pair
		}
		f.transfer = true
		return
	}
	if callee := common.StaticCallee(); callee != nil {
		obj := funcObject(callee)
		if sdkMethod(obj, "Server", "Connect") || f.hooks.wrapper(obj) {
			return // the Connect itself
		}
		if httpwrite.FormatsOnly(obj) {
			return // formats its arguments, keeps none
		}
		if obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "sync" && (obj.Name() == "Store" || obj.Name() == "LoadOrStore" || obj.Name() == "Swap") {
			return // a sync.Map entry: the reaper rule looks at maps lexically
		}
	}
	f.transfer = true
}

// closeAt records a close of ours by ci, placed on fn's paths where ci (or
// the closure it runs in) is created.
func (f *flow) closeAt(ci ssa.CallInstruction) {
	if d := f.refusalGuard(ci); d != nil {
		if ci.Parent() == f.fn {
			f.defeated[ci] = d
			return
		}
		for p := ci.Parent(); p != nil; p = p.Parent() {
			if p.Parent() == f.fn {
				f.defeatedIn[p] = d
				return
			}
		}
		f.elsewhere = true
		return
	}
	if ci.Parent() == f.fn {
		f.closes[ci] = true
		return
	}
	// In a closure: the close happens when the closure runs; place it at
	// the closure's creation in fn (see closure), or nowhere known.
	for p := ci.Parent(); p != nil; p = p.Parent() {
		if p.Parent() == f.fn {
			f.closed[p] = true
			return
		}
	}
	f.elsewhere = true
}

// closure follows v into a closure as the free variable fv. The closure's
// creation counts as a close (decided once the flow is complete) when its
// body closes v: deferred, run in a goroutine or a timer, or called, it runs
// after its creation on the path, except a timer stopped on the way out.
// A bound method value ss.Close is such a closure too.
func (f *flow) closure(mc *ssa.MakeClosure, fv *ssa.FreeVar) {
	fn := mc.Fn.(*ssa.Function)
	if fn.Synthetic != "" {
		// A method value: ss.Close closes; ss.Wait and the like keep nothing.
		if fn.Name() == "Close$bound" {
			if mc.Parent() == f.fn {
				f.closes[mc] = true
			} else {
				f.elsewhere = true
			}
		} else if !(isSDKPointer(fv.Type(), "ServerSession") || isSDKPointer(fv.Type(), "StreamableServerTransport")) {
			f.transfer = true
		}
		return
	}
	f.add(fv)
	f.closures = append(f.closures, mc)
}

// refusalGuard returns the RefusalDefeated fact of the refusal test that
// guards ci, a close of ours: an If in ci's function on accessor(ours) ==
// nil (or != nil) whose nil side, entered only from that If, dominates ci.
func (f *flow) refusalGuard(ci ssa.CallInstruction) *RefusalDefeated {
	if f.hooks.refusal == nil {
		return nil
	}
	isNil := func(v ssa.Value) bool { c, ok := v.(*ssa.Const); return ok && c.IsNil() }
	for _, b := range ci.Parent().Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		x, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := x.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
			continue
		}
		subject := bin.X
		if isNil(subject) {
			subject = bin.Y
		} else if !isNil(bin.Y) {
			continue
		}
		call, ok := subject.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 || !f.ours[call.Call.Args[0]] {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			continue
		}
		d := f.hooks.refusal(funcObject(callee))
		if d == nil {
			continue
		}
		side := b.Succs[0] // accessor() == nil
		if bin.Op == token.NEQ {
			side = b.Succs[1]
		}
		if len(side.Preds) == 1 && side.Dominates(ci.Block()) {
			return d
		}
	}
	return nil
}

// defeatedOf returns the fact of a defeated close in fn or a closure
// nested in it.
func (f *flow) defeatedOf(fn *ssa.Function) *RefusalDefeated {
	if d := f.defeatedIn[fn]; d != nil {
		return d
	}
	for _, anon := range fn.AnonFuncs {
		if d := f.defeatedOf(anon); d != nil {
			return d
		}
	}
	return nil
}

// closesIn reports whether fn or a closure nested in it closes ours.
func (f *flow) closesIn(fn *ssa.Function) bool {
	if f.closed[fn] {
		return true
	}
	for _, anon := range fn.AnonFuncs {
		if f.closesIn(anon) {
			return true
		}
	}
	return false
}

// stoppedTimer reports whether mc is a time.AfterFunc callback whose timer
// the function stops in a defer: it cannot run once the handler returns,
// so it does not end a session its handshake refused.
func stoppedTimer(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Name() != "AfterFunc" || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
			continue
		}
		for _, tr := range *call.Referrers() {
			if d, ok := tr.(*ssa.Defer); ok && d.Call.StaticCallee() != nil && d.Call.StaticCallee().Name() == "Stop" && len(d.Call.Args) > 0 && d.Call.Args[0] == call {
				return true
			}
		}
	}
	return false
}

// leakingPath reports whether some path from the Connect serves the
// transport and returns with no close of the session on it. Paths on which
// the Connect failed (its error is tested non-nil, or the session nil) are
// not followed. After a serve, any close reachable at all counts: a test
// after serving (InitializeParams() == nil, a status recorder) is taken as
// the refusal test it usually is.
func (f *flow) leakingPath(call *ssa.Call, errv, session ssa.Value) bool {
	serve := map[ssa.Instruction]bool{}
	for _, s := range f.serves {
		if !f.closeReachable(s) {
			serve[s] = true
		} else {
			serve[s] = false
		}
	}
	if len(f.serves) == 0 {
		// Served elsewhere (stored in a map the next requests use): the
		// Connect is where this function's part ends.
		if f.closeReachable(call) {
			return false
		}
		return f.returnsWithout(call.Block(), index(call)+1, errv, session, true, serve)
	}
	return f.returnsWithout(call.Block(), index(call)+1, errv, session, false, serve)
}

func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// closeReachable reports whether a recorded close lies after from, in its
// block or any block reachable from it.
func (f *flow) closeReachable(from ssa.Instruction) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, start int) bool
	walk = func(b *ssa.BasicBlock, start int) bool {
		for _, instr := range b.Instrs[start:] {
			if f.closes[instr] {
				return true
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if walk(s, 0) {
					return true
				}
			}
		}
		return false
	}
	return walk(from.Block(), index(from)+1)
}

// returnsWithout searches the paths from instruction start of b for a
// return reached after a serve with no close on the way.
func (f *flow) returnsWithout(b *ssa.BasicBlock, start int, errv, session ssa.Value, served bool, serve map[ssa.Instruction]bool) bool {
	type state struct {
		b      *ssa.BasicBlock
		served bool
	}
	seen := map[state]bool{}
	var walk func(b *ssa.BasicBlock, start int, served bool) bool
	walk = func(b *ssa.BasicBlock, start int, served bool) bool {
		for _, instr := range b.Instrs[start:] {
			if f.closes[instr] {
				return false
			}
			if uncovered, isServe := serve[instr]; isServe {
				if !uncovered {
					return false // a close follows this serve
				}
				served = true
			}
			switch x := instr.(type) {
			case *ssa.Return:
				return served
			case *ssa.Panic:
				return false
			case *ssa.If:
				succs := b.Succs
				if skip := failedBranch(x, errv, session); skip >= 0 {
					succs = []*ssa.BasicBlock{b.Succs[1-skip]}
				}
				for _, s := range succs {
					st := state{s, served}
					if !seen[st] {
						seen[st] = true
						if walk(s, 0, served) {
							return true
						}
					}
				}
				return false
			}
		}
		for _, s := range b.Succs {
			st := state{s, served}
			if !seen[st] {
				seen[st] = true
				if walk(s, 0, served) {
					return true
				}
			}
		}
		return false
	}
	return walk(b, start, served)
}

// failedBranch returns the successor index (0 true, 1 false) of an If on
// which the Connect failed: err != nil, err == nil's false side, ss == nil;
// or -1.
func failedBranch(x *ssa.If, errv, session ssa.Value) int {
	bin, ok := x.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return -1
	}
	isNil := func(v ssa.Value) bool { c, ok := v.(*ssa.Const); return ok && c.IsNil() }
	var subject ssa.Value
	switch {
	case isNil(bin.Y):
		subject = bin.X
	case isNil(bin.X):
		subject = bin.Y
	default:
		return -1
	}
	switch {
	case subject == errv && errv != nil:
		if bin.Op == token.NEQ {
			return 0 // err != nil: the true side failed
		}
		return 1
	case subject == session && session != nil:
		if bin.Op == token.EQL {
			return 0 // ss == nil
		}
		return 1
	}
	return -1
}
