package refusedhandshake

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// Categories of the hand-rolled table rules.
const (
	catUnguarded  = "registered-before-initialize" // a session registered whatever the method
	catNoRollback = "registered-then-refused"      // registered, then refused without removing it
	catNeverFreed = "registered-never-removed"     // registered per initialize, removed nowhere
	catOneSided   = "closed-on-other-refusal"      // closed on one refusal, not on another
)

// checkTables applies the hand-rolled session-table rules to the package.
func checkTables(pass *analysis.Pass) {
	if httpwrite.IsStd(pass.Pkg.Path()) || !mayJudge(pass) || !mentionsProtocol(pass) {
		return
	}
	t := newTables(pass)
	for _, fn := range httpwrite.Funcs(pass.Files) {
		body := httpwrite.Body(fn)
		handler := isHandlerFunc(pass.TypesInfo, fn)
		if body == nil || (!handler && !t.takesInitParams(fn) && !takesWriterParam(pass.TypesInfo, fn)) || httpwrite.InTest(pass, fn) || t.buildsSDKTransport(body) {
			continue
		}
		all := t.sites(body)
		var sites []regSite // of session tables: rules 1 and 2
		for _, s := range all {
			// Another package's table holds sessions when the request's
			// id keys it, or when the entry is made for an initialize: in
			// a handler reading Mcp-Session-Id, on initialize's own path,
			// or in the handshake's own function (initpath.go).
			if t.isSessionTable(s.table) || (s.table.Pkg() != pass.Pkg && (t.requestKeyed(body, s) || handler && t.readsHeader(body) && t.onInitPath(body, s.node) || t.initOnlyPath(fn))) {
				sites = append(sites, s)
			}
		}
		reported := map[ast.Node]bool{}
		// A handler named for initialize (routed to its own path, or a
		// method's handler) is taken to run only for one, as a registrar
		// so named is: read generously, a guess that it does not would be
		// a false finding.
		if handler && t.readsHeader(body) && t.entry(fn, pass.Files) && !handlerNamedInit(fn) {
			// One finding per table of the function: the other
			// registrations of the same root cause are related positions.
			var order []*types.Var
			byTable := map[*types.Var][]regSite{}
			for _, s := range sites {
				if s.initOnly || t.dominatedByInit(body, s.node) || t.removesKey(body, s) {
					continue
				}
				if byTable[s.table] == nil {
					order = append(order, s.table)
				}
				byTable[s.table] = append(byTable[s.table], s)
			}
			for _, tab := range order {
				group := byTable[tab]
				var related []analysis.RelatedInformation
				for _, s := range group {
					reported[s.node] = true
					if s.node != group[0].node {
						related = append(related, relatedAt(s.node, "registered here too")...)
					}
					// A registrar's own store is where the entry is
					// made: a reader of the call alone sees no table.
					if s.via != nil {
						related = append(related, relatedAt(s.via, "registered here, by the function called")...)
					}
				}
				finding(pass, group[0].node, catUnguarded,
					fmt.Sprintf("a session is registered in %s under a freshly minted id whatever the request's method: every request without Mcp-Session-Id that is not an accepted initialize leaves an entry no client can address; register it only once the initialize is answered with the id", tab.Name()),
					related, nil)
			}
		}
		if handler && (t.readsHeader(body) || mentionsInit(pass.TypesInfo, t.decls, body)) || (handler || takesWriterParam(pass.TypesInfo, fn)) && t.initOnlyFunc(fn) {
			// One finding per table and refusal: a second registration
			// in the same table that the same branch leaves behind is a
			// related position of the first.
			type rolled struct {
				table *types.Var
				ref   ast.Node
			}
			first := map[rolled]*analysis.Diagnostic{}
			var order []*analysis.Diagnostic
			for _, s := range sites {
				if reported[s.node] || t.deferredRemoval(body, s.table) {
					continue
				}
				if ref, unanswered, idSent := t.unrolledRefusal(body, s); ref != nil {
					reported[s.node] = true
					if d := first[rolled{s.table, ref}]; d != nil {
						d.Related = append(d.Related, relatedAt(s.node, "registered here too")...)
						continue
					}
					msg := fmt.Sprintf("a session is registered in %s before the handshake is accepted, and a later refusal answers an error without removing it: each refused handshake leaves an entry no client can address", s.table.Name())
					note := "refused here; the entry stays"
					if idSent {
						msg = fmt.Sprintf("a session is registered in %s and its id put on the answer before the handshake is accepted, and a later refusal answers an error without removing it: a client whose initialize failed does not keep that id, so each refused handshake leaves an entry", s.table.Name())
					}
					if unanswered {
						msg = fmt.Sprintf("a session is registered in %s before the handshake is accepted, and a later branch answers without Mcp-Session-Id and without removing it: each handshake answered there leaves an entry no client can address", s.table.Name())
						note = "answered here without the id; the entry stays"
					}
					// Every refusal that leaves the entry is named at its
					// return; the first found stands for the rest when
					// none ends in one.
					related := refusalsAfter(t.info, fn, s.node, func(b *ast.BlockStmt) bool { return t.removesIn(b, s.table) }, note)
					if _, block := ref.(*ast.BlockStmt); len(related) == 0 || unanswered {
						related = relatedAt(ref, note)
					} else if !block {
						related = append(relatedAt(ref, note), related...)
					}
					if s.via != nil {
						related = append(relatedAt(s.via, "registered here, by the function called"), related...)
					}
					d := &analysis.Diagnostic{Pos: s.node.Pos(), End: s.node.End(), Category: catNoRollback, Message: msg, Related: related}
					first[rolled{s.table, ref}] = d
					order = append(order, d)
				}
			}
			for _, d := range order {
				report.Report(pass, *d)
			}
			t.checkOneSidedClose(fn, body)
		}
		t.checkVerdicts(fn, body, sites, reported)
		if t.takesInitParams(fn) {
			for _, s := range all {
				// Another package's removals are out of sight.
				if reported[s.node] || t.removed[s.table] || s.table.Pkg() != pass.Pkg {
					continue
				}
				reported[s.node] = true
				finding(pass, s.node, catNeverFreed,
					fmt.Sprintf("every initialize registers a session in %s under a fresh id and nothing in the package ever removes an entry of it: each handshake (refused or ended) leaves a permanent entry", s.table.Name()),
					nil, nil)
			}
		}
	}
}

// mayJudge is the gate before the package's tables are summarised: every
// rule judges a handler (a function or literal taking an
// http.ResponseWriter and an *http.Request) or a function receiving the
// initialize parameters, outside tests. Declarations are read first; the
// bodies are walked for handler literals only in files that import
// net/http, which every such literal names.
func mayJudge(pass *analysis.Pass) bool {
	info := pass.TypesInfo
	var walk []*ast.File
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if ok && fd.Body != nil && (isHandlerFunc(info, fd) || initParamsDecl(info, fd)) && !httpwrite.InTest(pass, fd) {
				return true
			}
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"net/http"` {
				walk = append(walk, f)
				break
			}
		}
	}
	found := false
	for _, f := range walk {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && !found && isHandlerFunc(info, lit) && !httpwrite.InTest(pass, lit) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// buildsSDKTransport reports whether body connects or builds the transports
// the other rules judge: those rules own the session map beside them.
func (t *tables) buildsSDKTransport(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			found = isServerConnect(t.info, call) || isNewTransport(t.info, call) || isServerRun(t.info, call)
		}
		return !found
	})
	return found
}

// isHandlerFunc reports whether fn takes an http.ResponseWriter and an
// *http.Request, or a web framework's context (gin's, echo's, fiber's),
// which carries both.
func isHandlerFunc(info *types.Info, fn ast.Node) bool {
	w, r := false, false
	for _, typ := range paramTypes(info, fn) {
		if isNamed(typ, netHTTP, "ResponseWriter") {
			w = true
		}
		if isPointerTo(typ, netHTTP, "Request") {
			r = true
		}
		if httpwrite.IsFrameworkContext(typ) {
			return true
		}
	}
	return w && r
}

// paramTypes returns the types of the parameters of fn, a function
// declaration or literal.
func paramTypes(info *types.Info, fn ast.Node) []types.Type {
	ft := httpwrite.FuncType(fn)
	if ft == nil || ft.Params == nil {
		return nil
	}
	var out []types.Type
	for _, f := range ft.Params.List {
		out = append(out, info.TypeOf(f.Type))
	}
	return out
}

// readsHeader reports whether body names the Mcp-Session-Id header, itself
// or through a function of the package it calls.
func (t *tables) readsHeader(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
			found = httpwrite.IsSessionHeader(t.info, n.(ast.Expr))
		case *ast.CallExpr:
			if fn := calledFunc(t.info, n); fn != nil && t.summaryOf(fn).headerReader {
				found = true
			}
		}
		return !found
	})
	return found
}

// entry reports whether fn is where a request arrives, not a helper called
// for some requests only: ServeHTTP, a handler taken as a value (handed to
// a router), a function literal handed on, or a handler whose every call
// comes from such an entry without a test of the method on the way.
func (t *tables) entry(fn ast.Node, files []*ast.File) bool {
	switch fn := fn.(type) {
	case *ast.FuncLit:
		return t.litHandedOn(fn, files)
	case *ast.FuncDecl:
		obj, _ := t.info.Defs[fn.Name].(*types.Func)
		return obj != nil && t.entryFunc(obj, map[*types.Func]bool{})
	}
	return false
}

func (t *tables) entryFunc(fn *types.Func, seen map[*types.Func]bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	fd := t.decls[fn]
	if fd == nil || !isHandlerFunc(t.info, fd) {
		return false
	}
	if fn.Name() == "ServeHTTP" || t.valueUse[fn] {
		return true
	}
	calls := t.calls[fn]
	if len(calls) == 0 {
		return false
	}
	for _, stack := range calls {
		outer := enclosingFunc(stack)
		if outer == nil || httpwrite.InTest(t.pass, outer) {
			return false
		}
		body := httpwrite.Body(outer)
		if t.dominatedByInit(body, stack[len(stack)-1]) {
			return false
		}
		switch o := outer.(type) {
		case *ast.FuncDecl:
			caller, _ := t.info.Defs[o.Name].(*types.Func)
			if caller == nil || !t.entryFunc(caller, seen) {
				return false
			}
		case *ast.FuncLit:
			if !isHandlerFunc(t.info, o) {
				return false
			}
		}
	}
	return true
}

// initOnlyFunc reports an unexported function declaration every call of
// which, outside tests, runs only for an initialize (under a test of the
// method, a case "initialize"): the handshake's own handler, given the
// ResponseWriter to answer it (initialize(w, req)). A registration in it
// is judged by the refusals that follow it there, as in a handler.
func (t *tables) initOnlyFunc(fn ast.Node) bool {
	return t.calledOnlyWhere(fn, t.dominatedByInit)
}

// calledOnlyWhere reports an unexported function declaration that is
// called, and every call of which (outside tests) satisfies on, given the
// body of the function making it.
func (t *tables) calledOnlyWhere(fn ast.Node, on func(body *ast.BlockStmt, call ast.Node) bool) bool {
	fd, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	obj, _ := t.info.Defs[fd.Name].(*types.Func)
	if obj == nil || obj.Exported() {
		return false
	}
	calls := t.calls[obj]
	if len(calls) == 0 {
		return false
	}
	for _, stack := range calls {
		outer := enclosingFunc(stack)
		if outer == nil || httpwrite.InTest(t.pass, outer) || !on(httpwrite.Body(outer), stack[len(stack)-1]) {
			return false
		}
	}
	return true
}

// litHandedOn reports whether lit is passed to a call (a router, an
// http.HandlerFunc conversion) or returned: code outside decides when it
// runs, for every request.
func (t *tables) litHandedOn(lit *ast.FuncLit, files []*ast.File) bool {
	handed := false
	for _, f := range files {
		if f.Pos() > lit.Pos() || lit.End() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if handed || n == nil || n.Pos() > lit.Pos() || n.End() < lit.End() {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				for _, a := range n.Args {
					if ast.Unparen(a) == lit {
						handed = true
					}
				}
			case *ast.ReturnStmt:
				for _, r := range n.Results {
					if ast.Unparen(r) == lit {
						handed = true
					}
				}
			}
			return !handed
		})
	}
	return handed
}

func enclosingFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}

// pathTo returns the nodes from body down to target.
func pathTo(body *ast.BlockStmt, target ast.Node) []ast.Node {
	var stack, out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > target.Pos() || n.End() < target.End() {
			return false
		}
		stack = append(stack, n)
		if n == target {
			out = append([]ast.Node(nil), stack...)
			return false
		}
		return true
	})
	return out
}

// dominatedByInit reports whether the code at target runs only after some
// test that may be a test of the message's method against initialize: an
// if or switch around it, or an earlier statement of a block around it,
// whose condition names initialize. The test is read generously (any
// mention) because a test missed here would be a false finding.
func (t *tables) dominatedByInit(body *ast.BlockStmt, target ast.Node) bool {
	stack := pathTo(body, target)
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if mentionsInit(t.info, t.decls, n.Cond) || (n.Init != nil && mentionsInit(t.info, t.decls, n.Init)) {
				return true
			}
		case *ast.SwitchStmt:
			if mentionsInit(t.info, t.decls, n) && stack[i+1] == n.Body {
				return true
			}
		case *ast.TypeSwitchStmt:
			if stack[i+1] == n.Body && mentionsInit(t.info, t.decls, n) {
				return true
			}
		case *ast.BlockStmt:
			for _, s := range n.List {
				if s == stack[i+1] {
					break
				}
				if guardsInit(t.info, t.decls, s) {
					return true
				}
			}
		case *ast.CaseClause:
			for _, s := range n.Body {
				if s == stack[i+1] {
					break
				}
				if guardsInit(t.info, t.decls, s) {
					return true
				}
			}
		}
	}
	return false
}

// guardsInit reports whether s, a statement before the code judged, is a
// branch on something that names initialize (a guard that may return).
func guardsInit(info *types.Info, decls map[*types.Func]*ast.FuncDecl, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.IfStmt:
		return mentionsInit(info, decls, s.Cond) || (s.Init != nil && mentionsInit(info, decls, s.Init)) || (s.Else != nil && guardsInit(info, decls, s.Else.(ast.Stmt)))
	case *ast.SwitchStmt, *ast.TypeSwitchStmt:
		return mentionsInit(info, decls, s)
	case *ast.BlockStmt:
		for _, x := range s.List {
			if guardsInit(info, decls, x) {
				return true
			}
		}
	}
	return false
}

// mentionsInit reports whether n names initialize: the constant, an
// identifier spelled like it (isInitialize, MethodInitialize), or a call of
// a package function whose body compares with the constant.
func mentionsInit(info *types.Info, decls map[*types.Func]*ast.FuncDecl, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BasicLit:
			found = isInitConst(info, x)
		case *ast.Ident:
			found = strings.Contains(strings.ToLower(x.Name), "init") || isInitConst(info, x)
			if !found {
				if fn, ok := info.Uses[x].(*types.Func); ok && decls[fn.Origin()] != nil {
					found = hasInitConst(info, decls[fn.Origin()].Body)
				}
			}
		}
		return !found
	})
	return found
}

func hasInitConst(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if lit, ok := x.(*ast.BasicLit); ok && isInitConst(info, lit) {
			found = true
		}
		return !found
	})
	return found
}

// removesIn reports whether body (its function literals included) takes an
// entry out of tab, itself or through a function of the package.
func (t *tables) removesIn(n ast.Node, tab *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok && !found {
			if t.removal(call) == tab {
				found = true
			} else if fn := calledFunc(t.info, call); fn != nil && t.removesVia(fn, tab) {
				found = true
			}
		}
		return !found
	})
	return found
}

// removesVia reports whether a call of fn takes entries out of tab: a
// function of the package that removes them (itself, or by a call of
// another package's remover), another package's remover, or a method of a
// sealed interface any implementation of which does.
func (t *tables) removesVia(fn *types.Func, tab *types.Var) bool {
	if t.removers[fn][tab] || t.removesTable(fn, tab) {
		return true
	}
	for _, m := range t.implementations(fn) {
		if t.removers[m][tab] {
			return true
		}
	}
	return false
}

// removesKey reports whether n takes the entry of site s out of its table:
// a removal, itself or through a function of the package, that names one of
// the entry's variables (as key, argument or receiver). A site whose entry
// no variable names takes any removal of the table.
func (t *tables) removesKey(n ast.Node, s regSite) bool {
	if len(s.keys) == 0 {
		return t.removesIn(n, s.table)
	}
	names := func(e ast.Node) bool {
		for v := range t.varsIn(e) {
			if s.keys[v] {
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || found || call == s.node {
			return !found // the registering call removes only what it later ends
		}
		if t.removal(call) == s.table {
			found = names(call)
		} else if fn := calledFunc(t.info, call); fn != nil && t.removesVia(fn, s.table) {
			found = names(call)
		}
		return !found
	})
	return found
}

// deferredRemoval reports whether a deferred call of body removes an entry
// of tab: a rollback that runs on every return.
func (t *tables) deferredRemoval(body *ast.BlockStmt, tab *types.Var) bool {
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		if d, ok := x.(*ast.DeferStmt); ok && !found {
			found = t.removesIn(d, tab)
		}
		return !found
	})
	return found
}

// unrolledRefusal returns the first refusal after site s on the paths that
// follow it in its function: an if whose branch answers an HTTP error and
// returns without removing an entry of the table, before the response
// carries Mcp-Session-Id. Branches that name initialize are skipped: they
// may run only for requests that registered nothing.
//
// A branch that answers anything else and returns (a 202 for an
// initialize sent without an id, the server's own JSON-RPC error, an empty
// 204) is an answer without the id as well, when the path it leaves goes
// on to set Mcp-Session-Id: that header is how the handshake is accepted
// here, and the branch never reaches it.
//
// Setting Mcp-Session-Id on the response's header alone does not accept
// the handshake: the protocol assigns the id with an InitializeResult, so
// a refusal that follows goes out with an id the client does not keep
// (idSent). The walk goes on past such a statement for a refusal, not for
// an answer without the id.
func (t *tables) unrolledRefusal(body *ast.BlockStmt, s regSite) (ref ast.Node, unansweredOnly, idSent bool) {
	stack := pathTo(body, s.node)
	var out, unanswered ast.Node
	for i := len(stack) - 2; i >= 0 && out == nil; i-- {
		var list []ast.Stmt
		switch n := stack[i].(type) {
		case *ast.BlockStmt:
			if i > 0 && clauseList(stack[i-1], n) {
				// A switch's clauses: the ones after the site's are other
				// requests' paths, not what follows on its own.
				continue
			}
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.FuncLit:
			return nil, false, false
		default:
			continue
		}
		after := false
		for j, st := range list {
			if st == stack[i+1] {
				switch st.(type) {
				case *ast.ReturnStmt, *ast.BranchStmt:
					// The site's own statement leaves the block: nothing
					// after it, here or outside, is on the site's path.
					return out, false, idSent
				}
				after = true
				continue
			}
			if !after {
				continue
			}
			if t.answersID(st) {
				if headerSetOnly(st) && unanswered == nil {
					idSent = true
					continue
				}
				if out == nil {
					if idSent {
						return nil, false, false
					}
					return unanswered, unanswered != nil, false
				}
				return out, false, idSent
			}
			if _, ok := st.(*ast.ReturnStmt); ok && idSent {
				return nil, false, false // the handshake's own answer ends its path
			}
			if _, isIf := st.(*ast.IfStmt); idSent && !isIf {
				// Past the id, only a branch that refuses counts: the
				// answer written straight on is the handshake's own.
				continue
			}
			if out = t.refusalIn(st, list[j+1:], s); out != nil {
				break
			}
			if unanswered == nil && !idSent {
				unanswered = t.unansweredIn(st, s, t.carriers(body, s))
			}
			if _, ok := st.(*ast.BranchStmt); ok {
				return nil, false, false
			}
			if _, ok := st.(*ast.ReturnStmt); ok {
				return nil, false, false // the code after this block is not on the site's paths
			}
		}
	}
	return out, false, idSent
}

// headerSetOnly reports a statement that only sets a response header:
// w.Header().Set(k, v).
func headerSetOnly(st ast.Stmt) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Set" && sel.Sel.Name != "Add" {
		return false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	h, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
	return ok && h.Sel.Name == "Header"
}

// clauseList reports whether b is the body of a switch or select, whose
// statements are its clauses.
func clauseList(parent ast.Node, b *ast.BlockStmt) bool {
	switch p := parent.(type) {
	case *ast.SwitchStmt:
		return p.Body == b
	case *ast.TypeSwitchStmt:
		return p.Body == b
	case *ast.SelectStmt:
		return p.Body == b
	}
	return false
}

// unansweredIn returns the first branch in st (an if's or a case's) that
// answers the request through its ResponseWriter and returns, without
// naming the entry of s, removing from its table or setting
// Mcp-Session-Id: whatever it answers, the client is not told the id.
// Branches whose test names initialize or the entry are skipped, as in
// refusalIn.
func (t *tables) unansweredIn(st ast.Stmt, s, carried regSite) ast.Node {
	var out ast.Node
	judge := func(list []ast.Stmt) {
		if out != nil || len(list) == 0 {
			return
		}
		ret, ok := list[len(list)-1].(*ast.ReturnStmt)
		if !ok {
			return
		}
		blk := &ast.BlockStmt{List: list}
		if t.namesKey(blk, carried) || t.removesIn(blk, s.table) || t.answersID(blk) || !(t.writesAnswer(blk) || t.returnsError(ret)) {
			return
		}
		// The branch is named at the statement that answers, where a
		// reader fixes it, rather than at its opening brace.
		out = ret
		for _, st := range list {
			if t.writesAnswer(&ast.BlockStmt{List: []ast.Stmt{st}}) {
				out = st
				break
			}
		}
	}
	var stack []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		skip := false
		switch n := n.(type) {
		case *ast.FuncLit:
			skip = true
		case *ast.IfStmt:
			if skip = mentionsInit(t.info, t.decls, n.Cond) || t.namesKey(n.Cond, s) || (n.Init != nil && t.namesKey(n.Init, s)) || t.removedBefore(stack, n, s.table); !skip {
				judge(n.Body.List)
			}
		case *ast.SwitchStmt:
			skip = mentionsInit(t.info, t.decls, n) || (n.Tag != nil && t.namesKey(n.Tag, s)) || t.removedBefore(stack, n, s.table)
		case *ast.CaseClause:
			for _, e := range n.List {
				skip = skip || t.namesKey(e, s)
			}
			if !skip {
				judge(n.Body)
			}
		}
		if skip {
			stack = stack[:len(stack)-1]
		}
		return !skip
	})
	return out
}

// carriers returns s with its keys widened to the contexts of body that
// carry one (ctx = context.WithValue(ctx, k, id), and contexts derived from
// those): a branch handing one of them on may hand the session on.
func (t *tables) carriers(body *ast.BlockStmt, s regSite) regSite {
	keys := map[*types.Var]bool{}
	for v := range s.keys {
		keys[v] = true
	}
	for range 3 {
		grew := false
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			named := false
			for _, r := range as.Rhs {
				if !isNamed(t.info.TypeOf(r), "context", "Context") {
					continue
				}
				for v := range t.varsIn(r) {
					named = named || keys[v]
				}
			}
			if !named {
				return true
			}
			for _, l := range as.Lhs {
				for v := range t.varsIn(l) {
					if !keys[v] {
						keys[v], grew = true, true
					}
				}
			}
			return true
		})
		if !grew {
			break
		}
	}
	s.keys = keys
	return s
}

// returnsError reports whether ret hands an error to the caller (its last
// result an error that is not nil): the caller answers it, and not with the
// id.
func (t *tables) returnsError(ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if id, ok := last.(*ast.Ident); ok && id.Name == "nil" {
		return false
	}
	return httpwrite.IsErrorType(t.info.TypeOf(last))
}

// writesAnswer reports whether n (not its function literals) writes to the
// response: a method of the ResponseWriter, or a call handed it.
func (t *tables) writesAnswer(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if takesWriter(t.info, x) {
				found = true
			} else if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && isNamed(t.info.TypeOf(sel.X), netHTTP, "ResponseWriter") {
				found = true
			}
		}
		return !found
	})
	return found
}

// answersID reports whether st sets the Mcp-Session-Id response header:
// from there on the client holds the id, and a later error is no refusal
// of the handshake.
func (t *tables) answersID(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found && len(call.Args) >= 1 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add" || sel.Sel.Name == "Header") && httpwrite.IsSessionHeader(t.info, call.Args[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// namesKey reports whether n refers to one of the variables of site s,
// outside a logging call.
func (t *tables) namesKey(n ast.Node, s regSite) bool {
	return t.keyIn(n, s, false)
}

// testsKey is namesKey for a branch's test: a key that is only the
// receiver of a method called there (if err := sess.handshake(p); err !=
// nil) is the registered session's own step failing, a refusal after the
// registration, not the registering call's own failure.
func (t *tables) testsKey(n ast.Node, s regSite) bool {
	return n != nil && t.keyIn(n, s, true)
}

func (t *tables) keyIn(n ast.Node, s regSite, skipReceivers bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok && httpwrite.LogCall(t.info, call) {
			return false // a log line naming the session does nothing to it
		}
		if call, ok := x.(*ast.CallExpr); ok && skipReceivers {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if _, method := t.info.Selections[sel]; method {
					for _, a := range call.Args {
						if t.keyIn(a, s, true) {
							found = true
						}
					}
					if _, recv := ast.Unparen(sel.X).(*ast.Ident); recv {
						return false
					}
				}
			}
		}
		if id, ok := x.(*ast.Ident); ok {
			obj := t.info.Uses[id]
			if obj == nil {
				obj = t.info.Defs[id]
			}
			if v, ok := obj.(*types.Var); ok && s.keys[v] {
				found = true
			}
		}
		return true
	})
	return found
}

// answersWith reports whether body sets the Mcp-Session-Id response header
// from v (v.ID(), v.id): v is the session the handshake creates.
func (t *tables) answersWith(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found && len(call.Args) == 2 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Set" || sel.Sel.Name == "Add") && httpwrite.IsSessionHeader(t.info, call.Args[0]) {
				found = httpwrite.Mentions(t.info, call.Args[1], v)
			}
		}
		return !found
	})
	return found
}

// refusalIn returns the first if branch in st that answers an error and
// returns without touching the table of s.
func (t *tables) refusalIn(st ast.Stmt, rest []ast.Stmt, s regSite) ast.Node {
	var out ast.Node
	var stack []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			stack = stack[:len(stack)-1]
			return false
		case *ast.IfStmt:
			// A branch on what the registering call returned is its own
			// failure, with nothing registered. A later call handed the
			// entry in the if's init (if err := up.Open(ctx, rec); err
			// != nil) is a step after the registration: its failure
			// refuses with the entry kept.
			if mentionsInit(t.info, t.decls, n.Cond) || t.testsKey(n.Cond, s) || n.Init != nil && n.Init.Pos() <= s.node.Pos() && s.node.End() <= n.Init.End() {
				stack = stack[:len(stack)-1]
				return false
			}
			if t.removedBefore(stack, n, s.table) {
				// The entry is gone on every way into this branch.
				stack = stack[:len(stack)-1]
				return false
			}
			if t.refuses(n.Body) && !t.removesIn(n.Body, s.table) {
				out = n.Body
				return false
			}
		case *ast.CallExpr:
			// A function of the package handed the writer that may
			// answer this request with an error refuses it there. An
			// error it only returns refuses nothing when this function
			// tests it and removes the entry on that test's branch.
			if fn := calledFunc(t.info, n); fn != nil && t.decls[fn] != nil && takesWriter(t.info, n) && !t.removesIn(t.decls[fn], s.table) {
				if ref := t.calleeRefusal(fn, 0); ref != nil {
					if _, returned := ref.(*ast.ReturnStmt); !returned || !t.errorRolledBack(stack, rest, n, s.table) {
						out = n
						return false
					}
				}
			}
		}
		return true
	})
	return out
}

// removedBefore reports whether a block enclosing n on stack removes an
// entry of table in a statement before n: every way into n has dropped it.
func (t *tables) removedBefore(stack []ast.Node, n ast.Node, table *types.Var) bool {
	for _, e := range stack {
		b, ok := e.(*ast.BlockStmt)
		if !ok {
			continue
		}
		for _, st := range b.List {
			if st.End() <= n.Pos() && t.removesIn(st, table) {
				return true
			}
		}
	}
	return false
}

// errorRolledBack reports whether call, the last node of stack, is
// assigned to variables one of which is a named error, and the first if
// testing that error (the assignment's own, or one after it in the same
// block; rest is what follows stack's first statement in its list)
// removes an entry of table: the function handles the failure it returns
// by rolling the registration back.
func (t *tables) errorRolledBack(stack []ast.Node, rest []ast.Stmt, call *ast.CallExpr, table *types.Var) bool {
	if len(stack) < 2 {
		return false
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return false
	}
	var errVar *types.Var
	for _, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" {
			if v, ok := t.info.ObjectOf(id).(*types.Var); ok && types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
				errVar = v
			}
		}
	}
	if errVar == nil {
		return false
	}
	firstTest := func(list []ast.Stmt) bool {
		for _, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok && httpwrite.Mentions(t.info, ifs.Cond, errVar) {
				return t.removesIn(ifs.Body, table)
			}
		}
		return false
	}
	if len(stack) == 2 {
		// The assignment is the statement itself: what follows it is rest.
		return firstTest(rest)
	}
	switch parent := stack[len(stack)-3].(type) {
	case *ast.IfStmt:
		return parent.Init == as && t.removesIn(parent.Body, table)
	case *ast.BlockStmt:
		for i, st := range parent.List {
			if st == as {
				return firstTest(parent.List[i+1:])
			}
		}
	}
	return false
}

// refuses reports whether block ends in a return and answers an HTTP error
// on the way (http.Error, WriteHeader of 400 or more, a package function
// that does, or a call handed the writer with a JSON-RPC error code or an
// HTTP error status among its arguments: refuse(c, 406, msg)), or, in an
// echo or fiber handler, returns an error for the framework to answer.
func (t *tables) refuses(block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	ret, ok := block.List[len(block.List)-1].(*ast.ReturnStmt)
	if !ok {
		return false
	}
	if returnsErr(t.info, ret) && t.frameworkHandlerOf(block) {
		// An echo or fiber handler's error is answered by the
		// framework as a failure (500, or the status it carries).
		return true
	}
	found := false
	for _, st := range block.List {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.IfStmt:
				return false // a conditional answer is not this branch's
			case *ast.CallExpr:
				if errorWrite(t.info, n) {
					found = true
				} else if fn := calledFunc(t.info, n); fn != nil && takesWriter(t.info, n) && t.summaryOf(fn).errWriter {
					found = true
				} else if takesWriter(t.info, n) && (t.rpcErrorCode(n) || t.rpcErrorValue(n) || statusArg(t.info, n)) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// frameworkHandlerOf reports whether the function declaring block is a
// web framework's handler that answers by returning: it takes the
// framework's context and returns an error (echo's and fiber's).
func (t *tables) frameworkHandlerOf(block *ast.BlockStmt) bool {
	for fn, fd := range t.decls {
		if fd.Body == nil || block.Pos() < fd.Body.Pos() || fd.Body.End() < block.End() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if !returnsErrorType(sig.Results()) {
			return false
		}
		for i := range sig.Params().Len() {
			if httpwrite.IsFrameworkContext(sig.Params().At(i).Type()) {
				return true
			}
		}
		return false
	}
	return false
}

// rpcErrorValue reports whether an argument of call is a JSON-RPC error
// object (a struct with "code" and "message" members, or a pointer to
// one): whatever status goes with it, the answer refuses the request.
func (t *tables) rpcErrorValue(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if httpwrite.IsErrorObjectType(t.info.TypeOf(a)) && !isNilIdent(a) {
			return true
		}
	}
	return false
}

// isNilIdent reports whether e is the identifier nil.
func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// rpcErrorCode reports whether a constant among call's arguments (nested
// calls included) is a JSON-RPC error code: the answer is an error object.
func (t *tables) rpcErrorCode(call *ast.CallExpr) bool { return rpcErrorCodeIn(t.info, call) }

// rpcErrorCodeIn is rpcErrorCode given the package's types.
func rpcErrorCodeIn(info *types.Info, call *ast.CallExpr) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && !found {
				if c, ok := httpwrite.IntConst(info, e); ok && c >= -32768 && c <= -32000 {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// takesWriter reports whether call is handed the ResponseWriter or a
// framework's context: the callee may answer the request.
func takesWriter(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if t := info.TypeOf(a); isNamed(t, netHTTP, "ResponseWriter") || httpwrite.IsFrameworkContext(t) {
			return true
		}
	}
	return false
}

// takesInitParams reports whether fn receives the initialize request's
// parameters, recognised by the protocol's shape: a struct (or a pointer to
// one, or a struct holding one as Params) with JSON fields protocolVersion
// and clientInfo.
func (t *tables) takesInitParams(fn ast.Node) bool {
	fd, ok := fn.(*ast.FuncDecl)
	return ok && initParamsDecl(t.info, fd)
}

func initParamsDecl(info *types.Info, fd *ast.FuncDecl) bool {
	for _, f := range fd.Type.Params.List {
		if initParamsType(info.TypeOf(f.Type), 0) {
			return true
		}
	}
	return false
}

func initParamsType(typ types.Type, depth int) bool {
	if typ == nil || depth > 2 {
		return false
	}
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		typ = p.Elem()
	}
	st, ok := typ.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	version, client := false, false
	for i := 0; i < st.NumFields(); i++ {
		tag := reflectTagJSON(st.Tag(i))
		switch tag {
		case "protocolVersion":
			version = true
		case "clientInfo":
			client = true
		case "params":
			if initParamsType(st.Field(i).Type(), depth+1) {
				return true
			}
		}
		if st.Field(i).Embedded() && initParamsType(st.Field(i).Type(), depth+1) {
			return true
		}
	}
	return version && client
}

func reflectTagJSON(tag string) string {
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		key, rest, ok := strings.Cut(tag, ":\"")
		if !ok {
			return ""
		}
		val, rest2, ok := strings.Cut(rest, "\"")
		if !ok {
			return ""
		}
		if key == "json" {
			name, _, _ := strings.Cut(val, ",")
			return name
		}
		tag = rest2
	}
	return ""
}

// checkOneSidedClose reports, in a handler that builds a closable value for
// the handshake, a refusal that returns without closing it when another
// refusal of the same function closes it: the author owns the value on
// those paths, and one of them forgets it.
func (t *tables) checkOneSidedClose(fn ast.Node, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
			return true
		}
		if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
			return true
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := t.info.Defs[id].(*types.Var)
		if !ok || !closable(v.Type()) {
			return true
		}
		t.oneSided(body, as, v)
		return true
	})
}

func (t *tables) oneSided(body *ast.BlockStmt, def *ast.AssignStmt, v *types.Var) {
	if !t.answersWith(body, v) {
		return // not the session: its id is never the answer's Mcp-Session-Id
	}
	stack := pathTo(body, def)
	if len(stack) < 2 {
		return
	}
	var list []ast.Stmt
	switch b := stack[len(stack)-2].(type) {
	case *ast.BlockStmt:
		list = b.List
	case *ast.CaseClause:
		list = b.Body
	default:
		return
	}
	// The statements after the definition, from the first use of v on:
	// the test of the constructor's error comes before, with v unbuilt.
	var rest []ast.Stmt
	after, used := false, false
	for _, st := range list {
		if st == def {
			after = true
			continue
		}
		if !after {
			continue
		}
		if !used && httpwrite.Mentions(t.info, st, v) {
			used = true
		}
		if used {
			rest = append(rest, st)
		}
	}
	var closing, open []*ast.BlockStmt
	for _, st := range rest {
		if d, ok := st.(*ast.DeferStmt); ok && closesVar(t.info, d, v) {
			return
		}
		if _, ok := st.(*ast.GoStmt); ok && httpwrite.Mentions(t.info, st, v) {
			return
		}
		if t.answersID(st) {
			break
		}
		if escapes(t.info, st, v) {
			// A new owner may close it: only this statement's closes count.
			var ignored []*ast.BlockStmt
			refusalBlocks(t, st, v, &closing, &ignored)
			break
		}
		refusalBlocks(t, st, v, &closing, &open)
	}
	if len(closing) == 0 {
		return
	}
	for _, b := range open {
		finding(t.pass, b, catOneSided,
			fmt.Sprintf("%s, built for this handshake, is closed on another refusal but not on this one: each handshake refused here leaves it (and what it runs) behind", v.Name()),
			relatedAt(closing[0], "closed here"), nil)
	}
}

// refusalBlocks sorts the refusing if branches of st into those that close
// v and those that neither close nor hand it on.
func refusalBlocks(t *tables, st ast.Stmt, v *types.Var, closing, open *[]*ast.BlockStmt) {
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if !t.refuses(n.Body) {
				return true
			}
			switch {
			case closesVar(t.info, n.Body, v):
				*closing = append(*closing, n.Body)
			case !httpwrite.Mentions(t.info, n.Body, v) && !closedBefore(t.info, st, n.Body, v):
				*open = append(*open, n.Body)
			}
		}
		return true
	})
}

// closedBefore reports whether a statement of a block around b, inside st
// and before b, closes v: b runs after the close.
func closedBefore(info *types.Info, st ast.Stmt, b ast.Node, v *types.Var) bool {
	var stack, path []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if path != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > b.Pos() || n.End() < b.End() {
			return false
		}
		stack = append(stack, n)
		if n == b {
			path = append([]ast.Node(nil), stack...)
			return false
		}
		return true
	})
	for i := 0; i+1 < len(path); i++ {
		var list []ast.Stmt
		switch n := path[i].(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		}
		for _, s := range list {
			if s == path[i+1] {
				break
			}
			if closesVar(info, s, v) {
				return true
			}
		}
	}
	return false
}

// closesVar reports whether n calls v.Close.
func closesVar(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// escapes reports whether st hands v on outside a deferred call: passes it
// to a call, assigns it, sends or returns it. A new owner may close it.
func escapes(info *types.Info, st ast.Stmt, v *types.Var) bool {
	if _, ok := st.(*ast.DeferStmt); ok {
		return false
	}
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			for _, a := range n.Args {
				if isV(a) {
					found = true
				}
			}
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if isV(r) {
					found = true
				}
			}
		case *ast.SendStmt:
			found = found || isV(n.Value)
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if isV(r) {
					found = true
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if isV(e) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// closable reports whether a value of type typ has a Close method.
func closable(typ types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(typ, true, nil, "Close")
	if _, ok := obj.(*types.Func); ok {
		return true
	}
	if _, ptr := types.Unalias(typ).(*types.Pointer); ptr {
		return false
	}
	obj, _, _ = types.LookupFieldOrMethod(types.NewPointer(typ), true, nil, "Close")
	_, ok := obj.(*types.Func)
	return ok
}

// handlerNamedInit reports whether fn is a declared function whose name
// says it handles initialize (initName).
func handlerNamedInit(fn ast.Node) bool {
	fd, ok := fn.(*ast.FuncDecl)
	return ok && initName(fd.Name.Name)
}
