package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"strings"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// catRowStatus: a refusal of the request's method or of one of its headers
// answered with another status than the protocol's table gives it.
const catRowStatus = "refusal-row-status"

// row is one of the protocol table's rows a refusal of the request's
// method or headers answers by, with the status it gives.
type row struct {
	status int
	name   string // the status's constant in net/http, for the message
	what   string // the refused condition, for the message
}

var (
	rowMethod      = row{http.StatusMethodNotAllowed, "405", "a request whose HTTP method the endpoint does not serve"}
	rowContentType = row{http.StatusUnsupportedMediaType, "415", "a body whose Content-Type is not JSON"}
	rowOrigin      = row{http.StatusForbidden, "403", "a request whose Origin is not allowed"}
)

// refusedRow finds the row of the table the answer at the end of stack
// refuses by: the innermost if around it (in its then branch, which
// returns) whose every term tests the same thing (the method unequal to one
// it serves, the Content-Type or the Origin header, a function named for
// checking an origin), a method equal to one it serves being a
// term that only picks the branch; or the default clause of a switch on the
// method whose other clauses name HTTP methods. A condition mixing in
// anything else (an error, a flag) is not read.
func refusedRow(info *types.Info, body *ast.BlockStmt, stack []ast.Node) (row, bool) {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] != n.Body {
				return row{}, false
			}
			if !httpwrite.EndsInReturn(n.Body) || !picksMethodOnly(info, stack[:i+1]) {
				return row{}, false
			}
			return condRow(info, body, n.Cond)
		case *ast.CaseClause:
			if i < 2 || n.List != nil {
				return row{}, false
			}
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			if !ok || sw.Tag == nil || !requestMethod(info, sw.Tag) || !picksMethodOnly(info, stack[:i-1]) {
				return row{}, false
			}
			named := false
			for _, st := range sw.Body.List {
				if cc, ok := st.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						if !httpMethod(info, e) {
							return row{}, false
						}
						named = true
					}
				}
			}
			return rowMethod, named
		case *ast.FuncLit:
			return row{}, false
		}
	}
	return row{}, false
}

// picksMethodOnly reports whether nothing but the request's method decides
// that the last node of stack runs: every if around it holds it in its then
// branch under a condition of method equalities only, every case clause
// around it is one of a switch on the method. A method refusal nested in
// "no session id" (if id == "" { if r.Method != "POST" { ... } }) is that
// row's, not the method's.
func picksMethodOnly(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if stack[i+1] != n.Body {
				if stack[i+1] == n.Init || stack[i+1] == n.Cond {
					continue
				}
				return false
			}
			for _, e := range leaves(n.Cond) {
				if _, neutral, ok := leafRow(info, nil, e); !ok || !neutral {
					return false
				}
			}
		case *ast.CaseClause:
			if i < 2 {
				return false
			}
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			if !ok || sw.Tag == nil || !requestMethod(info, sw.Tag) {
				return false
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return true
		case *ast.RangeStmt, *ast.ForStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
			return false
		}
	}
	return true
}

// condRow reads an if's condition, true in its then branch.
func condRow(info *types.Info, body *ast.BlockStmt, cond ast.Expr) (row, bool) {
	var got *row
	for _, e := range leaves(cond) {
		r, neutral, ok := leafRow(info, body, e)
		switch {
		case !ok:
			return row{}, false
		case neutral:
		case got == nil:
			got = &r
		case *got != r:
			return row{}, false
		}
	}
	if got == nil {
		return row{}, false
	}
	return *got, true
}

// leaves splits a condition at && and || and strips its negations: which
// way a term points does not matter to which header it tests.
func leaves(e ast.Expr) []ast.Expr {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return append(leaves(x.X), leaves(x.Y)...)
		}
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return leaves(x.X)
		}
	}
	return []ast.Expr{e}
}

// leafRow classifies one term: the row it tests, or neutral for a method
// equal to an HTTP method (it picks the branch: if r.Method == "POST" &&
// ct != "application/json"), or not ok for anything else.
func leafRow(info *types.Info, body *ast.BlockStmt, e ast.Expr) (r row, neutral, ok bool) {
	if b, isBin := e.(*ast.BinaryExpr); isBin && (b.Op == token.NEQ || b.Op == token.EQL) {
		if requestMethod(info, b.X) && httpMethod(info, b.Y) || requestMethod(info, b.Y) && httpMethod(info, b.X) {
			if b.Op == token.EQL {
				return row{}, true, true
			}
			return rowMethod, false, true
		}
	}
	var found []row
	other := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if name, ok := httpwrite.RequestHeaderRead(info, n); ok {
				if r, ok := headerRow(name); ok {
					found = append(found, r)
				} else {
					other = true
				}
				return false
			}
			if fn := httpwrite.Callee(info, n); fn != nil && strings.Contains(strings.ToLower(fn.Name()), "origin") {
				found = append(found, rowOrigin)
				return false
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() {
				if name, ok := assignedHeader(info, body, v); ok {
					if r, ok := headerRow(name); ok {
						found = append(found, r)
						return false
					}
				}
				if b, isBasic := v.Type().Underlying().(*types.Basic); isBasic && b.Info()&types.IsBoolean != 0 || httpwrite.IsErrorType(v.Type()) {
					other = true // a flag or an error computed elsewhere
				}
			}
		}
		return true
	})
	if other || len(found) == 0 {
		return row{}, false, false
	}
	for _, f := range found[1:] {
		if f != found[0] {
			return row{}, false, false
		}
	}
	return found[0], false, true
}

// headerRow is the row a test of the named request header refuses by.
func headerRow(name string) (row, bool) {
	// Accept is not among them: the table gives it 406, but go-sdk, the
	// anchor, answers 400, so neither is judged wrong here.
	switch strings.ToLower(name) {
	case "content-type":
		return rowContentType, true
	case "origin":
		return rowOrigin, true
	}
	return row{}, false
}

// assignedHeader reports the request header v is read from: every
// assignment to v in body is a read of that header (accept :=
// r.Header.Get("Accept")).
func assignedHeader(info *types.Info, body *ast.BlockStmt, v *types.Var) (string, bool) {
	if body == nil {
		return "", false
	}
	name, seen, mixed := "", false, false
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || mixed {
			return !mixed
		}
		for i, l := range a.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			if len(a.Lhs) != len(a.Rhs) {
				mixed = true
				return false
			}
			call, ok := ast.Unparen(a.Rhs[i]).(*ast.CallExpr)
			if !ok {
				mixed = true
				return false
			}
			// strings.ToLower(r.Header.Get("Accept")) keeps the header.
			if v := httpwrite.StringsKept(info, call); v != nil {
				if c, ok := ast.Unparen(v).(*ast.CallExpr); ok {
					call = c
				}
			}
			h, ok := httpwrite.RequestHeaderRead(info, call)
			if !ok || seen && !strings.EqualFold(h, name) {
				mixed = true
				return false
			}
			name, seen = h, true
		}
		return true
	})
	return name, seen && !mixed
}

// idDecidedBefore reports whether an earlier if on the way to the answer
// at the end of stack tests the request's Mcp-Session-Id and returns: a
// refusal of the method after `if id != "" { ...; return }` is given only
// to requests without an id, the missing-id row's (400), not the method's.
func idDecidedBefore(info *types.Info, body *ast.BlockStmt, stack []ast.Node) bool {
	for ifs := range httpwrite.EarlierIfs(stack) {
		if !httpwrite.EndsInReturn(ifs.Body) && (ifs.Else == nil || !httpwrite.EndsInReturn(ifs.Else)) {
			continue
		}
		if readsID(info, body, ifs.Cond) {
			return true
		}
	}
	return false
}

// readsID reports whether e reads the request's Mcp-Session-Id, directly
// (a call given the header's name) or through a local assigned from such a
// read. A local assigned from itself (id = strings.TrimSpace(id)) is
// followed once.
func readsID(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	return readsIDSeen(info, body, e, map[*types.Var]bool{})
}

func readsIDSeen(info *types.Info, body *ast.BlockStmt, e ast.Expr, seen map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			for _, a := range n.Args {
				if session.IDHeader(info, a) {
					found = true
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && !seen[v] {
				seen[v] = true
				if rhs := httpwrite.SoleAssign(info, body, v); rhs != nil && readsIDSeen(info, body, rhs, seen) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
