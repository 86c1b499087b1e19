package httpwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// An error object a function builds with no status of its own is written
// later, somewhere else: appended to a slice that the function then
// encodes to the ResponseWriter (a batch's responses), or returned by a
// method handler up a chain of returns to the call whose result is
// written. It goes out with the status of that write, 200 when none is
// set. Later finds that write, and only along one slice and one chain of
// returns: a value tested on the way (if rerr != nil, a loop over the
// responses), a slice or result handed anywhere else, a function called
// where its result cannot be followed (a method value, an interface, an
// exported function), or callers that disagree make the status unknown.

// laterDepth bounds the chain of returns: a method handler, the
// dispatcher that returns its result, the dispatcher's own caller.
const laterDepth = 3

// Later finds the writes of a package's error objects; it is built once
// per package and reads the files only when asked.
type Later struct {
	info   *types.Info
	fset   *token.FileSet
	pkg    *types.Package
	files  []*ast.File
	sinkOf SinkOf
	bodies map[*ast.BlockStmt]*types.Func
	refs   map[*types.Func][]laterRef
	names  map[string]bool // names of interface methods called
}

type laterRef struct {
	stack []ast.Node // from the file down to the identifier
	body  *ast.BlockStmt
}

// NewLater returns a Later for a package.
func NewLater(info *types.Info, fset *token.FileSet, pkg *types.Package, files []*ast.File, sinkOf SinkOf) *Later {
	return &Later{info: info, fset: fset, pkg: pkg, files: files, sinkOf: sinkOf}
}

// Status returns the status the error object w, an ErrorObject answer with
// no status built in body, goes out with, and where it is written; ok is
// false when it is not followed to one write of one status.
func (l *Later) Status(body *ast.BlockStmt, w *Write) (status int, at token.Pos, ok bool) {
	if w == nil || w.Kind != ErrorObject || w.Status != 0 || body == nil || len(w.Stack) < 2 {
		return 0, token.NoPos, false
	}
	if StatusCallBefore(l.info, body, w.Node.Pos()) {
		return 0, token.NoPos, false
	}
	st := w.Stack
	i := Enveloped(st)
	if i < 2 {
		return 0, token.NoPos, false
	}
	e, ok := st[i].(ast.Expr)
	if !ok {
		return 0, token.NoPos, false
	}
	switch p := st[i-1].(type) {
	case *ast.CallExpr:
		return l.appended(body, st[i-2], p, e)
	case *ast.ReturnStmt:
		k := -1
		for j, r := range p.Results {
			if r == e {
				k = j
			}
		}
		fn := l.funcOf(body)
		if k < 0 || fn == nil {
			return 0, token.NoPos, false
		}
		return l.returned(fn, k, laterDepth)
	}
	return 0, token.NoPos, false
}

// appended follows e, appended by call (s = append(s, e)) in the
// statement parent, to the one write of s in body.
func (l *Later) appended(body *ast.BlockStmt, parent ast.Node, call *ast.CallExpr, e ast.Expr) (int, token.Pos, bool) {
	if b, ok := l.info.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" || len(call.Args) < 2 || call.Args[0] == e {
		return 0, token.NoPos, false
	}
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return 0, token.NoPos, false
	}
	s := l.localVar(body, as.Lhs[0])
	if s == nil || s != l.localVar(body, call.Args[0]) {
		return 0, token.NoPos, false
	}
	return l.writtenOnce(body, s, func(stack []ast.Node) bool {
		// s = append(s, ...) and len(s) leave the slice where it is.
		id := stack[len(stack)-1]
		switch p := stack[len(stack)-2].(type) {
		case *ast.AssignStmt:
			if len(p.Lhs) == 1 && p.Lhs[0] == id && len(p.Rhs) == 1 {
				if c, ok := p.Rhs[0].(*ast.CallExpr); ok && l.isBuiltin(c, "append") && len(c.Args) > 0 && l.localVar(body, c.Args[0]) == s {
					return true
				}
			}
		case *ast.CallExpr:
			if l.isBuiltin(p, "append") && len(p.Args) > 0 && p.Args[0] == id {
				if len(stack) >= 3 {
					if a, ok := stack[len(stack)-3].(*ast.AssignStmt); ok && len(a.Lhs) == 1 && l.localVar(body, a.Lhs[0]) == s {
						return true
					}
				}
			}
			if l.isBuiltin(p, "len") {
				return true
			}
		}
		return false
	})
}

// returned follows result k of fn to the writes of its callers.
func (l *Later) returned(fn *types.Func, k, depth int) (int, token.Pos, bool) {
	if depth == 0 || fn.Exported() || l.abstract(fn) {
		return 0, token.NoPos, false
	}
	refs := l.refsOf(fn)
	status, at := 0, token.NoPos
	n := 0
	for _, r := range refs {
		if strings.HasSuffix(l.fset.Position(r.body.Pos()).Filename, "_test.go") {
			continue
		}
		s, pos, ok := l.atCall(r, fn, k, depth)
		if !ok || status != 0 && s != status {
			return 0, token.NoPos, false
		}
		if status == 0 {
			status, at = s, pos
		}
		n++
	}
	if n == 0 {
		return 0, token.NoPos, false
	}
	return status, at, true
}

// atCall follows result k of the call of fn that ref names.
func (l *Later) atCall(ref laterRef, fn *types.Func, k, depth int) (int, token.Pos, bool) {
	st := ref.stack
	j := len(st) - 1
	if sel, ok := st[j-1].(*ast.SelectorExpr); ok && sel.Sel == st[j] {
		j--
	}
	call, ok := st[j-1].(*ast.CallExpr)
	if !ok || call.Fun != st[j] {
		return 0, token.NoPos, false // a function value: its calls are not seen
	}
	if StatusCallBefore(l.info, ref.body, call.Pos()) {
		return 0, token.NoPos, false
	}
	nres := fn.Type().(*types.Signature).Results().Len()
	switch p := st[j-2].(type) {
	case *ast.ReturnStmt:
		// return fn(...): the caller's results are fn's.
		caller := l.funcOf(ref.body)
		if len(p.Results) != 1 || p.Results[0] != call || caller == nil || caller.Type().(*types.Signature).Results().Len() != nres {
			return 0, token.NoPos, false
		}
		return l.returned(caller, k, depth-1)
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != call || len(p.Lhs) != nres || k >= len(p.Lhs) {
			return 0, token.NoPos, false
		}
		v := l.localVar(ref.body, p.Lhs[k])
		if v == nil {
			return 0, token.NoPos, false
		}
		return l.writtenOnce(ref.body, v, func(stack []ast.Node) bool {
			return stack[len(stack)-1] == p.Lhs[k]
		})
	case *ast.CallExpr:
		if nres == 1 {
			return l.writeOf(ref.body, p, call)
		}
	}
	return 0, token.NoPos, false
}

// writtenOnce is the write of v, a local variable of body: its one use
// other than those keep accepts (given the path down to the identifier)
// must hand it to a write, directly or in a composite literal.
func (l *Later) writtenOnce(body *ast.BlockStmt, v *types.Var, keep func([]ast.Node) bool) (int, token.Pos, bool) {
	var uses [][]ast.Node
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok && l.info.Uses[id] == v {
			if !keep(stack) {
				uses = append(uses, append([]ast.Node(nil), stack...))
			}
		}
		return true
	})
	if len(uses) != 1 {
		return 0, token.NoPos, false
	}
	st := uses[0]
	j := len(st) - 1
	for j > 1 {
		switch p := st[j-1].(type) {
		case *ast.KeyValueExpr:
			if p.Value != st[j] {
				return 0, token.NoPos, false
			}
			j--
			continue
		case *ast.CompositeLit, *ast.UnaryExpr, *ast.ParenExpr:
			j--
			continue
		}
		break
	}
	call, ok := st[j-1].(*ast.CallExpr)
	if !ok {
		return 0, token.NoPos, false
	}
	for _, n := range st[:j-1] {
		if _, ok := n.(*ast.FuncLit); ok {
			return 0, token.NoPos, false
		}
	}
	return l.writeOf(body, call, st[j].(ast.Expr))
}

// writeOf is the status of call, which writes arg (one of its arguments)
// to the ResponseWriter: a helper or framework writer's constant 2xx
// status, or 200 for a body written with no status set before it.
func (l *Later) writeOf(body *ast.BlockStmt, call *ast.CallExpr, arg ast.Expr) (int, token.Pos, bool) {
	isArg := false
	for _, a := range call.Args {
		if a == arg {
			isArg = true
		}
	}
	if !isArg {
		return 0, token.NoPos, false
	}
	if t := BodyWriteTarget(l.info, call); t != nil && IsResponseWriter(l.info.TypeOf(t)) {
		if StatusCallBefore(l.info, body, call.Pos()) {
			return 0, token.NoPos, false
		}
		return 200, call.Pos(), true
	}
	w := callWrite(l.info, call, l.sinkOf)
	if w == nil || w.Kind != Helper && w.Kind != Framework || w.StatusExpr == arg {
		return 0, token.NoPos, false
	}
	switch {
	case w.Status >= 200 && w.Status < 300:
		return w.Status, call.Pos(), true
	case w.Status == 0 && w.Implicit && !StatusCallBefore(l.info, body, call.Pos()):
		return 200, call.Pos(), true
	}
	return 0, token.NoPos, false
}

// localVar is the variable e names when it is declared in body.
func (l *Later) localVar(body *ast.BlockStmt, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := l.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	return v
}

func (l *Later) isBuiltin(c *ast.CallExpr, name string) bool {
	b, ok := l.info.Uses[identOf(c.Fun)].(*types.Builtin)
	return ok && b.Name() == name
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// funcOf is the declared function whose body is body.
func (l *Later) funcOf(body *ast.BlockStmt) *types.Func {
	l.index()
	return l.bodies[body]
}

// refsOf are the references to fn in the package, each with the innermost
// function body around it.
func (l *Later) refsOf(fn *types.Func) []laterRef {
	l.index()
	return l.refs[fn]
}

// abstract reports a method whose name an interface method of a call in
// the package has: it may be called through that interface, unseen.
func (l *Later) abstract(fn *types.Func) bool {
	l.index()
	return fn.Type().(*types.Signature).Recv() != nil && l.names[fn.Name()]
}

// index reads the files once: the declared functions' bodies, every
// reference to a function of the package, and the interface methods
// used.
func (l *Later) index() {
	if l.bodies != nil {
		return
	}
	l.bodies = map[*ast.BlockStmt]*types.Func{}
	l.refs = map[*types.Func][]laterRef{}
	l.names = map[string]bool{}
	for _, f := range l.files {
		var stack []ast.Node
		var bodies []*ast.BlockStmt
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				switch top := top.(type) {
				case *ast.FuncDecl:
					if top.Body != nil {
						bodies = bodies[:len(bodies)-1]
					}
				case *ast.FuncLit:
					bodies = bodies[:len(bodies)-1]
				}
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					bodies = append(bodies, n.Body)
					if fn, ok := l.info.Defs[n.Name].(*types.Func); ok {
						l.bodies[n.Body] = fn
					}
				}
			case *ast.FuncLit:
				bodies = append(bodies, n.Body)
			case *ast.Ident:
				fn, ok := l.info.Uses[n].(*types.Func)
				if !ok || len(bodies) == 0 {
					return true
				}
				if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
					l.names[fn.Name()] = true
					return true
				}
				if fn.Pkg() == nil || fn.Pkg() != l.pkg {
					return true
				}
				fn = fn.Origin()
				l.refs[fn] = append(l.refs[fn], laterRef{stack: append([]ast.Node(nil), stack...), body: bodies[len(bodies)-1]})
			}
			return true
		})
	}
}
