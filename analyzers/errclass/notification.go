package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// catNotificationAnswered: a notification answered with an error body.
const catNotificationAnswered = "notification-answered"

// A notification (a message with no id) is never answered: JSON-RPC forbids
// a reply, and protocol.md answers a POST of notifications 202 with no
// body. A switch on the method whose default answers -32601 answers every
// notification it does not name (notifications/cancelled, a progress
// notification, one of a later revision) with an error body, unless
// something tells a notification apart before the answer leaves.

// judgeNotifications reports the switch sw in fn, whose default answers
// -32601, when the message it dispatches was decoded from JSON with
// nothing testing its id on the way (dispatchFlow.untested, following the
// id), and nothing in the package tells a notification from a request
// anywhere (tellsNotifications): then no later test can hold the answer
// back. The finding sits at the switch, where a notification should have
// been told apart: the default's -32601 is right for a request.
func (d *dispatchFlow) judgeNotifications(sw *ast.SwitchStmt, fn ast.Node, m message) {
	if d.tellsNotifications() {
		return
	}
	id := m
	id.key, id.field = "id", nil
	if st, ok := derefType(m.root.Type()).Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if httpwrite.JSONFieldName(m.root.Type(), st.Field(i)) == "id" {
				id.field = st.Field(i)
			}
		}
		if id.field == nil {
			return // a message type without an id is not a request's
		}
	}
	if _, ok := d.untested(fn, id, sw, 0); !ok {
		return
	}
	report.Report(d.pass, analysis.Diagnostic{
		Pos: sw.Pos(), End: sw.Tag.End(), Category: catNotificationAnswered,
		Message: "dispatches notifications too, and nothing here tells one: the default answers one -32601 in a body, where 202 is due",
	})
}

// tellsNotifications reports a package that may tell a notification from
// a request somewhere: it compares an id (a member whose JSON name is
// "id", an index by "id", a variable named for an id) with anything, or
// takes its length or its dynamic type; it calls a function named for
// notifications (isNotification, handleNotification); or it tests a
// method for the "notifications/" prefix. Any of these may hold an
// answer back, so the rule stays silent.
func (d *dispatchFlow) tellsNotifications() bool {
	if d.tells != nil {
		return *d.tells
	}
	info := d.info
	found := false
	for _, f := range d.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == token.EQL || n.Op == token.NEQ) && (idValue(info, n.X) || idValue(info, n.Y)) {
					found = true
				}
			case *ast.TypeSwitchStmt:
				ast.Inspect(n.Assign, func(x ast.Node) bool {
					if ta, ok := x.(*ast.TypeAssertExpr); ok && idValue(info, ta.X) {
						found = true
					}
					return !found
				})
			case *ast.TypeAssertExpr:
				if idValue(info, n.X) {
					found = true
				}
			case *ast.CallExpr:
				if isBuiltin(info, n.Fun, "len") && len(n.Args) == 1 && idValue(info, n.Args[0]) {
					found = true
				}
				if fn := httpwrite.Callee(info, n); fn != nil && strings.Contains(strings.ToLower(fn.Name()), "notif") {
					found = true
				}
				if fn := httpwrite.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" {
					for _, a := range n.Args {
						if v, ok := httpwrite.StringConst(info, a); ok && (v == "notifications/" || v == "notifications") {
							found = true
						}
					}
				}
			}
			return !found
		})
	}
	d.tells = &found
	return found
}

// idValue reports an expression that may be a message's id: a member
// whose JSON name is "id", an index by "id", or a variable or field whose
// name holds "id" in any case.
func idValue(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			if v, ok := sel.Obj().(*types.Var); ok && httpwrite.JSONFieldName(sel.Recv(), v) == "id" {
				return true
			}
		}
		return strings.Contains(strings.ToLower(x.Sel.Name), "id")
	case *ast.IndexExpr:
		v, ok := httpwrite.StringConst(info, x.Index)
		return ok && v == "id"
	case *ast.Ident:
		return strings.Contains(strings.ToLower(x.Name), "id")
	case *ast.CallExpr:
		// A conversion or accessor of the id: string(req.ID), req.GetID().
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return idValue(info, x.Args[0])
		}
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			return strings.Contains(strings.ToLower(sel.Sel.Name), "id")
		}
	}
	return false
}
