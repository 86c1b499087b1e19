package httpwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
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
	// Implicit: the function writes a body and never a status, so it
	// answers HTTP 200 (Status stays 0; see implicitSink).
	Implicit bool
	// Keyed is the status as a function of a parameter, "N.Field|table"
	// (see keyed.go); the field is empty for the parameter itself.
	Keyed string
	// Builds: the function writes nothing; it returns an error object
	// whose Code is Code (a constructor a keyed helper is given).
	Builds bool
	// Carries (with Builds): the error it returns carries an HTTP status
	// (Status or StatusArg) and code (Code or CodeArg) that the framework
	// or adapter it is returned to writes: see carries.go.
	Carries bool
}

func (s *Sink) String() string {
	implicit := ""
	if s.Implicit {
		implicit = " implicit200"
	}
	if s.Carries {
		return fmt.Sprintf("carries(status=%s code=%s)", s.statusString(), s.codeString())
	}
	if s.Builds {
		return fmt.Sprintf("builds(code=%s)", s.codeString())
	}
	return fmt.Sprintf("sink(status=%s code=%s object=%d err=%d%s)", s.statusString(), s.codeString(), s.ObjectArg, s.ErrArg, implicit)
}

func (s *Sink) statusString() string {
	if s.StatusArg > 0 {
		return fmt.Sprintf("arg%d", s.StatusArg)
	}
	if s.Keyed != "" {
		return "keyed(" + s.Keyed + ")"
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

// summarize returns the Sink of the function fn declared by decl, whose
// answers (Collect) are ws, or nil when it does not write exactly one answer
// whose status or code it decides or takes from its caller, in its body's
// own block. Writing exactly one answer, always, is deliberately strict: a
// helper that picks between answers, or answers only in one case, is not a
// sink, and its callers are not judged through it.
func summarize(info *types.Info, fn *types.Func, decl *ast.FuncDecl, ws []*Write, idx *pkgIndex, sinkOf SinkOf) *Sink {
	var answers []*Write
	for _, w := range ws {
		// A Constructor in a helper builds an error value; the helper
		// returns it rather than writing it, so it is not a sink.
		if w.Kind == WriteHeader || w.Kind == HTTPError || w.Kind == Helper || w.Kind == Framework {
			answers = append(answers, w)
		}
	}
	answers = dropImplicit(answers)
	sig := fn.Type().(*types.Signature)
	empty := emptyReplies(info, sig, decl, answers)
	answers = slices.DeleteFunc(answers, func(w *Write) bool { return empty[w.Node] })
	// A status written only when encoding the body fails comes after the
	// body has gone out with 200 (json.NewEncoder(w).Encode(v), then
	// http.Error on its error): the helper answers 200.
	fallbacks := map[ast.Node]bool{}
	for _, w := range answers {
		if underEncodeFailure(info, w.Stack) {
			fallbacks[w.Node] = true
		}
	}
	if len(answers) > 0 && len(fallbacks) == len(answers) {
		answers = nil
	}
	answers = dropEncodeFallbacks(info, answers)
	if len(answers) == 0 {
		// An error that carries its own status is that status's
		// answer wherever it is returned; one with a code alone is
		// paired with a status written beside it.
		if b := carries(info, fn, decl, ws, sinkOf); b != nil {
			return b
		}
		if b := builds(info, fn, decl, ws); b != nil {
			return b
		}
		if b := buildsEnvelope(info, fn, decl, sinkOf); b != nil {
			return b
		}
		for n := range empty {
			fallbacks[n] = true
		}
		return implicitSink(info, fn, decl, ws, fallbacks)
	}
	if len(answers) != 1 {
		if arg, table := branchKeyed(info, decl, sig, answers, idx); arg > 0 {
			return &Sink{Keyed: fmt.Sprintf("%d.|%s", arg, table), CodeArg: arg}
		}
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
	s := &Sink{Status: w.Status, Code: w.Code, HasCode: w.HasCode, Implicit: w.Implicit}
	if w.StatusExpr != nil {
		if i := param(w.StatusExpr); i > 0 {
			s.StatusArg, s.Status = i, 0
		}
	}
	if w.StatusExpr != nil && s.StatusArg == 0 && s.Status == 0 {
		// The status picked from a parameter by a table.
		var stop ast.Node = w.Node
		for _, n := range w.Stack {
			if st, ok := n.(ast.Stmt); ok && slices.Contains(decl.Body.List, st) {
				stop = st
				break
			}
		}
		if arg, field, table := keyedStatus(info, decl, sig, w.StatusExpr, stop, idx); arg > 0 {
			s.Keyed = fmt.Sprintf("%d.%s|%s", arg, field, table)
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
	if !s.HasCode && s.CodeArg == 0 && s.ObjectArg == 0 && w.CodeNode == nil && (s.StatusArg > 0 || s.Status == 200 || s.Implicit) {
		// The code handed to a constructor of the error object: for a
		// helper whose status is the caller's or 200, where the code
		// decides whether the answer refuses the request with 200.
		s.CodeArg = ctorCodeParam(info, decl, sig)
	}
	if s.StatusArg == 0 && s.Status == 0 && s.Keyed == "" && s.CodeArg == 0 && !s.HasCode && s.ObjectArg == 0 && !s.Implicit {
		return nil
	}
	return s
}

// Summary is what SummarizePackage found: the Sinks of the package's
// functions and, for each function declaration, its answers as Collect
// finds them given those Sinks. Summarising collects every declaration
// anyway, so CollectFuncs takes the answers from here rather than walk
// every body again.
type Summary struct {
	// Sinks are the package's own sinks, by function.
	Sinks map[*types.Func]*Sink

	info      *types.Info
	sinkOf    SinkOf
	declared  map[*types.Func]bool
	changedAt map[*types.Func]int // the tick at which a function's Sink last changed
	tick      int
	memo      map[*ast.FuncDecl]*collected
	// customErrors: the package installs its own framework error handler,
	// so a plain error a handler returns has no known status.
	customErrors bool
	files        []*ast.File
	// called and valued are the package's functions called directly and
	// those used as values (handed to a router), read on first need.
	called, valued map[*types.Func]bool
}

// helperOnly reports an unexported function of a framework handler's
// signature that the package only ever calls (s.validate(c)): its error
// goes back to its caller, which answers it, not to the framework.
func (s *Summary) helperOnly(decl *ast.FuncDecl) bool {
	fn, _ := s.info.Defs[decl.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return false
	}
	if s.called == nil {
		s.called, s.valued = map[*types.Func]bool{}, map[*types.Func]bool{}
		calls := map[*ast.Ident]bool{}
		for _, f := range s.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					switch fun := ast.Unparen(n.Fun).(type) {
					case *ast.Ident:
						calls[fun] = true
					case *ast.SelectorExpr:
						calls[fun.Sel] = true
					}
				case *ast.Ident:
					if f, ok := s.info.Uses[n].(*types.Func); ok && s.declared[f.Origin()] {
						if calls[n] {
							s.called[f.Origin()] = true
						} else {
							s.valued[f.Origin()] = true
						}
					}
				}
				return true
			})
		}
	}
	return s.called[fn] && !s.valued[fn]
}

// collected is one declaration's answers, collected at a tick, and the
// functions of the package whose Sinks they depend on.
type collected struct {
	writes []*Write
	at     int
	calls  []*types.Func
}

// Writes returns the answers Collect finds in decl's body given the Sinks
// as they stand: the ones found when it was last collected, unless a Sink
// they depend on has changed since.
func (s *Summary) Writes(decl *ast.FuncDecl) []*Write {
	if c := s.memo[decl]; c != nil && s.fresh(c) {
		return c.writes
	}
	c := &collected{at: s.tick}
	c.writes = Collect(s.info, decl.Body, func(fn *types.Func) *Sink {
		if s.declared[fn] {
			c.calls = append(c.calls, fn)
		}
		return s.sinkOf(fn)
	})
	if !s.customErrors && frameworkHandler(s.info, decl) && !s.helperOnly(decl) {
		c.writes = append(c.writes, plainErrorReturns(s.info, decl, c.writes)...)
	}
	s.memo[decl] = c
	return c.writes
}

func (s *Summary) fresh(c *collected) bool {
	for _, fn := range c.calls {
		if s.changedAt[fn] > c.at {
			return false
		}
	}
	return true
}

// set records fn's Sink (nil: none), reporting whether it changed.
func (s *Summary) set(fn *types.Func, sink *Sink) bool {
	old, had := s.Sinks[fn]
	switch {
	case sink == nil && !had, sink != nil && had && *old == *sink:
		return false
	case sink == nil:
		delete(s.Sinks, fn)
	default:
		s.Sinks[fn] = sink
	}
	s.tick++
	s.changedAt[fn] = s.tick
	return true
}

// SummarizePackage computes the Sinks of the package's functions, letting
// helpers that call helpers of the same package be summarised whatever
// their order: it repeats until nothing changes, collecting again only the
// declarations that call a function whose Sink changed. imported gives the
// Sinks of functions of other packages (the analyzer's facts).
func SummarizePackage(info *types.Info, files []*ast.File, imported SinkOf) *Summary {
	s := &Summary{
		Sinks:     map[*types.Func]*Sink{},
		info:      info,
		declared:  map[*types.Func]bool{},
		changedAt: map[*types.Func]int{},
		memo:      map[*ast.FuncDecl]*collected{},

		customErrors: customErrorHandler(files),
		files:        files,
	}
	s.sinkOf = func(fn *types.Func) *Sink {
		if sink, ok := s.Sinks[fn]; ok {
			return sink
		}
		if imported != nil {
			return imported(fn)
		}
		return nil
	}
	var decls []*ast.FuncDecl
	var fns []*types.Func
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil {
					decls = append(decls, fd)
					fns = append(fns, fn)
					s.declared[fn] = true
				}
			}
		}
	}
	idx := newPkgIndex(info, files)
	for round := 0; round < 4; round++ {
		changed := false
		for i, d := range decls {
			if s.set(fns[i], summarize(info, fns[i], d, s.Writes(d), idx, s.sinkOf)) {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return s
}
