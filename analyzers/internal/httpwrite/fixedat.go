package httpwrite

import (
	"go/ast"
	"go/types"
)

// FixedStatusAt returns, for a call of a helper declared in this package
// whose status is not the caller's to choose (it always writes one
// constant status, or writes a body and never a status, which is 200),
// the place in the helper that fixes that status (its status argument, or
// the statement that writes the body first) and the status. The
// helper is the root cause of an answer its callers cannot correct, so a
// finding at the call names that place too. It returns nil when the
// callee is of another package, takes the status from its caller, or
// chooses it from what it is given.
func FixedStatusAt(info *types.Info, files []*ast.File, sinkOf SinkOf, call *ast.CallExpr) (ast.Node, int) {
	fn := Callee(info, call)
	if fn == nil || sinkOf == nil {
		return nil, 0
	}
	s := sinkOf(fn.Origin())
	if s == nil || s.Builds || s.StatusArg > 0 || s.Keyed != "" || s.Status == 0 && !s.Implicit {
		return nil, 0
	}
	decl := declOf(files, fn.Origin())
	if decl == nil || decl.Body == nil {
		return nil, 0
	}
	if s.Implicit {
		// No status is set: the first statement that writes the body
		// sends 200.
		for _, st := range decl.Body.List {
			if WritesBody(info, st) || servesJSON(info, st) {
				return st, 200
			}
		}
		return nil, 0
	}
	ws := Collect(info, decl.Body, sinkOf)
	empty := emptyReplies(info, fn.Type().(*types.Signature), decl, ws)
	for _, w := range ws {
		if w.Status == s.Status && w.Kind != ErrorObject && w.Kind != Helper && !empty[w.Node] {
			if w.StatusExpr != nil {
				return w.StatusExpr, s.Status
			}
			return w.Node, s.Status
		}
	}
	return nil, 0
}

// declOf is fn's declaration among files, or nil.
func declOf(files []*ast.File, fn *types.Func) *ast.FuncDecl {
	pos := fn.Pos()
	for _, f := range files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == pos {
				return fd
			}
		}
	}
	return nil
}
