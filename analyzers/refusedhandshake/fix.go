package refusedhandshake

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// setCloseEdits returns the edits that make lit set
// CloseOnRefusedHandshake: true: replacing a false value, or adding the
// field as the literal's last element in the literal's own layout. The
// checker gofmt's the result, so only line structure matters here.
func setCloseEdits(pass *analysis.Pass, lit *ast.CompositeLit, val ast.Expr) []analysis.TextEdit {
	if val != nil {
		return []analysis.TextEdit{{Pos: val.Pos(), End: val.End(), NewText: []byte("true")}}
	}
	const elt = fieldClose + ": true"
	tf := pass.Fset.File(lit.Rbrace)
	last := lit.Elts[len(lit.Elts)-1] // sessionful: at least SessionIDGenerator
	if tf.Line(last.End()) == tf.Line(lit.Rbrace) {
		// One line: T{A: a} or T{A: a,}.
		sep := ", "
		if src := source(pass, tf, last.End(), lit.Rbrace); strings.Contains(src, ",") {
			sep = " "
		}
		return []analysis.TextEdit{{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(sep + elt)}}
	}
	// Multi-line: gofmt put a comma after the last element and the brace on
	// its own line; add a line before the brace's.
	start := tf.LineStart(tf.Line(lit.Rbrace))
	indent := source(pass, tf, start, lit.Rbrace)
	if strings.TrimSpace(indent) != "" {
		indent = ""
	}
	return []analysis.TextEdit{{Pos: start, End: start, NewText: []byte(indent + "\t" + elt + ",\n")}}
}

// removeEltEdits returns the edit deleting elt from lit, up to the next
// element or the closing brace.
func removeEltEdits(lit *ast.CompositeLit, elt *ast.KeyValueExpr) []analysis.TextEdit {
	end := lit.Rbrace
	for i, e := range lit.Elts {
		if e == elt && i+1 < len(lit.Elts) {
			end = lit.Elts[i+1].Pos()
		}
	}
	return []analysis.TextEdit{{Pos: elt.Pos(), End: end}}
}

// source returns the file's text between two positions of tf, or "" if the
// file cannot be read.
func source(pass *analysis.Pass, tf *token.File, from, to token.Pos) string {
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(from):tf.Offset(to)])
}

// closeFix returns the fix for a per-request session nothing closes: go-sdk's
// own recipe, a deferred close of the session when the handshake did not
// establish it (of every session, for a stateless transport), inserted after
// the Connect statement and its error check. It is offered only when the
// session is held in a variable and the same function serves the transport
// after connecting it: in a helper that only connects, the deferred close
// would run before the request is served and end every session.
func closeFix(o *ownership, call *ast.CallExpr, stack []ast.Node, session *types.Var, sessionful bool) *analysis.SuggestedFix {
	if session == nil {
		return nil
	}
	// The statement holding the call, directly in a block.
	i := len(stack) - 2
	for i > 0 {
		if _, ok := stack[i-1].(*ast.BlockStmt); ok {
			break
		}
		switch stack[i].(type) {
		case *ast.ParenExpr, *ast.ValueSpec, *ast.GenDecl:
			i--
			continue
		}
		return nil
	}
	if i <= 0 {
		return nil
	}
	block := stack[i-1].(*ast.BlockStmt)
	stmt, ok := stack[i].(ast.Stmt)
	if !ok {
		return nil
	}
	at := slices.Index(block.List, stmt)
	if at < 0 {
		return nil
	}
	rest := block.List[at+1:]
	after := stmt.End()
	// Skip the error check right after the Connect: the session is nil there.
	if len(rest) > 0 {
		if is, ok := rest[0].(*ast.IfStmt); ok && mentionsDefined(o.info, is.Cond, stmt, session) {
			after = is.End()
			rest = rest[1:]
		}
	}
	if !o.servesIn(rest) {
		return nil
	}
	// After the line's end, past a trailing comment.
	if tf := o.fset.File(after); tf != nil {
		if line := tf.Line(after); line < tf.LineCount() {
			after = tf.LineStart(line+1) - 1
		}
	}
	name := session.Name()
	text := "\ndefer " + name + ".Close()"
	msg := "Close the stateless session when the request is done"
	if sessionful {
		// The whole leak: the session and the map entry it was stored
		// under. A store the fix cannot undo gets no fix at all: a close
		// that leaves the entry would leave no finding either.
		del, ok := o.storeDelete(rest, session, after)
		if !ok {
			return nil
		}
		text = "\ndefer func() {\nif " + name + ".InitializeParams() == nil {\n" + name + ".Close()\n" + del + "}\n}()"
		msg = "Close the session after serving when the handshake did not establish it"
		if del != "" {
			msg = "Close the session and remove its map entry after serving when the handshake did not establish it"
		}
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: after, End: after, NewText: []byte(text)}}}
}

// mentionsDefined reports whether cond uses a variable stmt assigns, other
// than the session: the error of the Connect.
func mentionsDefined(info *types.Info, cond ast.Expr, stmt ast.Stmt, session *types.Var) bool {
	assigned := map[types.Object]bool{}
	var names []ast.Expr
	switch stmt := stmt.(type) {
	case *ast.AssignStmt:
		names = stmt.Lhs
	case *ast.DeclStmt:
		if gd, ok := stmt.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						names = append(names, n)
					}
				}
			}
		}
	}
	for _, lhs := range names {
		if id, ok := lhs.(*ast.Ident); ok && id.Name != "_" {
			if obj := objOf(info, id); obj != nil && obj != session {
				assigned[obj] = true
			}
		}
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && assigned[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// servesIn reports whether stmts (outside function literals) call
// ServeHTTP on a tracked transport.
func (o *ownership) servesIn(stmts []ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "ServeHTTP" {
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && o.vars[o.info.Uses[id]] {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// storeDelete returns the statements that undo the map store of the
// transport or session that stmts make (m[k] = t, m.Store(k, t) on a
// sync.Map), under the same lock when a Lock() call precedes the store: ""
// when stmts store it nowhere. ok is false when the store cannot be undone
// from a deferred function placed at pos: its map or key names a variable
// declared after pos.
func (o *ownership) storeDelete(stmts []ast.Stmt, session *types.Var, pos token.Pos) (text string, ok bool) {
	tracked := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if call, isCall := e.(*ast.CallExpr); isCall && len(call.Args) == 1 {
			if tv, has := o.info.Types[call.Fun]; has && tv.IsType() {
				e = ast.Unparen(call.Args[0]) // http.Handler(t)
			}
		}
		id, isID := e.(*ast.Ident)
		if !isID {
			return false
		}
		obj := o.info.Uses[id]
		return obj != nil && (o.vars[obj] || obj == session)
	}
	visible := func(e ast.Expr) bool {
		vis := true
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID {
				if v, isVar := o.info.Uses[id].(*types.Var); isVar && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && v.Pos() >= pos {
					vis = false
				}
			}
			return vis
		})
		return vis
	}
	found, ok := false, true
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for i, st := range list {
			ast.Inspect(st, func(n ast.Node) bool {
				if found || !ok {
					return false
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.BlockStmt:
					visit(n.List)
					return false
				case *ast.CaseClause:
					visit(n.Body)
					return false
				case *ast.AssignStmt:
					if len(n.Lhs) != 1 || len(n.Rhs) != 1 || !tracked(n.Rhs[0]) {
						return true
					}
					ix, isIndex := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr)
					if !isIndex {
						return true
					}
					if _, isMap := o.info.TypeOf(ix.X).Underlying().(*types.Map); !isMap {
						return true
					}
					if !visible(ix.X) || !visible(ix.Index) {
						ok = false
						return false
					}
					found = true
					text = "delete(" + types.ExprString(ix.X) + ", " + types.ExprString(ix.Index) + ")\n"
				case *ast.CallExpr:
					sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr)
					if !isSel || sel.Sel.Name != "Store" || len(n.Args) != 2 || !tracked(n.Args[1]) || !(isNamed(o.info.TypeOf(sel.X), "sync", "Map") || isPointerTo(o.info.TypeOf(sel.X), "sync", "Map")) {
						return true
					}
					if !visible(sel.X) || !visible(n.Args[0]) {
						ok = false
						return false
					}
					found = true
					text = types.ExprString(sel.X) + ".Delete(" + types.ExprString(n.Args[0]) + ")\n"
				}
				return true
			})
			if found && text != "" && i > 0 {
				if lock := lockOf(list[i-1]); lock != nil && visible(lock) {
					x := types.ExprString(lock)
					text = x + ".Lock()\n" + text + x + ".Unlock()\n"
				}
			}
			if found || !ok {
				return
			}
		}
	}
	visit(stmts)
	return text, ok
}

// lockOf returns m of a statement m.Lock(), or nil.
func lockOf(st ast.Stmt) ast.Expr {
	es, isExpr := st.(*ast.ExprStmt)
	if !isExpr {
		return nil
	}
	call, isCall := es.X.(*ast.CallExpr)
	if !isCall || len(call.Args) != 0 {
		return nil
	}
	if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel && sel.Sel.Name == "Lock" {
		return sel.X
	}
	return nil
}
