package sessionstatus

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
)

// getOrCreateFact marks an exported function that registers an entry
// under its string parameter Param when a lookup of the same table under
// it misses: called with the request's Mcp-Session-Id, it adopts an id
// nobody minted, from whichever package calls it.
type getOrCreateFact struct {
	Param int
	// Line is the line of the store that creates the entry, counted from
	// the function's name: a finding at a caller in another package names
	// it, since the label of such a bug is often the helper's line.
	Line int
}

func (*getOrCreateFact) AFact() {}

func (f *getOrCreateFact) String() string { return fmt.Sprintf("getOrCreate(param %d)", f.Param) }

// getOrCreates finds, in a package and through facts in those it
// imports, the functions that create on a miss of a parameter. It is its
// own pass so that sessionstatus keeps running on the named packages
// only: this one runs on every dependency, and walks only the exported
// functions that take a string outside the standard library.
var getOrCreates = &analysis.Analyzer{
	Name:       "sessiongetorcreate",
	Doc:        "find the functions that register an entry under a string parameter on a lookup's miss (a fact for sessionstatus)",
	Run:        runGetOrCreate,
	FactTypes:  []analysis.Fact{new(getOrCreateFact), new(memberFact), new(goneFact), new(kindsFact), new(freshOnMissFact)},
	Requires:   []*analysis.Analyzer{answers.Analyzer},
	ResultType: reflect.TypeOf((*getOrCreateResult)(nil)),
}

// getOrCreateResult answers, for a function of another package, the
// index of the parameter it creates under on a miss. Any is false when no
// imported package has such a function.
type getOrCreateResult struct {
	Of func(fn *types.Func) (param int, ok bool)
	// At is where such a function creates the entry, when the position
	// of its name is known here; else token.NoPos.
	At  func(fn *types.Func) token.Pos
	Any bool
	// Member reports a membership function (memberFact) of this package
	// or another.
	Member func(fn *types.Func) bool
	// Gone lists the sentinels saying a session is not there that a
	// function of another package returns (goneFact).
	Gone func(fn *types.Func) []string
	// GoneMethods are the methods of the packages this one imports,
	// directly or not, that return such a sentinel: the implementations an
	// interface's call may reach.
	GoneMethods map[*types.Func][]string
	// Fresh is, for a get-or-replace of another package
	// (freshOnMissFact), the index of the parameter it looks up and
	// where it makes a fresh session on a miss; -1 for any other.
	Fresh func(fn *types.Func) (param int, at token.Pos)
	// Kinds reads a function of another package whose errors include
	// one for a missing or an unknown Mcp-Session-Id (kindsFact).
	Kinds func(fn *types.Func) *returnKinds
}

// goneFact marks a function taking a string that returns a sentinel saying
// a session is not there (store.ErrNotFound, directly or wrapped by
// fmt.Errorf), so that a handler of another package that answers its every
// error 5xx is known to answer an unknown id so.
type goneFact struct{ Names []string }

func (*goneFact) AFact() {}

func (f *goneFact) String() string { return fmt.Sprintf("gone(%s)", strings.Join(f.Names, ", ")) }

func runGetOrCreate(pass *analysis.Pass) (any, error) {
	res := &getOrCreateResult{Of: func(fn *types.Func) (int, bool) {
		var f getOrCreateFact
		if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
			return f.Param, true
		}
		return -1, false
	}}
	res.At = func(fn *types.Func) token.Pos {
		var f getOrCreateFact
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) || f.Line <= 0 {
			return token.NoPos
		}
		at, _ := httpwrite.LineFrom(pass.Fset, fn, f.Line)
		return at
	}
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*getOrCreateFact); ok {
			res.Any = true
		}
	}
	res.Gone = func(fn *types.Func) []string {
		var f goneFact
		if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
			return f.Names
		}
		return nil
	}
	res.GoneMethods = map[*types.Func][]string{}
	for _, f := range pass.AllObjectFacts() {
		if g, ok := f.Fact.(*goneFact); ok {
			if fn, ok := f.Object.(*types.Func); ok && fn.Type().(*types.Signature).Recv() != nil {
				res.GoneMethods[fn] = g.Names
			}
		}
	}
	members := map[*types.Func]bool{}
	res.Member = func(fn *types.Func) bool {
		if fn.Pkg() == pass.Pkg {
			return members[fn]
		}
		var f memberFact
		return fn.Pkg() != nil && pass.ImportObjectFact(fn, &f)
	}
	res.Kinds = func(fn *types.Func) *returnKinds { return importedKinds(pass, fn) }
	res.Fresh = func(fn *types.Func) (int, token.Pos) {
		var f freshOnMissFact
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
			return -1, token.NoPos
		}
		at, _ := httpwrite.LineFrom(pass.Fset, fn, f.Line)
		return f.Param, at
	}
	if httpwrite.IsStd(pass.Pkg.Path()) {
		return res, nil
	}
	exportFreshOnMiss(pass)
	if sum := pass.ResultOf[answers.Analyzer].(*answers.Result); sum.Learned != nil {
		exportKinds(pass, newPkgInfo(pass, sum, res))
	}
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !takesString(info, fd) || httpwrite.InTest(pass, fd) {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if isMember(info, fd) {
				members[fn] = true
				if httpwrite.Exported(fn) {
					pass.ExportObjectFact(fn, new(memberFact))
				}
			}
			if fn.Exported() && returnsError(fn) {
				// A method of an unexported type too: an interface
				// of another package reaches it.
				if names := goneReturned(info, fd); len(names) > 0 {
					pass.ExportObjectFact(fn, &goneFact{Names: names})
				} else if missFails(info, fd) {
					pass.ExportObjectFact(fn, &goneFact{Names: []string{fn.Name() + notFoundError}})
				}
			}
			if !httpwrite.Exported(fn) {
				continue
			}
			for _, p := range findPuts(info, pass.Pkg, fd) {
				if p.m == "" || !isParam(info, fd, p.key) {
					continue
				}
				if !p.getOrCreate && !p.own && container(info, p) {
					p.getOrCreate, _ = onMiss(info, fd.Body, p)
				}
				if i := paramIndex(fn, info.Uses[p.key]); p.getOrCreate && i >= 0 {
					pass.ExportObjectFact(fn, &getOrCreateFact{Param: i, Line: httpwrite.LineOffset(pass.Fset, fn, p.node.Pos())})
					break
				}
			}
		}
	}
	return res, nil
}

// returnsError reports a function whose last result is an error: one that
// can fail with a sentinel.
func returnsError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && httpwrite.IsErrorType(res.At(res.Len()-1).Type())
}

// takesString reports whether fd has a parameter of a string type.
func takesString(info *types.Info, fd *ast.FuncDecl) bool {
	for _, f := range fd.Type.Params.List {
		if b, ok := info.TypeOf(f.Type).Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
	}
	return false
}

// container reports whether the put stores a map made for the key (the
// per-session table of a gateway's backends), not a timestamp or a count.
func container(info *types.Info, p *put) bool {
	a, ok := p.node.(*ast.AssignStmt)
	if !ok || len(a.Rhs) != 1 {
		return false
	}
	t := info.TypeOf(a.Rhs[0])
	if t == nil {
		return false
	}
	_, isMap := t.Underlying().(*types.Map)
	return isMap
}

func variadic(fn *types.Func) bool { return fn.Type().(*types.Signature).Variadic() }

// idSource finds where the value of arg, a variable of function n, is read
// from the request's Mcp-Session-Id header: the read itself, or the read
// inside a function of the package whose result is assigned to it.
func idSource(pass *analysis.Pass, n ast.Node, arg ast.Expr) ast.Node {
	info := pass.TypesInfo
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return nil
	}
	v := info.Uses[id]
	var src ast.Node
	ast.Inspect(httpwrite.Body(n), func(x ast.Node) bool {
		a, ok := x.(*ast.AssignStmt)
		if src != nil || !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || a.Pos() > id.Pos() {
			return src == nil
		}
		l, ok := a.Lhs[0].(*ast.Ident)
		if !ok || info.ObjectOf(l) != v {
			return true
		}
		call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if h := headerRead(info, call); h != nil {
			src = h
			return false
		}
		fn := httpwrite.Callee(info, call)
		if fn == nil || fn.Pkg() != pass.Pkg {
			return true
		}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && info.Defs[fd.Name] == fn.Origin() {
					ast.Inspect(fd.Body, func(y ast.Node) bool {
						if c, ok := y.(*ast.CallExpr); ok && src == nil {
							if h := headerRead(info, c); h != nil {
								src = h
							}
						}
						return src == nil
					})
				}
			}
		}
		return src == nil
	})
	return src
}

// headerRead returns call when it reads the request's Mcp-Session-Id:
// r.Header.Get(K) or a framework accessor.
func headerRead(info *types.Info, call *ast.CallExpr) ast.Node {
	fn := httpwrite.Callee(info, call)
	if len(call.Args) == 1 && httpwrite.IsMethod(fn, httpwrite.PkgHTTP, "Header", "Get") && httpwrite.IsSessionHeader(info, call.Args[0]) {
		return call
	}
	if httpwrite.IsFrameworkHeader(info, call) {
		return call
	}
	return nil
}

// notFoundError ends the name a goneFact gives an error a function builds
// for a key it does not hold (not a sentinel of its package).
const notFoundError = "'s not-found error"

// missFails reports a function that returns a non-nil error when a lookup
// keyed by its string parameter misses: v, ok := m[id] (or m.Load(id)),
// then if !ok { return ..., err }, whatever the error is named. Its
// failure is then, among others, an id it does not hold.
func missFails(info *types.Info, fd *ast.FuncDecl) bool {
	oks := map[types.Object]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 2 || len(a.Rhs) != 1 {
			return true
		}
		var key *ast.Ident
		switch r := ast.Unparen(a.Rhs[0]).(type) {
		case *ast.IndexExpr:
			_, key = mapKey(info, r)
		case *ast.CallExpr:
			if fn := httpwrite.Callee(info, r); httpwrite.IsMethod(fn, "sync", "Map", "Load") && len(r.Args) == 1 {
				key, _ = ast.Unparen(r.Args[0]).(*ast.Ident)
			}
		}
		if key == nil || !isParam(info, fd, key) {
			return true
		}
		if id, ok := a.Lhs[1].(*ast.Ident); ok {
			if o := info.ObjectOf(id); o != nil {
				oks[o] = true
			}
		}
		return true
	})
	if len(oks) == 0 {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			return true
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		if !ok || !oks[info.ObjectOf(id)] {
			return true
		}
		for _, st := range ifs.Body.List {
			if r, ok := st.(*ast.ReturnStmt); ok && len(r.Results) > 0 {
				last := r.Results[len(r.Results)-1]
				if t := info.TypeOf(last); t != nil && httpwrite.IsErrorType(t) && !isNil(info, last) {
					found = true
				}
			}
		}
		return true
	})
	return found
}
