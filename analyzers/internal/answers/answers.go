// Package answers defines the analyzer errclass and sessionstatus both
// require: one summary per package of the functions that write an HTTP
// answer (status, JSON-RPC code, the error it is about) and of the session
// condition each answer is given under, and one fact type, the Sink of a
// helper that writes one answer, so a helper in another package is judged
// by what it does.
//
// It is the contract between the two analyzers: both read the answers and
// the session conditions from its Result, so they cannot disagree about what
// an answer or an unknown session is. It reports nothing and is not in the
// suite; it runs because the checks require it, as lostcancel requires
// ctrlflow.
package answers

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// Analyzer summarises the answers a package writes. Its Result is a
// *Result; it exports a *SinkFact for every exported helper that writes one
// answer.
var Analyzer = &analysis.Analyzer{
	Name: "httpanswers",
	Doc: `summarise the functions that write an HTTP answer

httpanswers reports nothing. It finds the answers each function writes (the
HTTP status, the JSON-RPC code, the error the answer is about) and the
session condition each is given under, for errclass and sessionstatus, and
exports a fact for every exported helper that writes exactly one answer.`,
	URL:        "https://github.com/mcpwire/mcpwire#mcpvet",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(SinkFact), new(IDFuncFact), new(MissFact)},
}

// MissFact marks an error variable that its package returns only for a
// session id its lookups do not hold (session.MissSentinels), so that a
// caller in another package that tests for it (errors.Is(err,
// store.ErrNope)) is judged as testing for an unknown id, whatever the
// variable's name.
type MissFact struct{}

// AFact marks MissFact as an analysis fact.
func (*MissFact) AFact() {}

func (*MissFact) String() string { return "returned for an unknown session id" }

// IDFuncFact marks a function that returns the request's Mcp-Session-Id
// (sessionID(r) string, a framework accessor with a fallback), so that a
// handler in another package that reads the id through it is judged as
// one that reads the header.
type IDFuncFact struct{}

// AFact marks IDFuncFact as an analysis fact.
func (*IDFuncFact) AFact() {}

func (*IDFuncFact) String() string { return "returns the session id" }

// sdkSessionMethod reports a method of an MCP SDK's own (a session's
// SessionID) called from outside that SDK. Inside the SDK it returns the
// request's header as it came; to a server built on it, the id is of a
// session the SDK has already looked up (mcp-go's ClientSessionFromContext
// gives one only for a known id), not the client's unchecked one.
func sdkSessionMethod(pkg *types.Package, fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || fn.Pkg() == nil || !httpwrite.MCPSDK(fn.Pkg().Path()) {
		return false
	}
	return !httpwrite.MCPSDK(pkg.Path())
}

// SinkFact marks a function that writes one answer (see httpwrite.Sink), so
// its callers in other packages are judged by what they pass it.
type SinkFact struct{ httpwrite.Sink }

// AFact marks SinkFact as an analysis fact.
func (*SinkFact) AFact() {}

func (f *SinkFact) String() string { return f.Sink.String() }

// Answer is one answer and the session condition it is given under.
type Answer struct {
	*httpwrite.Write
	// Session is the condition on the request's Mcp-Session-Id the
	// innermost test around the answer decides (no id, an unknown id, a
	// failed store lookup); HasSession is false when that test is about
	// something else.
	Session    session.Cond
	HasSession bool
}

// Result is the package's summary. A package the cheap bail-out skipped
// (the standard library; a package that cannot answer HTTP) has an empty
// one.
type Result struct {
	// Funcs are the package's function declarations and literals, in
	// source order.
	Funcs []ast.Node
	// Learned is where the package passes the session id on, from which
	// a check scans a function Scans does not hold (a helper that writes
	// no answer); nil when the package was skipped.
	Learned *session.Learned
	// Answers are, for each function outside test files that writes
	// answers, those answers (function literals are functions of their
	// own).
	Answers map[ast.Node][]*Answer
	// SinkOf summarises a function of this package or, through facts, of
	// another.
	SinkOf httpwrite.SinkOf
	// Scans are the session scans of the functions in Answers, for
	// checks that read more than the condition an answer is given under.
	Scans map[ast.Node]*session.Scan
	// IDFunc reports a function of another package that returns the
	// request's id (an IDFuncFact), for the checks' own scans.
	IDFunc func(*types.Func) bool
}

func run(pass *analysis.Pass) (any, error) {
	httpwrite.LearnHeaderVars(pass)
	res := &Result{Answers: map[ast.Node][]*Answer{}, Scans: map[ast.Node]*session.Scan{}, SinkOf: func(*types.Func) *httpwrite.Sink { return nil }}
	res.IDFunc = func(fn *types.Func) bool {
		if fn.Pkg() == pass.Pkg || sdkSessionMethod(pass.Pkg, fn) {
			return false
		}
		return pass.ImportObjectFact(fn, new(IDFuncFact))
	}
	if skip(pass) {
		exportMisses(pass)
		return res, nil
	}
	imported := func(fn *types.Func) *httpwrite.Sink {
		var f SinkFact
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
			return &f.Sink
		}
		return nil
	}
	sum := httpwrite.SummarizePackage(pass.TypesInfo, pass.Files, imported)
	sinks := sum.Sinks
	for fn, s := range sinks {
		if httpwrite.Exported(fn) {
			pass.ExportObjectFact(fn, &SinkFact{*s})
		}
	}
	res.SinkOf = func(fn *types.Func) *httpwrite.Sink {
		if s := sinks[fn]; s != nil {
			return s
		}
		return imported(fn)
	}

	// The answers first: a package that writes none (most that import
	// net/http only as a client) needs no session scan at all, and a
	// function that writes none needs no scan of its own.
	funcs, writes := httpwrite.CollectFuncs(pass, sum)
	res.Funcs = funcs
	if len(writes) == 0 && !mayReturnID(pass.Pkg) {
		exportMisses(pass)
		return res, nil
	}
	learned := session.Learn(pass.TypesInfo, pass.Pkg, funcs, res.IDFunc)
	learned.ImportMisses(func(v *types.Var) bool {
		return v.Pkg() != pass.Pkg && pass.ImportObjectFact(v, new(MissFact))
	})
	for _, v := range learned.Misses() {
		pass.ExportObjectFact(v, new(MissFact))
	}
	res.Learned = learned
	for _, fn := range learned.IDFuncs() {
		if httpwrite.Exported(fn) {
			pass.ExportObjectFact(fn, new(IDFuncFact))
		}
	}
	if len(writes) == 0 {
		return res, nil
	}
	scans := learned.Scans(func(n ast.Node) bool { return writes[n] != nil })
	for n, ws := range writes {
		scan := scans[n]
		if scan != nil {
			res.Scans[n] = scan
		}
		as := make([]*Answer, len(ws))
		for i, w := range ws {
			as[i] = &Answer{Write: w}
			if scan != nil {
				as[i].Session, as[i].HasSession = scan.Condition(w.Stack)
			}
		}
		res.Answers[n] = as
	}
	return res, nil
}

// exportMisses exports a MissFact for each exported error variable a
// package Learn does not read returns only for an unknown session id: a
// store of its own package, which answers nothing.
func exportMisses(pass *analysis.Pass) {
	if httpwrite.IsStd(pass.Pkg.Path()) || !session.StoreShaped(pass.Pkg) {
		return
	}
	var decls []ast.Node
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for _, v := range session.MissSentinels(pass.TypesInfo, pass.Pkg, decls) {
		pass.ExportObjectFact(v, new(MissFact))
	}
}

// mayReturnID reports, from the types alone, whether the package has an
// exported function or method that could return a request's session id
// for a fact: a string result, and a request, a header map or a framework
// context to read it from. Most packages have none, and need no scan.
func mayReturnID(pkg *types.Package) bool {
	fits := func(fn *types.Func) bool {
		sig := fn.Type().(*types.Signature)
		if !fn.Exported() || sig.Results().Len() == 0 {
			return false
		}
		if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return false
		}
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			if httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Request") || httpwrite.IsNamed(t, httpwrite.PkgHTTP, "Header") {
				return true
			}
			if m, ok := t.Underlying().(*types.Map); ok {
				if k, ok := m.Key().Underlying().(*types.Basic); ok && k.Info()&types.IsString != 0 {
					return true
				}
			}
			for _, p := range httpwrite.FrameworkPkgs {
				if httpwrite.IsNamed(t, p, "Context") || httpwrite.IsNamed(t, p, "Ctx") {
					return true
				}
			}
		}
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			if fits(o) {
				return true
			}
		case *types.TypeName:
			if n, ok := types.Unalias(o.Type()).(*types.Named); ok {
				for i := range n.NumMethods() {
					if fits(n.Method(i)) {
						return true
					}
				}
				if iface, ok := n.Underlying().(*types.Interface); ok {
					for i := range iface.NumMethods() {
						if fits(iface.Method(i)) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// skip is the cheap bail-out: the standard library, and packages that
// import nothing through which they could answer HTTP or build an answer (or
// a fact that changes one) and call no helper with a fact: net/http,
// go-sdk, the runtime's protocol package, and the web frameworks whose
// context writes answers (gin, echo, fiber).
func skip(pass *analysis.Pass) bool {
	if httpwrite.IsStd(pass.Pkg.Path()) {
		return true
	}
	if httpwrite.Imports(pass.Pkg, httpwrite.PkgHTTP, httpwrite.PkgSDKRPC, httpwrite.PkgSDKMCP, httpwrite.PkgProtocol) ||
		httpwrite.Imports(pass.Pkg, httpwrite.FrameworkPkgs...) {
		return false
	}
	return !httpwrite.DirectFacts(pass)
}
