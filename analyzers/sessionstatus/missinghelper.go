package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catMissingResolved: a request without Mcp-Session-Id handed to a helper
// that resolves it to a session without failing (a fresh one, or another
// live one), then served.
const catMissingResolved = "missing-session-id-resolved-by-helper"

// Kinds of a helper's successful return under an empty id.
const (
	// missFresh: a session made here (by a call or a composite literal
	// not given the id) and registered in a table or handed out on
	// Mcp-Session-Id.
	missFresh = "fresh"
	// missOther: a session taken from a table by ranging over it, not
	// found by the id.
	missOther = "existing-other"
)

// missReturn is a successful return a helper reaches with its id
// parameter empty.
type missReturn struct {
	kind string
	at   token.Pos
}

// missEval evaluates a helper's body with its id parameter known empty and
// its bool parameters bound: it follows only the branches those values
// decide, takes both branches of a test of the helper's own state (its
// receiver, its package, values it made), and gives up (bad) at a test of
// anything else the caller hands in, an assignment to the id or a flag,
// and a statement whose flow it does not follow (goto, select, labels, a
// for without a condition). A branch it cannot decide is taken both ways;
// the returns found are those some request without an id reaches in some
// state of the server.
type missEval struct {
	info    *types.Info
	id      *types.Var
	flags   map[*types.Var]bool
	params  map[*types.Var]bool // the parameters other than the receiver
	errLast bool
	nres    int
	bad     bool
	out     []missReturn
}

// missState is what one path knows: variables made by a call not given
// the id, the values stored in a map or handed out on Mcp-Session-Id, the
// values of a range over a map, and the locals computed from a parameter.
type missState struct {
	made, kept, ranged, tainted map[*types.Var]bool
}

func (st missState) clone() missState {
	cp := func(m map[*types.Var]bool) map[*types.Var]bool {
		out := make(map[*types.Var]bool, len(m))
		for k, v := range m {
			out[k] = v
		}
		return out
	}
	return missState{cp(st.made), cp(st.kept), cp(st.ranged), cp(st.tainted)}
}

// missingReturns returns the successful returns of fd reached when its
// parameter idx (a string) is empty and the bool parameters in flags hold
// the values given; nil when none or when the body is not followed. Every
// bool parameter must be bound.
func missingReturns(info *types.Info, fd *ast.FuncDecl, idx int, flags map[int]bool) []missReturn {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	params, res := sig.Params(), sig.Results()
	if idx < 0 || idx >= params.Len() || !httpwrite.IsString(params.At(idx).Type()) || res.Len() == 0 || res.Len() > 2 ||
		res.Len() == 2 && !httpwrite.IsErrorType(res.At(1).Type()) || httpwrite.IsErrorType(res.At(0).Type()) || !nilable(res.At(0).Type()) {
		return nil
	}
	e := &missEval{info: info, id: params.At(idx), flags: map[*types.Var]bool{}, params: map[*types.Var]bool{},
		errLast: res.Len() == 2, nres: res.Len()}
	for i := range params.Len() {
		v := params.At(i)
		e.params[v] = true
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			val, bound := flags[i]
			if !bound {
				return nil
			}
			e.flags[v] = val
		}
	}
	if sig.Variadic() {
		return nil
	}
	st := missState{map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]bool{}}
	e.block(fd.Body.List, st)
	if e.bad {
		return nil
	}
	return e.out
}

func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// block follows a statement list; it reports whether its end may be
// reached, and whether a break leaves it.
func (e *missEval) block(list []ast.Stmt, st missState) (falls, broke bool) {
	for _, s := range list {
		if e.bad {
			return false, false
		}
		f, b := e.stmt(s, st)
		broke = broke || b
		if !f {
			return false, broke
		}
	}
	return true, broke
}

func (e *missEval) stmt(s ast.Stmt, st missState) (falls, broke bool) {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		e.ret(s, st)
		return false, false
	case *ast.BlockStmt:
		return e.block(s.List, st)
	case *ast.IfStmt:
		if s.Init != nil {
			if f, _ := e.stmt(s.Init, st); !f || e.bad {
				return false, false
			}
		}
		var bodyF, bodyB, elseF, elseB bool
		switch e.cond(s.Cond, st) {
		case triYes:
			return e.block(s.Body.List, st)
		case triNo:
			if s.Else == nil {
				return true, false
			}
			return e.stmt(s.Else, st)
		case triUnknown:
			bodyF, bodyB = e.block(s.Body.List, st.clone())
			elseF, elseB = true, false
			if s.Else != nil {
				elseF, elseB = e.stmt(s.Else, st.clone())
			}
			return bodyF || elseF, bodyB || elseB
		}
		e.bad = true
		return false, false
	case *ast.RangeStmt:
		if e.dependent(s.X, st) {
			e.bad = true
			return false, false
		}
		in := st.clone()
		if _, isMap := typeUnder(e.info, s.X).(*types.Map); isMap {
			if id, ok := s.Value.(*ast.Ident); ok {
				if v, _ := e.info.ObjectOf(id).(*types.Var); v != nil {
					in.ranged[v] = true
				}
			}
		}
		e.block(s.Body.List, in)
		return true, false
	case *ast.ForStmt:
		if s.Cond == nil || e.dependent(s.Cond, st) {
			e.bad = true
			return false, false
		}
		if s.Init != nil {
			e.stmt(s.Init, st)
		}
		e.block(s.Body.List, st.clone())
		return true, false
	case *ast.SwitchStmt, *ast.TypeSwitchStmt:
		var body *ast.BlockStmt
		var tested []ast.Node
		if sw, ok := s.(*ast.SwitchStmt); ok {
			body = sw.Body
			tested = append(tested, sw.Init, sw.Tag)
		} else {
			sw := s.(*ast.TypeSwitchStmt)
			body = sw.Body
			tested = append(tested, sw.Init, sw.Assign)
		}
		def := false
		falls := false
		for _, c := range body.List {
			cc := c.(*ast.CaseClause)
			if cc.List == nil {
				def = true
			}
			for _, x := range cc.List {
				tested = append(tested, x)
			}
			f, b := e.block(cc.Body, st.clone())
			falls = falls || f || b
		}
		for _, t := range tested {
			if t != nil && e.dependent(t, st) {
				e.bad = true
				return false, false
			}
		}
		return falls || !def, false
	case *ast.BranchStmt:
		if s.Tok == token.BREAK && s.Label == nil {
			return false, true
		}
		if s.Tok == token.CONTINUE && s.Label == nil {
			return false, false
		}
		e.bad = true
		return false, false
	case *ast.ExprStmt:
		if c, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return false, false
			}
			e.call(c, st)
		}
		return true, false
	case *ast.AssignStmt:
		e.assign(s.Lhs, s.Rhs, st)
		return true, false
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range g.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Values) > 0 {
					lhs := make([]ast.Expr, len(vs.Names))
					for i, n := range vs.Names {
						lhs[i] = n
					}
					e.assign(lhs, vs.Values, st)
				}
			}
		}
		return true, false
	case *ast.DeferStmt, *ast.GoStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.EmptyStmt:
		return true, false
	}
	e.bad = true
	return false, false
}

// assign records what an assignment makes: a variable made by a call not
// given the id, a value stored in a map, a local computed from a
// parameter. An assignment to the id (other than trimming it) or to a flag
// is not followed.
func (e *missEval) assign(lhs, rhs []ast.Expr, st missState) {
	for i, l := range lhs {
		var r ast.Expr
		if len(rhs) == len(lhs) {
			r = rhs[i]
		} else if len(rhs) == 1 {
			r = rhs[0]
		}
		switch l := ast.Unparen(l).(type) {
		case *ast.Ident:
			v, _ := e.info.ObjectOf(l).(*types.Var)
			if v == nil {
				continue
			}
			if v == e.id {
				if !trimOf(e.info, r, e.id) {
					e.bad = true
				}
				continue
			}
			if _, flag := e.flags[v]; flag {
				e.bad = true
				continue
			}
			delete(st.made, v)
			delete(st.ranged, v)
			delete(st.kept, v)
			delete(st.tainted, v)
			if r != nil && e.dependent(r, st) {
				st.tainted[v] = true
			}
			if r != nil && i == 0 && made(r) && !httpwrite.Mentions(e.info, r, e.id) {
				st.made[v] = true
			}
		case *ast.IndexExpr:
			if _, isMap := typeUnder(e.info, l.X).(*types.Map); isMap && r != nil && !httpwrite.Mentions(e.info, l.Index, e.id) {
				e.keep(r, st)
			}
		}
	}
}

// call records a value stored in a sync.Map or handed out as the answer's
// Mcp-Session-Id.
func (e *missEval) call(c *ast.CallExpr, st missState) {
	fn := httpwrite.Callee(e.info, c)
	switch {
	case fn == nil || len(c.Args) != 2:
	case httpwrite.IsMethod(fn, "sync", "Map", "Store"):
		if !httpwrite.Mentions(e.info, c.Args[0], e.id) {
			e.keep(c.Args[1], st)
		}
	case httpwrite.IsSessionHeader(e.info, c.Args[0]) && answerHeader(e.info, c):
		e.keep(c.Args[1], st)
	}
}

// keep marks the variable x names (v, v.ID) as registered or handed out.
func (e *missEval) keep(x ast.Expr, st missState) {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		x = ast.Unparen(sel.X)
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	if id, ok := x.(*ast.Ident); ok {
		if v, _ := e.info.Uses[id].(*types.Var); v != nil {
			st.kept[v] = true
		}
	}
}

// ret records a successful return: a nil error last (or no error), a
// non-nil session first that the path made and kept, or ranged over.
func (e *missEval) ret(r *ast.ReturnStmt, st missState) {
	if len(r.Results) != e.nres {
		return
	}
	if e.errLast && !isNil(e.info, r.Results[1]) {
		return
	}
	id, ok := ast.Unparen(r.Results[0]).(*ast.Ident)
	if !ok {
		return
	}
	v, _ := e.info.Uses[id].(*types.Var)
	switch {
	case v == nil:
	case st.ranged[v]:
		e.out = append(e.out, missReturn{missOther, r.Pos()})
	case st.made[v] && st.kept[v]:
		e.out = append(e.out, missReturn{missFresh, r.Pos()})
	}
}

type tri int

const (
	triBad tri = iota
	triYes
	triNo
	triUnknown
)

// cond decides a condition from the id's emptiness and the flags: yes,
// no, unknown for a test of the helper's own state, bad for a test of
// anything else the caller hands in.
func (e *missEval) cond(x ast.Expr, st missState) tri {
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			switch t := e.cond(x.X, st); t {
			case triYes:
				return triNo
			case triNo:
				return triYes
			default:
				return t
			}
		}
	case *ast.Ident:
		if v, _ := e.info.Uses[x].(*types.Var); v != nil {
			if val, ok := e.flags[v]; ok {
				if val {
					return triYes
				}
				return triNo
			}
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			l, r := e.cond(x.X, st), e.cond(x.Y, st)
			if l == triBad || r == triBad {
				return triBad
			}
			and := x.Op == token.LAND
			switch {
			case and && (l == triNo || r == triNo), !and && (l == triYes || r == triYes):
				if and {
					return triNo
				}
				return triYes
			case l == triUnknown || r == triUnknown:
				return triUnknown
			}
			return l // both the same
		case token.EQL, token.NEQ:
			if empty, ok := e.emptiness(x); ok {
				if empty == (x.Op == token.EQL) {
					return triYes
				}
				return triNo
			}
		case token.GTR:
			if empty, ok := e.emptiness(x); ok && !isZeroLit(e.info, x.X) {
				if empty {
					return triNo
				}
				return triYes
			}
		}
	}
	if e.dependent(x, st) {
		return triBad
	}
	return triUnknown
}

// emptiness reports, for id == "" or len(id) == 0 (either side), that the
// test compares the id with emptiness: always true here.
func (e *missEval) emptiness(b *ast.BinaryExpr) (empty, ok bool) {
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isZeroLit(e.info, x) {
		x, y = y, x
	}
	if !isZeroLit(e.info, y) {
		return false, false
	}
	if c, ok := x.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if f, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && f.Name == "len" {
			x = ast.Unparen(c.Args[0])
		}
	}
	if id, ok := x.(*ast.Ident); ok && e.info.Uses[id] == e.id {
		return true, true
	}
	return false, false
}

// isZeroLit reports the constant "" or 0.
func isZeroLit(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// dependent reports whether x mentions a parameter (the receiver aside)
// or a local computed from one: a value the caller chose, which may say
// what the request is.
func (e *missEval) dependent(x ast.Node, st missState) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if v, _ := e.info.Uses[id].(*types.Var); v != nil && (e.params[v] || st.tainted[v]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// trimOf reports strings.TrimSpace(id) (or an id left as is): empty stays
// empty.
func trimOf(info *types.Info, r ast.Expr, id *types.Var) bool {
	c, ok := ast.Unparen(r).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	fn := httpwrite.Callee(info, c)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || fn.Name() != "TrimSpace" && fn.Name() != "ToLower" {
		return false
	}
	a, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
	return ok && info.Uses[a] == id
}

func typeUnder(info *types.Info, x ast.Expr) types.Type {
	t := info.TypeOf(x)
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// missingResolved reports, in a package that hands out session ids, a
// call of a helper of the package given a value that may be the request's
// Mcp-Session-Id, where the helper, for an empty id and its flags bound to
// what the call passes for a request that is not an initialize, returns a
// session without failing (one it makes and registers, or another live
// one it ranges to), and the caller goes on to answer 2xx. A request
// without an id that is not an initialize is the 400 row; resolving it to
// a session serves it. The call must not be in an initialize branch, no
// test that returns before it may tell such a request apart (the id's
// emptiness, the method, a flag computed from either, a call that reads
// the id), and each flag must be a constant or a direct test of the
// method for initialize: a flag computed otherwise may be what keeps the
// helper from resolving, so the call is left alone.
func missingResolved(pass *analysis.Pass, p *pkgInfo, sum *answers.Result) {
	info := pass.TypesInfo
	for _, n := range sum.Funcs {
		if httpwrite.InTest(pass, n) || len(sum.Answers[n]) == 0 {
			continue
		}
		scan := sum.Scans[n]
		if scan == nil {
			scan = scansOf(pass, sum, map[ast.Node]bool{n: true})[n]
		}
		if scan == nil {
			continue
		}
		body := httpwrite.Body(n)
		done := false
		walk(body, func(x ast.Node, path []ast.Node) {
			c, ok := x.(*ast.CallExpr)
			if !ok || done {
				return
			}
			fn := httpwrite.Callee(info, c)
			if fn == nil || fn.Pkg() == nil || scan.InitializeBranch(path) {
				return
			}
			fd := p.decls[fn.Origin()]
			if fn.Pkg() == pass.Pkg && (fd == nil || fd.Body == nil) || types.IsInterface(recvType(fn)) {
				return
			}
			params := fn.Type().(*types.Signature).Params()
			if params.Len() != len(c.Args) {
				return
			}
			flags := map[int]bool{}
			idx := -1
			for i, a := range c.Args {
				t := params.At(i).Type()
				if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					val, ok := flagValue(info, scan, body, a)
					if !ok {
						return
					}
					flags[i] = val
					continue
				}
				if httpwrite.IsString(t) && scan.MayHoldID(a) {
					if idx >= 0 {
						return // two ids: which one is empty is not known
					}
					idx = i
				}
			}
			if idx < 0 {
				return
			}
			var rets []missReturn
			if fn.Pkg() == pass.Pkg {
				rets = missingReturns(info, fd, idx, flags)
			} else {
				rets = p.foreignMissing(fn.Origin(), idx, flags)
			}
			if len(rets) == 0 || toldApartBefore(info, scan, p, body, path, c) {
				return
			}
			served := servedAfterCall(scan, sum.Answers[n], c)
			if served == nil || onlyForInitialize(pass, sum, n) {
				return
			}
			name := types.ExprString(c.Fun)
			var kinds []string
			d := analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: catMissingResolved}
			for _, r := range rets {
				msg := name + " returns a session it made and registered, for an empty id"
				if r.kind == missOther {
					msg = name + " returns another live session, for an empty id"
				}
				if !slices.Contains(kinds, r.kind) {
					kinds = append(kinds, r.kind)
				}
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.at, Message: msg})
			}
			what := "in a fresh session"
			switch {
			case len(kinds) == 2:
				what = "in another live session or a fresh one"
			case kinds[0] == missOther:
				what = "in another live session"
			}
			// The helper's name goes in the related positions: the
			// headline stays short whatever it is called.
			d.Message = fmt.Sprintf("a request without Mcp-Session-Id is served %s by this helper: answer 400 unless initialize", what)
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: served.Pos(), End: served.End(), Message: "served here"})
			report.Report(pass, d)
			done = true // one finding per function
		})
	}
}

// flagValue is the value a bool argument has for a request that is not an
// initialize: a constant, a direct test of the method for initialize
// (false; its negation true), or a local bool that starts false and is set
// only to true, only under such a test (a scan of a batch for an
// initialize), or is assigned such a test once.
func flagValue(info *types.Info, scan *session.Scan, body *ast.BlockStmt, a ast.Expr) (bool, bool) {
	a = ast.Unparen(a)
	if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value), true
	}
	if scan.InitializeTest(a) {
		return false, true
	}
	if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.NOT && scan.InitializeTest(u.X) {
		return true, true
	}
	id, ok := a.(*ast.Ident)
	if !ok {
		return false, false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return false, false
	}
	// Every assignment of v in body.
	good, n := true, 0
	walk(body, func(x ast.Node, path []ast.Node) {
		if !good {
			return
		}
		switch x := x.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND && httpwrite.Mentions(info, x.X, v) {
				good = false // its address escapes
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				lid, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(lid) != v {
					continue
				}
				n++
				if len(x.Rhs) != len(x.Lhs) {
					good = false
					return
				}
				r := ast.Unparen(x.Rhs[i])
				tv := info.Types[r]
				switch {
				case x.Tok == token.DEFINE && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value):
				case x.Tok == token.DEFINE && scan.InitializeTest(r):
				case x.Tok == token.ASSIGN && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) && underInitTest(scan, path):
				default:
					good = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range x.Names {
				if info.Defs[name] != v {
					continue
				}
				n++
				if len(x.Values) > 0 {
					r := ast.Unparen(x.Values[i])
					tv := info.Types[r]
					if !(tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)) && !scan.InitializeTest(r) {
						good = false
					}
				}
			}
		}
	})
	return false, good && n > 0
}

// underInitTest reports a node in the then branch of an if whose
// condition says the message is an initialize.
func underInitTest(scan *session.Scan, path []ast.Node) bool {
	for i := len(path) - 2; i >= 0; i-- {
		if ifs, ok := path[i].(*ast.IfStmt); ok && path[i+1] == ifs.Body && scan.InitializeTest(ifs.Cond) {
			return true
		}
	}
	return false
}

// toldApartBefore reports a test on the way to call c that may tell a
// request without an id that is not an initialize from others: an
// enclosing if or switch, or an earlier if that returns, whose condition
// tests the method, the id's emptiness, a local bool, or refuses on the
// id (RefusesOn).
func toldApartBefore(info *types.Info, scan *session.Scan, p *pkgInfo, body *ast.BlockStmt, path []ast.Node, c *ast.CallExpr) bool {
	for i := range len(path) - 1 {
		switch s := path[i].(type) {
		case *ast.IfStmt:
			if path[i+1] != s.Init && tellsApart(info, scan, p, body, s.Cond) {
				return true
			}
		case *ast.SwitchStmt:
			if s.Tag != nil && tellsApart(info, scan, p, body, s.Tag) {
				return true
			}
		case *ast.CaseClause:
			for _, x := range s.List {
				if tellsApart(info, scan, p, body, x) {
					return true
				}
			}
		}
	}
	told := false
	walk(body, func(x ast.Node, _ []ast.Node) {
		ifs, ok := x.(*ast.IfStmt)
		if !ok || told || ifs.End() > c.Pos() {
			return
		}
		exits := returns(ifs.Body) || ifs.Else != nil && returns(ifs.Else)
		if exits && (tellsApart(info, scan, p, body, ifs.Cond) || scan.RefusesOn(ifs, nil)) {
			told = true
		}
	})
	return told
}

// tellsApart reports a condition that may tell a request without an id
// that is not an initialize from others: it tests the method or the id's
// emptiness, or reads a local bool set from such a test, from the id, or
// from a call that may read the id (one of another package, or one of
// this package that reads the Mcp-Session-Id header).
func tellsApart(info *types.Info, scan *session.Scan, p *pkgInfo, body *ast.BlockStmt, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, _ := info.Uses[x].(*types.Var); v != nil && !v.IsField() && isBoolType(v.Type()) && boolFromSession(info, scan, p, body, v) {
				found = true
			}
		case ast.Expr:
			found = scan.TestsInitialize(x) || scan.EmptyIDTest(x) != nil || scan.PresentIDTest(x) != nil || scan.MayHoldID(x)
		}
		return !found
	})
	return found
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// boolFromSession reports a local bool of body that some assignment sets
// from a value that may tell the session or the method: a test of either,
// the id, or a call that may read the id. A bool body does not assign
// (a parameter, a global) may be anything.
func boolFromSession(info *types.Info, scan *session.Scan, p *pkgInfo, body *ast.BlockStmt, v *types.Var) bool {
	assigned, from := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || from {
			return !from
		}
		for i, l := range a.Lhs {
			lid, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(lid) != v {
				continue
			}
			assigned = true
			var r ast.Expr
			if len(a.Rhs) == len(a.Lhs) {
				r = a.Rhs[i]
			} else {
				r = a.Rhs[0]
			}
			if mayTell(info, scan, p, r) {
				from = true
			}
		}
		return !from
	})
	return from || !assigned
}

// mayTell reports an expression that may depend on the request's id or
// method: a test of either, the id, or a call given the request or the id
// that is not a function of this package known not to read the id.
func mayTell(info *types.Info, scan *session.Scan, p *pkgInfo, r ast.Expr) bool {
	found := false
	ast.Inspect(r, func(n ast.Node) bool {
		if found {
			return false
		}
		x, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if scan.TestsInitialize(x) || scan.EmptyIDTest(x) != nil || scan.MayHoldID(x) {
			found = true
			return false
		}
		if c, ok := x.(*ast.CallExpr); ok && (session.TakesRequest(info, c) || scan.TakesID(c)) {
			fn := httpwrite.Callee(info, c)
			fd := (*ast.FuncDecl)(nil)
			if fn != nil {
				fd = p.decls[fn.Origin()]
			}
			if fd == nil || scan.ReadsIDHeader(fd) {
				found = true
			}
		}
		return !found
	})
	return found
}

// returns reports a statement that holds a return or a panic outside
// function literals.
func returns(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
				found = true
			}
		}
		return !found
	})
	return found
}

// servedAfterCall returns a 2xx answer (not a JSON-RPC error) of the
// function after call c, outside an initialize branch.
func servedAfterCall(scan *session.Scan, as []*answers.Answer, c *ast.CallExpr) ast.Node {
	for _, a := range as {
		ok2xx := (a.Status >= 200 && a.Status < 300 || a.Status == 0 && a.Implicit) && !a.HasCode
		if ok2xx && a.Node.Pos() > c.End() && !scan.InitializeBranch(a.Stack) {
			return a.Node
		}
	}
	return nil
}

// onlyForInitialize reports an unexported function of the package whose
// every call in the package is in a branch that runs only for an
// initialize (a dispatcher's case "initialize" calling handleInitialize):
// a request without an id reaching it may rightly get a session.
func onlyForInitialize(pass *analysis.Pass, sum *answers.Result, n ast.Node) bool {
	info := pass.TypesInfo
	fd, ok := n.(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return false
	}
	calls, all := 0, true
	for _, m := range sum.Funcs {
		var scan *session.Scan
		walk(httpwrite.Body(m), func(x ast.Node, path []ast.Node) {
			if !all {
				return
			}
			if id, ok := x.(*ast.Ident); ok && info.Uses[id] == fn {
				// A call, or the function handed on as a value.
				calls++
				if scan == nil {
					scan = sum.Scans[m]
					if scan == nil {
						scan = scansOf(pass, sum, map[ast.Node]bool{m: true})[m]
					}
				}
				if scan == nil || !scan.InitializeBranch(path) {
					all = false
				}
			}
		})
	}
	return calls > 0 && all
}
