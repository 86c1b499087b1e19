package errclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// dispatchFlow follows a switch's method back to the JSON it was decoded
// from, through the functions of the package that hand the message on.
type dispatchFlow struct {
	pass    *analysis.Pass
	info    *types.Info
	callers map[*types.Func][]handOff // built on first use
	tells   *bool                     // tellsNotifications, once known
}

// handOff is a call of a function of the package: the call and the
// function (declaration or literal) it is made in.
type handOff struct {
	call *ast.CallExpr
	in   ast.Node
}

// judge reports the switch sw, whose default answers -32601, when the
// message whose method it dispatches on was decoded from JSON, by
// encoding/json or a framework's binder into a type that decodes plainly,
// and nothing between the decode and the switch looks at the method other
// than to log it, nor hands the message to anything that might (a
// validator, a method of its own). The finding sits where the message,
// untested, goes on to the dispatch: at the switch when the function that
// decoded it holds the switch, else at that function's call handing the
// message on. The default is not named as a related position: its -32601
// is right for a method that is named and not served.
func (d *dispatchFlow) judge(sw *ast.SwitchStmt, fn ast.Node) {
	body := httpwrite.Body(fn)
	if body == nil {
		return
	}
	m, ok := d.methodOf(body, sw.Tag, sw.Pos())
	if !ok {
		return
	}
	d.judgeNotifications(sw, fn, m)
	at, ok := d.untested(fn, m, sw, 0)
	if !ok {
		return
	}
	msg := "dispatches a message decoded with no test of its method: with none, the default answers -32601, where -32600 is due"
	if at != ast.Node(sw) {
		msg = "hands on a message decoded with no test of its method: with none, the dispatch answers -32601, where -32600 is due"
	}
	end := at.End()
	if at == ast.Node(sw) {
		end = sw.Tag.End()
	}
	report.Report(d.pass, analysis.Diagnostic{Pos: at.Pos(), End: end, Category: catMissingMethod, Message: msg})
}

// message is where a dispatched method comes from: root.field, or a
// variable read out of root, a decoded map, by key "method". method is
// the variable the switch reads when it reads one (method := req.Method).
type message struct {
	root   *types.Var
	key    string     // the member followed: "method", or "id"
	field  *types.Var // the struct's field of key; nil for a map
	method *types.Var
}

// methodOf resolves the method tag to the message it is a member of.
func (d *dispatchFlow) methodOf(body *ast.BlockStmt, tag ast.Expr, pos token.Pos) (message, bool) {
	tag = ast.Unparen(tag)
	if id, ok := tag.(*ast.Ident); ok {
		v, ok := d.info.Uses[id].(*types.Var)
		if !ok {
			return message{}, false
		}
		rhs, ok := d.onlyAssignment(body, v, pos)
		if !ok {
			return message{}, false
		}
		m, ok := d.member(rhs)
		m.method = v
		return m, ok
	}
	return d.member(tag)
}

// member reads req.Method (req a variable of a struct type that decodes
// plainly) or fields["method"].(string) (fields a map).
func (d *dispatchFlow) member(e ast.Expr) (message, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok {
			return message{}, false
		}
		root, ok := d.info.Uses[id].(*types.Var)
		sel := d.info.Selections[x]
		if !ok || sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return message{}, false
		}
		field := sel.Obj().(*types.Var)
		st, ok := derefType(root.Type()).Underlying().(*types.Struct)
		if !ok || decodesItself(root.Type()) || decodesItself(field.Type()) {
			return message{}, false
		}
		if tag, ok := fieldTag(st, field); !ok || httpwrite.JSONTagName(tag) != "method" || requiredTag(tag) {
			return message{}, false
		}
		return message{root: root, key: "method", field: field}, true
	case *ast.TypeAssertExpr:
		ix, ok := ast.Unparen(x.X).(*ast.IndexExpr)
		if !ok {
			return message{}, false
		}
		if key, ok := httpwrite.StringConst(d.info, ix.Index); !ok || key != "method" {
			return message{}, false
		}
		id, ok := ast.Unparen(ix.X).(*ast.Ident)
		if !ok {
			return message{}, false
		}
		root, ok := d.info.Uses[id].(*types.Var)
		if _, isMap := root.Type().Underlying().(*types.Map); !ok || !isMap {
			return message{}, false
		}
		return message{root: root, key: "method"}, true
	}
	return message{}, false
}

// decodesItself reports a type (or a pointer to one) with an UnmarshalJSON
// method: its decoding may refuse a message with no method.
func decodesItself(t types.Type) bool {
	t = derefType(t)
	ms := types.NewMethodSet(types.NewPointer(t))
	return ms.Lookup(nil, "UnmarshalJSON") != nil
}

// requiredTag reports a field a binder's validation requires (gin's
// binding:"required", go-playground's validate:"required").
func requiredTag(tag string) bool {
	st := reflect.StructTag(tag)
	for _, key := range []string{"binding", "validate"} {
		for _, opt := range strings.Split(st.Get(key), ",") {
			if opt == "required" {
				return true
			}
		}
	}
	return false
}

// onlyAssignment returns the right-hand side of v's single assignment in
// body, which must come before pos (method := req.Method; method, _ :=
// fields["method"].(string)); false when v is assigned more than once,
// elsewhere, or with a comma-ok whose ok is kept.
func (d *dispatchFlow) onlyAssignment(body *ast.BlockStmt, v *types.Var, pos token.Pos) (ast.Expr, bool) {
	var rhs ast.Expr
	n := 0
	ast.Inspect(body, func(nd ast.Node) bool {
		switch s := nd.(type) {
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || d.info.ObjectOf(id) != v {
					continue
				}
				n++
				switch {
				case len(s.Rhs) == len(s.Lhs):
					rhs = s.Rhs[i]
				case len(s.Rhs) == 1 && len(s.Lhs) == 2 && i == 0:
					if ok, isID := s.Lhs[1].(*ast.Ident); !isID || ok.Name != "_" {
						n++ // the ok is kept: it may be tested
					}
					rhs = s.Rhs[0]
				default:
					n++
				}
				if s.End() > pos {
					n++
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if d.info.Defs[id] == v {
					n++
					if len(s.Values) == len(s.Names) {
						rhs = s.Values[i]
					} else {
						n++
					}
				}
			}
		case *ast.UnaryExpr:
			if s.Op == token.AND {
				if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && d.info.Uses[id] == v {
					n++ // its address is taken: written elsewhere
				}
			}
		}
		return true
	})
	return rhs, n == 1 && rhs != nil
}

// untested follows the message m back from the node at (the switch, or a
// call handing the message on) in the function fn: it returns where to
// report and true when m is a variable of fn decoded from JSON before at,
// or a parameter of fn that a call of the package hands a message so
// decoded, and nothing on the way tests the method.
func (d *dispatchFlow) untested(fn ast.Node, m message, at ast.Node, depth int) (ast.Node, bool) {
	body := httpwrite.Body(fn)
	if body == nil || depth > 3 {
		return nil, false
	}
	decoded, ok := d.usesBefore(body, m, at.Pos())
	if !ok {
		return nil, false
	}
	if decoded {
		return at, true
	}
	// Not decoded here: a parameter of fn, handed by the package's calls.
	param, index := paramIndex(d.info, fn, m.root)
	if param == nil || m.method != nil {
		return nil, false
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil, false
	}
	callee, _ := d.info.Defs[decl.Name].(*types.Func)
	if callee == nil {
		return nil, false
	}
	for _, h := range d.callsOf(callee) {
		if index >= len(h.call.Args) || h.call.Ellipsis.IsValid() {
			continue
		}
		arg := ast.Unparen(h.call.Args[index])
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = ast.Unparen(u.X)
		}
		id, ok := arg.(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := d.info.Uses[id].(*types.Var)
		if !ok || !types.Identical(derefType(v.Type()), derefType(m.root.Type())) {
			continue
		}
		if r, ok := d.untested(h.in, message{root: v, key: m.key, field: m.field}, h.call, depth+1); ok {
			return r, true
		}
	}
	return nil, false
}

// paramIndex returns the parameter v of fn and its index among the
// call's arguments.
func paramIndex(info *types.Info, fn ast.Node, v *types.Var) (*types.Var, int) {
	var ft *ast.FuncType
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	i := 0
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, name := range f.Names {
			if info.Defs[name] == v {
				return v, i
			}
			i++
		}
	}
	return nil, 0
}

// callsOf lists the calls of fn in the package, with the function each is
// made in.
func (d *dispatchFlow) callsOf(fn *types.Func) []handOff {
	if d.callers == nil {
		d.callers = map[*types.Func][]handOff{}
		for _, f := range d.pass.Files {
			var stack []ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				stack = append(stack, n)
				if call, ok := n.(*ast.CallExpr); ok {
					if callee := httpwrite.Callee(d.info, call); callee != nil && callee.Pkg() == d.pass.Pkg {
						if in := enclosingFunc(stack); in != nil {
							d.callers[callee] = append(d.callers[callee], handOff{call, in})
						}
					}
				}
				return true
			})
		}
	}
	return d.callers[fn]
}

// usesBefore reads every use of the message's variable in body before pos
// (outside function literals, which are not followed). ok is false when
// one of them may test the method or change the message: the method read
// other than to log it or to define the dispatched variable, the message
// handed to a call other than a decode into it or a log, a method of its
// own called, the message assigned, or its variable captured by a
// function literal. decoded reports a decode into the message among them.
func (d *dispatchFlow) usesBefore(body *ast.BlockStmt, m message, pos token.Pos) (decoded, ok bool) {
	info := d.info
	ok = true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !ok || n.Pos() >= pos {
			return false
		}
		if blk, isBlock := n.(*ast.BlockStmt); isBlock && pos > blk.End() && len(stack) > 0 && returningBranch(stack[len(stack)-1], blk) {
			// The path going on to pos never ran it: what it reads
			// cannot hold that path's answer back.
			return false
		}
		stack = append(stack, n)
		if lit, isLit := n.(*ast.FuncLit); isLit {
			if httpwrite.Mentions(info, lit, m.root) || m.method != nil && httpwrite.Mentions(info, lit, m.method) {
				ok = false
			}
			stack = stack[:len(stack)-1]
			return false
		}
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		switch info.Uses[id] {
		case m.root:
			dec, fine := d.rootUse(m, stack)
			decoded = decoded || dec
			ok = fine
		case m.method:
			if m.method != nil {
				ok = loggedArg(info, stack)
			}
		}
		return true
	})
	return decoded, ok
}

// returningBranch reports blk, the then branch of the if parent, when it
// ends by returning or continuing a loop.
func returningBranch(parent ast.Node, blk *ast.BlockStmt) bool {
	ifs, ok := parent.(*ast.IfStmt)
	if !ok || ifs.Body != blk || len(blk.List) == 0 {
		return false
	}
	switch last := blk.List[len(blk.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.CONTINUE
	}
	return false
}

// rootUse judges one use of the message's variable, the last node of
// stack: a member other than the method read, the method logged or read
// into the dispatched variable, a decode into it, or a log of it.
func (d *dispatchFlow) rootUse(m message, stack []ast.Node) (decoded, ok bool) {
	info := d.info
	i := len(stack) - 1
	parent := stack[i-1]
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		sel := info.Selections[p]
		if sel == nil || sel.Kind() != types.FieldVal {
			return false, false // a method of its own: it may validate
		}
		if assigned(stack[:i]) {
			return false, false
		}
		if m.field != nil && sel.Obj() == types.Object(m.field) {
			return false, d.methodRead(stack[:i])
		}
		return false, true
	case *ast.IndexExpr:
		if key, isKey := httpwrite.StringConst(info, p.Index); isKey && key == m.key {
			return false, d.methodRead(stack[:i])
		}
		return false, !assigned(stack[:i])
	case *ast.UnaryExpr:
		if p.Op == token.AND && i >= 2 {
			if call, isCall := stack[i-2].(*ast.CallExpr); isCall {
				if jsonDecode(info, call) {
					return true, true
				}
				return false, httpwrite.LogCall(info, call)
			}
		}
		return false, false
	case *ast.CallExpr:
		if jsonDecode(info, p) && p.Fun != stack[i] {
			return true, true
		}
		return false, httpwrite.LogCall(info, p)
	}
	return false, false
}

// methodRead judges a read of the method, the last node of stack: logged,
// or the right-hand side of the dispatched variable's one assignment
// (onlyAssignment has checked that one).
func (d *dispatchFlow) methodRead(stack []ast.Node) bool {
	if loggedArg(d.info, stack) {
		return true
	}
	member := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.TypeAssertExpr, *ast.ParenExpr:
			member = p
			continue
		case *ast.AssignStmt:
			if len(p.Lhs) >= 1 && len(p.Rhs) == 1 && p.Rhs[0] == member {
				if id, ok := ast.Unparen(p.Lhs[0]).(*ast.Ident); ok {
					_, isVar := d.info.ObjectOf(id).(*types.Var)
					return isVar && len(p.Lhs) <= 2
				}
			}
			if len(p.Lhs) == len(p.Rhs) {
				for j, r := range p.Rhs {
					if r == member {
						_, ok := ast.Unparen(p.Lhs[j]).(*ast.Ident)
						return ok
					}
				}
			}
		}
		return false
	}
	return false
}

// loggedArg reports a value, the last node of stack, that is (part of) an
// argument of a logging call.
func loggedArg(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.CallExpr:
			if httpwrite.LogCall(info, p) {
				return true
			}
			// A conversion or a formatting of the value inside a log's
			// arguments (string(req.Method)) is still only logged.
			if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
				continue
			}
			return false
		case *ast.KeyValueExpr, *ast.CompositeLit, *ast.ParenExpr, *ast.StarExpr:
			continue
		case ast.Expr:
			if _, ok := p.(*ast.BinaryExpr); ok {
				return false
			}
			continue
		}
		return false
	}
	return false
}

// assigned reports a member, the last node of stack, written to (req.Method
// = ..., req.Method += ...) or its address taken.
func assigned(stack []ast.Node) bool {
	member := stack[len(stack)-1]
	if len(stack) < 2 {
		return false
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == member {
				return true
			}
		}
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.IncDecStmt:
		return true
	}
	return false
}

// jsonDecode reports a call decoding JSON into one of its arguments:
// encoding/json's Unmarshal and Decoder.Decode, the Unmarshal of a
// drop-in replacement (sonic, jsoniter, go-json), a framework's binder.
func jsonDecode(info *types.Info, call *ast.CallExpr) bool {
	fn := httpwrite.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if _, decodes := httpwrite.BindsBody(fn); decodes {
		return true
	}
	switch path := fn.Pkg().Path(); path {
	case "encoding/json":
		return fn.Name() == "Unmarshal" || fn.Name() == "Decode"
	case "github.com/bytedance/sonic", "github.com/json-iterator/go", "github.com/goccy/go-json":
		return fn.Name() == "Unmarshal" || fn.Name() == "UnmarshalFromString" || fn.Name() == "Decode"
	}
	return false
}
