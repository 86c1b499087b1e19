package httpwrite

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Sink summarises a function that writes one answer: which of its
// parameters give the status, the code, a go-sdk error object or the error
// the answer is about, and the status or code it writes as constants.
// Parameter positions are 1-based so that the zero Sink says nothing and a
// gob encoding omits what is unset; a Sink has no maps or pointers, so its
// gob encoding is deterministic.
type Sink struct {
	StatusArg int   // parameter giving the HTTP status
	Status    int   // the status, when the function always writes this one
	CodeArg   int   // parameter giving the JSON-RPC code
	Code      int64 // the code, when HasCode and CodeArg is 0
	HasCode   bool
	ObjectArg int // parameter holding a *jsonrpc.Error whose Code is written
	ErrArg    int // parameter holding the error the answer reports
}

func (s *Sink) String() string {
	return fmt.Sprintf("sink(status=%s code=%s object=%d err=%d)", s.statusString(), s.codeString(), s.ObjectArg, s.ErrArg)
}

func (s *Sink) statusString() string {
	if s.StatusArg > 0 {
		return fmt.Sprintf("arg%d", s.StatusArg)
	}
	return fmt.Sprint(s.Status)
}

func (s *Sink) codeString() string {
	switch {
	case s.CodeArg > 0:
		return fmt.Sprintf("arg%d", s.CodeArg)
	case s.HasCode:
		return fmt.Sprint(s.Code)
	}
	return "-"
}

// Summarize returns the Sink of the function fn declared by decl, or nil
// when it does not write exactly one answer whose status or code it decides
// or takes from its caller, in its body's own block. Writing exactly one
// answer, always, is deliberately strict: a helper that picks between
// answers, or answers only in one case, is not a sink, and its callers are
// not judged through it.
func Summarize(info *types.Info, fn *types.Func, decl *ast.FuncDecl, sinkOf SinkOf) *Sink {
	if decl.Body == nil {
		return nil
	}
	ws := Collect(info, decl.Body, sinkOf)
	var answers []*Write
	for _, w := range ws {
		// A Constructor in a helper builds an error value; the helper
		// returns it rather than writing it, so it is not a sink.
		if w.Kind == WriteHeader || w.Kind == HTTPError || w.Kind == Helper || w.Kind == Framework {
			answers = append(answers, w)
		}
	}
	if len(answers) != 1 {
		return nil
	}
	w := answers[0]
	// The answer must be written whenever the helper runs: one under a
	// condition (a router's default case, beside calls of handlers that
	// answer for themselves) is one of the function's answers, not what
	// it does.
	if innermostBlock(w.Stack) != decl.Body {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0
		}
		obj := info.Uses[id]
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == obj {
				return i + 1
			}
		}
		return 0
	}
	s := &Sink{Status: w.Status, Code: w.Code, HasCode: w.HasCode}
	if w.StatusExpr != nil {
		if i := param(w.StatusExpr); i > 0 {
			s.StatusArg, s.Status = i, 0
		}
	}
	if w.CodeExpr != nil {
		if i := param(w.CodeExpr); i > 0 {
			s.CodeArg, s.Code, s.HasCode = i, 0, false
		}
	}
	if w.objParam != nil {
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == w.objParam {
				s.ObjectArg = i + 1
			}
		}
	}
	for _, c := range w.Causes {
		if i := param(c); i > 0 {
			s.ErrArg = i
			break
		}
	}
	if s.StatusArg == 0 && s.Status == 0 && s.CodeArg == 0 && !s.HasCode && s.ObjectArg == 0 {
		return nil
	}
	return s
}

// SummarizePackage computes the Sinks of the package's functions, letting
// helpers that call helpers of the same package be summarised whatever
// their order: it repeats until nothing changes. imported gives the Sinks of
// functions of other packages (the analyzer's facts).
func SummarizePackage(info *types.Info, files []*ast.File, imported SinkOf) map[*types.Func]*Sink {
	var decls []*ast.FuncDecl
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	local := map[*types.Func]*Sink{}
	sinkOf := func(fn *types.Func) *Sink {
		if s, ok := local[fn]; ok {
			return s
		}
		if imported != nil {
			return imported(fn)
		}
		return nil
	}
	for round := 0; round < 4; round++ {
		changed := false
		for _, d := range decls {
			fn, _ := info.Defs[d.Name].(*types.Func)
			if fn == nil {
				continue
			}
			s := Summarize(info, fn, d, sinkOf)
			old, had := local[fn]
			if s == nil {
				if had {
					delete(local, fn)
					changed = true
				}
				continue
			}
			if !had || *old != *s {
				local[fn] = s
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return local
}
