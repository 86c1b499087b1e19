package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// kindsFact carries returnKinds to the packages that call a function: a
// transport package's HandleRequest(c) error that fails for a missing
// Mcp-Session-Id and for an unknown one is answered by its caller in
// another package (if err := a.HandleRequest(c); err != nil { 500 }),
// which is where the wrong status is written. Lines are counted from the
// function's name, as getOrCreateFact's, so that a finding at the caller
// names the helper's return among its related positions.
type kindsFact struct {
	// Missing and Unknown are the lines of the first return of each
	// kind, from the function's name; 0 when the function has none.
	Missing, Unknown int
	// EveryMissing and EveryUnknown are the lines of every return of
	// each kind, counted the same way: a finding at the caller names them
	// all, wherever the helper returns the refusal.
	EveryMissing, EveryUnknown []int
	// BuiltMissing and BuiltUnknown are returnKinds.built.
	BuiltMissing, BuiltUnknown bool
	// AnsweredMissing and AnsweredUnknown are that the function answers
	// that refusal itself before returning its error.
	AnsweredMissing, AnsweredUnknown bool
	Other                            bool
	// OK are the function's successful returns for an empty id
	// (missCases), three ints a case (packCases), under a short name so
	// that the fact stays small: a fact with these alone has no kinds and
	// Other set.
	OK []int
}

func (*kindsFact) AFact() {}

func (f *kindsFact) String() string {
	return fmt.Sprintf("session errors(missing %d, unknown %d, other %v)", f.Missing, f.Unknown, f.Other)
}

// exportKinds exports a kindsFact for each exported function of the
// package that returns an error last, takes the session id or the request
// it reads the id from, and returns an error under a missing or an unknown
// id.
func exportKinds(pass *analysis.Pass, p *pkgInfo) {
	if p.sum.Learned == nil {
		return
	}
	info := pass.TypesInfo
	// A parameter named for the session id that nothing in the package
	// fills with it is filled by callers elsewhere: read the functions
	// with it taken for the id.
	var named []*types.Var
	for fn, fd := range p.decls {
		if fd.Body == nil || !httpwrite.Exported(fn) || !returnsError(fn) {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		for i := range params.Len() {
			if v := params.At(i); sessionIDName(v.Name()) && httpwrite.IsString(v.Type()) && !p.sum.Learned.Seeded(v) {
				named = append(named, v)
			}
		}
	}
	if len(named) > 0 {
		sum := *p.sum
		sum.Learned = session.LearnSeeded(info, pass.Pkg, sum.Funcs, sum.IDFunc, named)
		p = newPkgInfo(pass, &sum, p.ext)
	}
	facts := map[*types.Func]*kindsFact{}
	for fn, fd := range p.decls {
		if fd.Body == nil || !httpwrite.Exported(fn) || !returnsError(fn) || httpwrite.InTest(pass, fd) || !takesSession(info, fd) {
			continue
		}
		k := p.returnKinds(pass, fn)
		if k == nil || len(k.at) == 0 {
			continue
		}
		f := &kindsFact{Other: k.other}
		facts[fn] = f
		if at, ok := k.at[session.Missing]; ok {
			f.Missing = httpwrite.LineOffset(pass.Fset, fn, at)
			f.BuiltMissing = k.built[session.Missing]
			f.AnsweredMissing = p.kindAnswered(k, session.Missing)
			f.EveryMissing = offsets(pass, fn, k.every[session.Missing])
		}
		if at, ok := k.at[session.Unknown]; ok {
			f.Unknown = httpwrite.LineOffset(pass.Fset, fn, at)
			f.BuiltUnknown = k.built[session.Unknown]
			f.AnsweredUnknown = p.kindAnswered(k, session.Unknown)
			f.EveryUnknown = offsets(pass, fn, k.every[session.Unknown])
		}
	}
	for fn, f := range facts {
		// exportResolved ran first: keep what it found.
		var had kindsFact
		if pass.ImportObjectFact(fn, &had) {
			f.OK = had.OK
		}
		pass.ExportObjectFact(fn, f)
	}
}

// offsets are the lines of ats counted from fn's name, those in another
// file than fn's left out (a line offset cannot name them).
func offsets(pass *analysis.Pass, fn *types.Func, ats []token.Pos) []int {
	var out []int
	for _, at := range ats {
		if pass.Fset.File(at) == pass.Fset.File(fn.Pos()) {
			out = append(out, httpwrite.LineOffset(pass.Fset, fn, at))
		}
	}
	return out
}

// takesSession reports a parameter the session id can come from: a
// string, or a request, header map or framework context.
func takesSession(info *types.Info, fd *ast.FuncDecl) bool {
	if takesString(info, fd) {
		return true
	}
	for _, f := range fd.Type.Params.List {
		if t := info.TypeOf(f.Type); t != nil && session.RequestLike(t) {
			return true
		}
	}
	return false
}

// importedKinds reads the kindsFact of a function of another package into
// a returnKinds whose positions are the lines the fact names, in the
// function's file as this package sees it (an export data's file has its
// lines); the function's own position when they cannot be found. pass is
// the getOrCreates pass, whose facts these are.
func importedKinds(pass *analysis.Pass, fn *types.Func) *returnKinds {
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	var f kindsFact
	if !pass.ImportObjectFact(fn, &f) {
		return nil
	}
	k := &returnKinds{at: map[session.Kind]token.Pos{}, built: map[session.Kind]bool{}, answered: map[session.Kind]bool{}, other: f.Other, every: map[session.Kind][]token.Pos{}}
	pos := func(offset int) token.Pos {
		if at, ok := httpwrite.LineFrom(pass.Fset, fn, offset); ok {
			return at
		}
		return fn.Pos()
	}
	if f.Missing > 0 {
		k.at[session.Missing] = pos(f.Missing)
		k.built[session.Missing] = f.BuiltMissing
		k.answered[session.Missing] = f.AnsweredMissing
		for _, o := range f.EveryMissing {
			if at, ok := httpwrite.LineFrom(pass.Fset, fn, o); ok {
				k.every[session.Missing] = append(k.every[session.Missing], at)
			}
		}
	}
	for _, c := range unpackCases(f.OK) {
		rc := resolvedCase{param: c.Param, flags: c.Flags}
		if c.Fresh > 0 {
			rc.fresh = pos(c.Fresh)
		}
		if c.Other > 0 {
			rc.other = pos(c.Other)
		}
		k.resolved = append(k.resolved, rc)
	}
	if f.Unknown > 0 {
		k.at[session.Unknown] = pos(f.Unknown)
		k.built[session.Unknown] = f.BuiltUnknown
		k.answered[session.Unknown] = f.AnsweredUnknown
		for _, o := range f.EveryUnknown {
			if at, ok := httpwrite.LineFrom(pass.Fset, fn, o); ok {
				k.every[session.Unknown] = append(k.every[session.Unknown], at)
			}
		}
	}
	return k
}

// foreignKinds is the returnKinds of a function of another package, nil
// when it has no kindsFact (or facts are not at hand).
func (p *pkgInfo) foreignKinds(fn *types.Func) *returnKinds {
	if p.ext == nil || p.ext.Kinds == nil {
		return nil
	}
	// A fact that carries only a helper's successes for an empty id
	// (OK) names no kind of error.
	if k := p.ext.Kinds(fn); k != nil && len(k.at) > 0 {
		return k
	}
	return nil
}

// sessionIDName is a parameter's name that says it holds a session id
// (sessionID, sessionId, session_id, sid).
func sessionIDName(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	return n == "sid" || n == "sessid" || strings.HasSuffix(n, "sessionid")
}
