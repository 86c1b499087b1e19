package sessionstatus

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catNeverChecked: ids are handed out, and no request's id is ever tested
// against them.
const catNeverChecked = "session-ids-never-checked"

// idsNeverChecked reports a package that hands out session ids (it sets
// Mcp-Session-Id on an answer to a value it made, or to what a helper of
// it returns that mints one when the client sent none) while nothing in it
// ever tests a request's Mcp-Session-Id against anything but "": every
// read of the id is logged, formatted, set back on the answer's header,
// compared with "", stored as a key of (or deleted from) a table of the
// package that nothing reads by key, or returned from, or handed to, a
// function of the package whose own uses of it are of those kinds.
// Whatever a request carries, it is then served as a known id is: a
// missing id (400 is due) and an unknown one (404) get the same 2xx. The
// id it issues goes nowhere else either, so no other package holds it to
// check against.
//
// The finding needs a served answer: a 2xx with no JSON-RPC code and no
// session condition, not confined to an initialize, in a function that
// issues the id or calls one that does, or in a function of the package
// they hand the ResponseWriter to. Silent where something outside the
// package may check the id: a function issuing the id, or one of its
// callers two levels up, gives the request to a function outside the
// package and the standard library, or through an interface or a function
// value (an SDK's handler, a session layer, a next handler). A function of
// the package given the request is no such place: its reads of the id are
// among those found inert. Silent too where the package names a revision
// from 2026 on or those functions read MCP-Protocol-Version: a hybrid's
// 2026-07-28 leg rightly ignores ids, and its legacy leg is not told apart
// here. One finding per package, at the first issue of an id, naming the
// other issues, the helper returns that hand the client's id back as it
// came, and the served answer.
func idsNeverChecked(pass *analysis.Pass, p *pkgInfo) {
	if p == nil {
		return
	}
	info := pass.TypesInfo
	for _, f := range pass.Files {
		if modernRevision(info, f) {
			return
		}
	}
	for _, as := range p.sum.Answers {
		for _, a := range as {
			if a.HasSession && a.Session.Kind != session.Missing {
				return
			}
		}
	}
	scans := moreScans(pass, p.sum, func(n ast.Node) bool { return !httpwrite.InTest(pass, n) })
	var funcs []ast.Node
	for _, n := range p.sum.Funcs {
		if !httpwrite.InTest(pass, n) && httpwrite.Body(n) != nil {
			funcs = append(funcs, n)
		}
	}
	// The issues, and what each issued value is.
	var issues []*ast.CallExpr
	issuers := map[ast.Node]bool{}
	u := &unchecked{pass: pass, held: map[*types.Var]bool{}, returners: map[*types.Func]bool{}, unread: map[*types.Var]int{}}
	for _, n := range funcs {
		body := httpwrite.Body(n)
		walk(body, func(x ast.Node, _ []ast.Node) {
			c, ok := x.(*ast.CallExpr)
			if !ok || !issuesID(info, body, c) && !u.mintedIssue(p, body, c) {
				return
			}
			issues = append(issues, c)
			issuers[n] = true
			switch v := ast.Unparen(c.Args[1]).(type) {
			case *ast.Ident:
				obj, _ := info.Uses[v].(*types.Var)
				if obj == nil || obj.Parent() == pass.Pkg.Scope() || obj.IsField() {
					u.bad = true
				}
				u.held[obj] = true
			case *ast.CallExpr:
				if fn := httpwrite.Callee(info, v); fn != nil && fn.Pkg() == pass.Pkg {
					u.minters = append(u.minters, fn.Origin())
				}
				// Otherwise made in place (uuid.NewString()): seen nowhere else.
			default:
				u.bad = true
			}
		})
	}
	if len(issues) == 0 || u.bad {
		return
	}
	// What a function of the package that makes the issued id returns is
	// the issued value too.
	for _, fn := range u.minters {
		if fd := p.decls[fn]; fd != nil {
			ast.Inspect(fd.Body, func(x ast.Node) bool {
				if _, lit := x.(*ast.FuncLit); lit {
					return false
				}
				if r, ok := x.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
					if id, ok := ast.Unparen(r.Results[0]).(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok && v.Parent() != pass.Pkg.Scope() && !v.IsField() {
							u.held[v] = true
						}
					}
				}
				return true
			})
		}
	}
	// Read every use of the request's id, and of what holds it, to a fixed
	// point: a use may make a variable, a parameter or a function's result
	// hold it.
	for range 6 {
		u.changed = false
		for _, n := range funcs {
			u.judge(n, scans[n])
			if u.bad {
				return
			}
		}
		if !u.changed {
			break
		}
	}
	if u.changed {
		return
	}
	// The endpoint: the functions that issue an id, and those of the
	// package that call them, two levels up (the dispatcher that tells an
	// initialize apart, the handler around it).
	endpoint := callersOf(pass, funcs, issuers, 2)
	// The package's own reads were all found inert above, so only what
	// lies outside it may check the id.
	for _, n := range endpoint {
		body := httpwrite.Body(n)
		if mayServeModern(info, body) || handsRequestOut(info, pass.Pkg, body) {
			return
		}
	}
	if len(endpoint) == 0 {
		return
	}
	// The answer is looked for nearer the issue than the outward checks
	// reach: a router two levels up answers other paths too.
	served := u.served(p, scans, callersOf(pass, funcs, issuers, 1))
	if served == nil {
		return
	}
	slices.SortFunc(issues, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
	d := analysis.Diagnostic{
		Pos: issues[0].Pos(), End: issues[0].End(), Category: catNeverChecked,
		Message: "hands out Mcp-Session-Id but never tests a request's id against those issued: a missing id is 400, an unknown one 404",
	}
	for _, c := range issues[1:] {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: c.Pos(), End: c.End(), Message: "an id handed out here too"})
	}
	for _, r := range u.echoes {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Pos(), End: r.End(), Message: "the request's id returned as it came, never checked"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: served.Pos(), End: served.End(), Message: "served here whatever its Mcp-Session-Id"})
	report.Report(pass, d)
}

// unchecked follows the request's Mcp-Session-Id, and the ids a package
// issues, through its functions (idsNeverChecked).
type unchecked struct {
	pass *analysis.Pass
	// held are the variables (locals, parameters) that may hold an id.
	held map[*types.Var]bool
	// returners are the functions of the package that may return one.
	returners map[*types.Func]bool
	// minters are the functions of the package whose result is issued.
	minters []*types.Func
	// unread caches whether a table is read by key: 1 read, -1 not.
	unread map[*types.Var]int
	// echoes are the returns of the request's own id (from a header read).
	echoes []ast.Node
	seen   map[ast.Node]bool
	// bad is that a use may test the id; changed that the sets grew.
	bad, changed bool
}

// mintedIssue reports a call in body that sets Mcp-Session-Id on the
// answer to the result of a function of the package that mints one when
// it does not hand back the client's (id := r.Header.Get(K); if id == "" {
// id = newID() }; return id): the id is the package's own when the client
// sent none, though the helper is given the request.
func (u *unchecked) mintedIssue(p *pkgInfo, body *ast.BlockStmt, c *ast.CallExpr) bool {
	info := u.pass.TypesInfo
	if len(c.Args) != 2 || !httpwrite.IsSessionHeader(info, c.Args[0]) || !setsAnswerHeader(info, c) {
		return false
	}
	var call *ast.CallExpr
	switch v := ast.Unparen(c.Args[1]).(type) {
	case *ast.CallExpr:
		call = v
	case *ast.Ident:
		obj := info.Uses[v]
		ast.Inspect(body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 && a.Pos() < c.Pos() {
				if l, ok := a.Lhs[0].(*ast.Ident); ok && info.ObjectOf(l) == obj {
					call, _ = ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
				}
			}
			return true
		})
	}
	if call == nil {
		return false
	}
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() != u.pass.Pkg || p.decls[fn.Origin()] == nil {
		return false
	}
	fd := p.decls[fn.Origin()]
	returned := map[types.Object]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			if id, ok := ast.Unparen(r.Results[0]).(*ast.Ident); ok {
				returned[info.Uses[id]] = true
			}
		}
		return true
	})
	minted := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || minted || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return !minted
		}
		l, ok := a.Lhs[0].(*ast.Ident)
		r, isCall := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if ok && isCall && returned[info.ObjectOf(l)] && !readsMessage(info, r) && !session.TakesRequest(info, r) {
			minted = true
		}
		return !minted
	})
	if minted {
		u.minters = append(u.minters, fn.Origin())
	}
	return minted
}

func (u *unchecked) hold(v *types.Var) {
	if v != nil && !u.held[v] {
		u.held[v], u.changed = true, true
	}
}

// judge reads each use in n of a value that may be an id.
func (u *unchecked) judge(n ast.Node, scan *session.Scan) {
	info := u.pass.TypesInfo
	var fn *types.Func
	if fd, ok := n.(*ast.FuncDecl); ok {
		fn, _ = info.Defs[fd.Name].(*types.Func)
	}
	var stack []ast.Node
	ast.Inspect(httpwrite.Body(n), func(x ast.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if u.bad {
			return false
		}
		e, ok := x.(ast.Expr)
		if ok && u.idValue(scan, e) {
			// Judged here, its parts not: a false return gets no nil
			// visit, so nothing is left on the stack.
			u.use(fn, scan, append(stack, x), e)
			return false
		}
		stack = append(stack, x)
		return true
	})
}

// idValue reports an expression that may be an id: a read of the header
// (or what the scan takes for the id), a variable that holds one, a call
// of a function that returns one.
func (u *unchecked) idValue(scan *session.Scan, e ast.Expr) bool {
	info := u.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok && u.held[v] {
			return true
		}
	case *ast.CallExpr:
		if fn := httpwrite.Callee(info, e); fn != nil && u.returners[fn.Origin()] {
			return true
		}
	}
	return scan != nil && scan.IsID(e)
}

// use judges e, a value that may be an id, in its place: stack ends at e.
func (u *unchecked) use(fn *types.Func, scan *session.Scan, stack []ast.Node, e ast.Expr) {
	info := u.pass.TypesInfo
	i := len(stack) - 1
	for {
		var parent ast.Node
		for i--; i >= 0; i-- {
			if _, paren := stack[i].(*ast.ParenExpr); !paren {
				parent = stack[i]
				break
			}
		}
		switch p := parent.(type) {
		case *ast.BinaryExpr:
			switch {
			case (p.Op == token.EQL || p.Op == token.NEQ) && (emptyString(info, p.X) || emptyString(info, p.Y)):
				return
			case p.Op == token.ADD:
				// A concatenation holds the id: judged where it goes.
				e = p
				continue
			}
		case *ast.CallExpr:
			if ast.Unparen(p.Fun) == e {
				break
			}
			if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
				e = p // a conversion holds the id
				continue
			}
			if len(p.Args) == 2 && ast.Unparen(p.Args[1]) == e && httpwrite.IsSessionHeader(info, p.Args[0]) && setsAnswerHeader(info, p) {
				return // set on an answer's header
			}
			callee := httpwrite.Callee(info, p)
			if callee != nil && callee.Pkg() != nil {
				switch path := callee.Pkg().Path(); {
				case path == "fmt" && strings.HasPrefix(callee.Name(), "Sprint"):
					e = p // a formatted string holds the id
					continue
				case path == "fmt" || path == "log" || path == "log/slog":
					return
				}
			}
			if id, ok := ast.Unparen(p.Fun).(*ast.Ident); ok && id.Name == "delete" && len(p.Args) == 2 && ast.Unparen(p.Args[1]) == e {
				if t := tableVar(info, u.pass.Pkg, p.Args[0]); t != nil && !u.tableRead(t) {
					return
				}
			}
			if callee != nil && callee.Pkg() == u.pass.Pkg {
				if v := paramFor(callee, p, e); v != nil {
					u.hold(v) // the callee's uses are judged in turn
					return
				}
			}
			if callee != nil && callee.Pkg() != u.pass.Pkg && httpwrite.LogCall(info, p) {
				return
			}
		case *ast.IndexExpr:
			if p.Index == e && i > 0 {
				if a, ok := stack[i-1].(*ast.AssignStmt); ok && slices.Contains(a.Lhs, ast.Expr(p)) {
					if t := tableVar(info, u.pass.Pkg, p.X); t != nil && !u.tableRead(t) {
						return // a key of a table nothing reads by key
					}
				}
			}
		case *ast.AssignStmt:
			if slices.Contains(p.Lhs, e) {
				return
			}
			for j, r := range p.Rhs {
				if ast.Unparen(r) != e || len(p.Lhs) != len(p.Rhs) {
					continue
				}
				if l, ok := p.Lhs[j].(*ast.Ident); ok {
					if l.Name == "_" {
						return
					}
					if v, ok := info.ObjectOf(l).(*types.Var); ok && !v.IsField() && v.Parent() != u.pass.Pkg.Scope() {
						u.hold(v)
						return
					}
				}
			}
		case *ast.ValueSpec:
			for j, r := range p.Values {
				if ast.Unparen(r) == e && j < len(p.Names) && len(p.Names) == len(p.Values) {
					if v, ok := info.Defs[p.Names[j]].(*types.Var); ok {
						u.hold(v)
						return
					}
				}
			}
		case *ast.ReturnStmt:
			if fn != nil && len(p.Results) == 1 {
				if !u.returners[fn.Origin()] {
					u.returners[fn.Origin()], u.changed = true, true
				}
				if scan != nil && scan.IsID(e) && !u.seenNode(p) {
					u.echoes = append(u.echoes, p)
				}
				return
			}
		case *ast.IfStmt, *ast.ExprStmt:
			// if isKnown(id) ... is a call judged above; a bare use here
			// is a value tested as a whole.
		}
		u.bad = true
		return
	}
}

func (u *unchecked) seenNode(n ast.Node) bool {
	if u.seen == nil {
		u.seen = map[ast.Node]bool{}
	}
	if u.seen[n] {
		return true
	}
	u.seen[n] = true
	return false
}

// tableRead caches tableRead for one table.
func (u *unchecked) tableRead(t *types.Var) bool {
	if u.unread[t] == 0 {
		u.unread[t] = -1
		if tableRead(u.pass, map[*types.Var]bool{t: true}) {
			u.unread[t] = 1
		}
	}
	return u.unread[t] > 0
}

// served finds a 2xx answer of the endpoint that a message other than
// initialize gets: in one of its functions, or in a function of the
// package one of them hands the writer to, on a path no initialize test
// confines (nor a test of the id, which the package has none of but for
// emptiness).
func (u *unchecked) served(p *pkgInfo, scans map[ast.Node]*session.Scan, endpoint []ast.Node) ast.Node {
	info := u.pass.TypesInfo
	fits := func(n ast.Node) ast.Node {
		scan := scans[n]
		if scan == nil {
			return nil
		}
		for _, a := range p.sum.Answers[n] {
			w := a.Write
			status := sentStatus(info, scan, w)
			if a.HasSession || w.HasCode || status < 200 || status > 299 || initializeOnly(scan, w.Stack) || initializeOnPath(info, w.Stack) || testsID(scan, w.Stack) {
				continue
			}
			return w.Node
		}
		return nil
	}
	nodeOf := map[*types.Func]ast.Node{}
	for fn, fd := range p.decls {
		nodeOf[fn] = fd
	}
	visited := map[ast.Node]bool{}
	level := endpoint
	for depth := 0; depth < 3 && len(level) > 0; depth++ {
		var next []ast.Node
		for _, n := range level {
			if visited[n] {
				continue
			}
			visited[n] = true
			if s := fits(n); s != nil {
				return s
			}
			scan := scans[n]
			if scan == nil {
				continue
			}
			walk(httpwrite.Body(n), func(x ast.Node, path []ast.Node) {
				c, ok := x.(*ast.CallExpr)
				if !ok || initializeOnly(scan, path) || initializeOnPath(info, path) {
					return
				}
				fn := httpwrite.Callee(info, c)
				if fn == nil || fn.Pkg() != u.pass.Pkg || nodeOf[fn.Origin()] == nil {
					return
				}
				for _, a := range c.Args {
					if t := info.TypeOf(a); httpwrite.IsResponseWriter(t) || httpwrite.IsFrameworkContext(t) {
						g := nodeOf[fn.Origin()]
						if handsRequestOut(info, u.pass.Pkg, httpwrite.Body(g)) || mayServeModern(info, httpwrite.Body(g)) {
							continue
						}
						next = append(next, g)
						break
					}
				}
			})
		}
		level = next
	}
	return nil
}

// callersOf is the functions of funcs in from, and those that call one
// of them (a function literal's call counts for the literal), up to depth
// levels.
func callersOf(pass *analysis.Pass, funcs []ast.Node, from map[ast.Node]bool, depth int) []ast.Node {
	info := pass.TypesInfo
	in := maps.Clone(from)
	objOf := func(n ast.Node) types.Object {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return info.Defs[fd.Name]
		}
		return nil
	}
	for range depth {
		targets := map[types.Object]bool{}
		for n := range in {
			if o := objOf(n); o != nil {
				targets[o] = true
			}
		}
		for _, n := range funcs {
			if in[n] {
				continue
			}
			walk(httpwrite.Body(n), func(x ast.Node, _ []ast.Node) {
				if c, ok := x.(*ast.CallExpr); ok && !in[n] {
					if fn := httpwrite.Callee(info, c); fn != nil && targets[fn.Origin()] {
						in[n] = true
					}
				}
			})
		}
	}
	var out []ast.Node
	for _, n := range funcs {
		if in[n] {
			out = append(out, n)
		}
	}
	return out
}

// mayServeModern reports a body that reads MCP-Protocol-Version or names
// a revision from 2026 on: it may serve 2026-07-28, whose requests carry no
// id. A revision of before (an initialize result's "2024-11-05") says
// nothing of the sort.
func mayServeModern(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if v := info.Types[e].Value; v != nil && v.Kind() == constant.String {
				s := constant.StringVal(v)
				found = strings.EqualFold(s, "MCP-Protocol-Version") || httpwrite.IsRevision(v) && s >= "2026"
			}
		}
		return !found
	})
	return found
}

// modernRevision reports a file that names a revision from 2026 on: the
// package may serve 2026-07-28 beside sessions (a hybrid), and which of
// its answers are the legacy leg's is not told apart here.
func modernRevision(info *types.Info, f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if v := info.Types[e].Value; httpwrite.IsRevision(v) && constant.StringVal(v) >= "2026" {
				found = true
			}
		}
		return !found
	})
	return found
}

// handsRequestOut reports a call in body given the request (or its header,
// or a framework's context) to a function that is not of the package nor
// of the standard library, or is reached through an interface or a
// function value: an SDK, a session layer or a next handler, which may
// check the id.
func handsRequestOut(info *types.Info, pkg *types.Package, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || !session.TakesRequest(info, call) {
			return !found
		}
		fn := httpwrite.Callee(info, call)
		switch {
		case fn == nil || fn.Pkg() == nil || httpwrite.IsInterfaceMethod(fn):
			found = true
		case fn.Pkg() != pkg:
			found = !stdlibFunc(fn)
		}
		return !found
	})
	return found
}

// paramFor is the parameter of fn that call hands e to, nil for a variadic
// one or none.
func paramFor(fn *types.Func, call *ast.CallExpr, e ast.Expr) *types.Var {
	sig, ok := fn.Origin().Type().(*types.Signature)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	for i, a := range call.Args {
		if ast.Unparen(a) != e {
			continue
		}
		if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			return nil
		}
		return sig.Params().At(i)
	}
	return nil
}

// setsAnswerHeader reports a call that sets a header of the answer (not
// of a request sent on, whose receiver may check the id): w.Header().Set
// or Add, gin's c.Header, fiber's c.Set.
func setsAnswerHeader(info *types.Info, c *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, c)
	switch {
	case fn == nil:
		return false
	case httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Set"), httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Add"):
		return answerHeader(info, c)
	}
	return httpwrite.IsMethod(fn, httpwrite.PkgGin, "Context", "Header") || httpwrite.IsMethod(fn, httpwrite.PkgFiber, "Ctx", "Set") || httpwrite.IsMethod(fn, httpwrite.PkgFiber3, "Ctx", "Set")
}
