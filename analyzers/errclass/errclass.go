package errclass

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
	"github.com/mcpwire/mcpwire/analyzers/internal/ssabuild"
)

// Name is the analyzer's name, in flags and in //mcpvet:ignore directives.
const Name = "errclass"

const doc = `report HTTP statuses and JSON-RPC codes that do not match the failure's cause

A JSON-RPC -32700 (Parse error) is only right for a body that did not decode,
and 400 only for a fault of the client's. errclass traces the error an answer
reports back to the call it came from (through SSA in a package and through
facts across packages) and reports -32700 or 400 answered for a server-side
failure (an id generator, a session or event store, a hook, Server.Connect,
recover()), which should be 500 with -32603; -32700 answered to an unknown or
missing Mcp-Session-Id; a status and code that contradict each other (-32603
with a 4xx, -32700 or -32600 with a 5xx); JSON-RPC code 0 in an error; and a
body over an http.MaxBytesReader limit answered with anything but 413.`

// Analyzer reports misclassified error answers.
var Analyzer = &analysis.Analyzer{
	Name: Name,
	Doc:  doc,
	URL:  "https://github.com/mcpwire/mcpwire#errclass",
	// answers finds the answers and their session conditions, shared with
	// sessionstatus; it runs on every dependency anyway (it has facts) and
	// bails out as cheaply as errclass would.
	Requires:  []*analysis.Analyzer{answers.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(originFact), new(refusalFact), new(ownErrorsFact)},
}

// internalFuncs names more functions whose failures are the server's, for
// stores and generators errclass cannot recognise by shape (a concrete
// type's method without a context, say).
var internalFuncs funcList

// strict turns on rules that are right by the table but that readers
// split on: 413 answered to every failed read of a capped body
// (maxBytes413), which tells a client that broke off its body was too
// large; and a GET of the endpoint answered with a document (getAnswered),
// which blind readers of public code called right as often as wrong. Off
// by default.
var strict bool

func init() {
	Analyzer.Flags.Var(&internalFuncs, "internal",
		"comma-separated functions whose errors are server-side failures, as types.Func.FullName spells them: "+
			"example.com/store.Open,(*example.com/store.DB).Lookup")
	Analyzer.Flags.BoolVar(&strict, "strict", false,
		"also report 413 answered to every failed read of a MaxBytesReader body (a body cut off fails too), and a GET of the MCP endpoint answered with a document rather than an event stream or 405")
}

// funcList is a flag.Value holding function names.
type funcList map[string]bool

func (l *funcList) String() string {
	names := make([]string, 0, len(*l))
	for n := range *l {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ",")
}

func (l *funcList) Set(v string) error {
	m := funcList{}
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			if !fullName().MatchString(n) {
				return fmt.Errorf("%q is not a function as types.Func.FullName spells it: want PKGPATH.Func, (PKGPATH.Type).Method or (*PKGPATH.Type).Method, e.g. example.com/store.Open", n)
			}
			m[n] = true
		}
	}
	*l = m
	return nil
}

// fullName matches what types.Func.FullName returns: a package path and a
// function name, or a method with its (pointer) receiver type. Compiled on
// first use: go vet starts the tool once per package, and only a -internal
// flag reads it.
var fullName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([^\s()*]+\.[\pL_][\pL\pN_]*|\(\*?[^\s()*]+\.[\pL_][\pL\pN_]*(\[[^\]]*\])?\)\.[\pL_][\pL\pN_]*)$`)
})

func run(pass *analysis.Pass) (any, error) {
	defer report.Finish(pass)
	// The answers first (they need no SSA): only the functions that write
	// one, and those whose errors can be traced, need an SSA body.
	sum := pass.ResultOf[answers.Analyzer].(*answers.Result)
	funcs, writes := sum.Funcs, sum.Answers
	exportOwnErrors(pass)
	if len(writes) == 0 && skip(pass) {
		if !report.FactsOnly() {
			dispatcherCodes(pass)
			missingMethods(pass)
		}
		if declaresRequest(pass.Pkg) {
			// A JSON-RPC engine that answers no HTTP itself may
			// return a refusal a handler elsewhere writes: only that
			// fact is read here, nothing is judged or traced for
			// other facts.
			engineRefusals(pass)
		}
		return nil, nil
	}
	codeOnly := false
	if len(funcs) == 0 && !httpwrite.Imports(pass.Pkg, httpwrite.PkgHTTP) {
		// The summary skipped the package: it answers no HTTP itself.
		funcs, writes = codeOnlyAnswers(pass)
		codeOnly = true
	}

	// SSA for the package, with bodies only where they can matter (see
	// bodies); every declaration is indexed, stubs too, so the tracer knows
	// each function of the package by object. Debug mode (expressions to
	// values) only for the checks of answers: the origins exported as facts
	// are traced through values alone. A package with neither answers nor
	// a function to trace for a fact needs no SSA at all: its stubs would
	// export nothing.
	var ssaFuncs map[ast.Node]*ssa.Function
	if keep := bodies(pass, writes); len(keep) > 0 || len(writes) > 0 {
		ssaFuncs = ssabuild.Build(pass, keep, ssabuild.All, len(writes) > 0)
	}
	decls := declIndex(pass)
	t := newTracer(pass, ssaFuncs, decls)
	c := &checker{pass: pass, tracer: t, decls: decls, sinkOf: sum.SinkOf, codeOnly: codeOnly, writes: writes}
	if len(writes) > 0 {
		c.endpoint = newEndpoint(pass.TypesInfo, pass.Files, writes)
	}
	exportOrigins(pass, t, c)
	for _, n := range funcs {
		ws := writes[n]
		fn := ssaFuncs[n]
		if ws == nil || fn == nil {
			continue
		}
		c.serving = c.endpoint != nil && c.endpoint.serves(n)
		c.entry = c.endpoint != nil && c.endpoint.entry(n)
		c.function(fn, httpwrite.Body(n), ws)
		if c.serving && !report.FactsOnly() {
			c.truncatedBodies(n)
			c.unansweredBodies(n)
		}
	}
	if strict && c.endpoint != nil && !report.FactsOnly() {
		gets := c.endpoint.gets
		delegated := map[ast.Node]bool{}
		var found []getFinding
		for _, n := range funcs {
			if c.endpoint.serves(n) {
				c.getAnswered(n, gets, delegated, &found)
			}
		}
		for _, n := range funcs {
			if delegated[n] && !gets[n] {
				c.getAnswered(n, delegated, nil, &found)
			}
		}
		if len(found) > 0 && !legacySSE(pass) {
			c.reportGets(found)
		}
	}
	if !report.FactsOnly() {
		c.proxyLimits(funcs)
		missingMethods(pass)
	}
	c.reportHelpers()
	c.reportRefusals()
	// returnedRefusals exports refusalFacts; the checks before it run on
	// facts-only units too, since what they trace is memoised and the
	// facts' tracing must see the same memo.
	known := c.returnedRefusals(funcs, writes, ssaFuncs)
	if report.FactsOnly() {
		return nil, nil
	}
	c.reportReturnedRefusals(funcs, writes, known)
	c.reportParseCodes()
	return nil, nil
}

// skip is the cheap bail-out for a package that writes no answer: the
// standard library (whose decoders and writers errclass knows by name) and
// packages that import nothing through which they could fail on the
// server's side, and no package with an origin fact.
func skip(pass *analysis.Pass) bool {
	if httpwrite.IsStd(pass.Pkg.Path()) {
		return true
	}
	// The imports through which a package can answer HTTP or fail on the
	// server's side (a store taking a context, database/sql,
	// crypto/rand), and so produce an answer or a fact that changes a
	// finding. A package that only decodes JSON (a codec, a schema
	// library) is skipped: that its errors are decode errors never makes
	// a finding, and building its SSA was the larger part of errclass's
	// cost over go-sdk's dependencies.
	if httpwrite.Imports(pass.Pkg, httpwrite.PkgHTTP, httpwrite.PkgSDKRPC, httpwrite.PkgSDKMCP, httpwrite.PkgProtocol,
		"context", "database/sql", "crypto/rand") {
		return false
	}
	// A package built on a database package (an ORM over database/sql)
	// can fail on the server's side through it (existenceApart).
	for _, imp := range pass.Pkg.Imports() {
		if httpwrite.Imports(imp, "database/sql") {
			return false
		}
	}
	return !tracedFacts(pass)
}

// tracedFacts reports a fact of a package this one imports directly that
// the tracer follows (an origin or a refusal): an ownErrorsFact says a
// function's errors are its own and gives the tracer nothing to follow,
// so it does not make a package worth tracing.
func tracedFacts(pass *analysis.Pass) bool {
	direct := map[*types.Package]bool{}
	for _, p := range pass.Pkg.Imports() {
		direct[p] = true
	}
	for _, f := range pass.AllObjectFacts() {
		if _, own := f.Fact.(*ownErrorsFact); !own && direct[f.Object.Pkg()] {
			return true
		}
	}
	return false
}

// declaresRequest reports a package that declares a struct type with a
// JSON member "method": a JSON-RPC request. It reads types only.
func declaresRequest(pkg *types.Package) bool {
	if v, ok := requestPkgs.Load(pkg); ok {
		return v.(bool)
	}
	v := declaresRequestType(pkg)
	requestPkgs.Store(pkg, v)
	return v
}

// requestPkgs memoises declaresRequest: every package that imports one
// asks about it.
var requestPkgs sync.Map

func declaresRequestType(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if httpwrite.JSONTagName(st.Tag(i)) == "method" {
				return true
			}
		}
	}
	return false
}

// exportOrigins records, for every exported function returning an error,
// where its errors come from.
func exportOrigins(pass *analysis.Pass, t *tracer, c *checker) {
	// In source order: a recursive cycle's memo depends on which function
	// is traced first, and facts must not change from run to run.
	fns := make([]*types.Func, 0, len(t.funcs))
	for fn := range t.funcs {
		if httpwrite.Exported(fn) {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		f := t.funcs[fn]
		var fact originFact
		for _, o := range t.returns(f) {
			if o.upstream {
				continue
			}
			switch o.kind {
			case decode:
				fact.Decode = true
				fact.Shape = fact.Shape || o.shape
				if fact.BodyDecode == 0 && !o.shape {
					if at, mcp, ok := c.bodyDecodeHandedOn(o); ok {
						fact.BodyDecode = httpwrite.LineOffset(pass.Fset, fn, at)
						fact.BodyMCP = mcp
					}
				}
			case read:
				fact.Read = true
			case client:
				fact.Client = true
			case internal:
				if o.own && fact.Own == "" {
					fact.Own = o.root()
				}
				if fact.Internal == "" {
					fact.Internal = o.root()
				}
			}
		}
		if fact != (originFact{}) {
			pass.ExportObjectFact(fn, &fact)
		}
	}
}

// checker judges the answers of one package.
type checker struct {
	pass   *analysis.Pass
	tracer *tracer
	sinkOf httpwrite.SinkOf
	// helpers are the helpers of this package that pair -32603 with their
	// callers' 4xx, with those calls, in the order first seen.
	helpers     map[*types.Func][]*httpwrite.Write
	helperOrder []*types.Func
	// refusals are the helpers of this package through which callers
	// write a refusal with HTTP 200, with those calls (reportRefusals).
	refusals     map[*types.Func][]refusalCall
	refusalOrder []*types.Func
	// codeOnly: the package answers no HTTP itself (codeOnlyAnswers);
	// only its codes are judged.
	codeOnly bool
	// namedCalls: the package names tools/call or prompts/get (1), does
	// not (-1), not yet looked (0); servesNamedCalls.
	namedCalls int8
	// endpoint tells MCP's endpoint from the routes beside it; serving
	// says whether the function being judged is on it.
	endpoint *endpoint
	serving  bool
	// entry: a router of the package registers the function being
	// checked at one of MCP's paths.
	entry bool
	// initOnly are the functions only initialize branches call, made on
	// first use (isInitOnly).
	initOnly map[types.Object]bool
	// initFails are the initialize refusals of the package's functions
	// (initFailures), made on first use.
	initFails map[*ast.FuncDecl][]ast.Node
	// decls is the package's function declarations by object, made on
	// first use and shared with the tracer (declOf).
	decls func() map[*types.Func]*ast.FuncDecl
	// uses are the package's functions' uses (callsOf).
	uses map[*types.Func][]callSite
	// writes are the answers of the package's functions.
	writes map[ast.Node][]*answers.Answer
	// errorHandlers are the functions set as a reverse proxy's
	// ErrorHandler, made on first use (inErrorHandler).
	errorHandlers map[ast.Node]bool
	// pkgSyntaxAware: some function of the package tests bytes with
	// json.Valid or names a json error type; made on first use
	// (decodesClientBytes).
	pkgSyntaxAware *bool
	// said are the positions every finding so far is at or names as
	// related; parseCodes are the findings of -32700 to every failure of
	// a typed decode, reported last, only where no other finding is about
	// the same answer (its status is the first thing to fix).
	said       map[token.Pos]bool
	parseCodes []analysis.Diagnostic
	// truncSaid are the truncated reads reported, once each however
	// many functions hand a helper the body.
	truncSaid map[*ast.CallExpr]bool
	// returnedAt are the writes reported for a refusal a callee returns:
	// one finding per write, however many calls' responses reach it.
	returnedAt map[ast.Node]bool
	// called are the functions some function of the package calls
	// (calledInPackage).
	called map[*types.Func]bool
}

func (c *checker) reportRange(rng analysis.Range, category string, related []analysis.RelatedInformation, fixes []analysis.SuggestedFix, format string, args ...any) {
	if call, ok := rng.(*ast.CallExpr); ok {
		related = append(related, c.fixedIn(call)...)
	}
	d := analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Category: category, Related: related, SuggestedFixes: fixes}
	d.Message = fmt.Sprintf(format, args...)
	if c.said == nil {
		c.said = map[token.Pos]bool{}
	}
	c.said[d.Pos] = true
	for _, r := range related {
		c.said[r.Pos] = true
	}
	report.Report(c.pass, d)
}

// reportParseCodes reports the typed decodes' -32700 findings about
// answers no other finding is at or names.
func (c *checker) reportParseCodes() {
	for _, d := range c.parseCodes {
		if !c.said[d.Pos] {
			report.Report(c.pass, d)
		}
	}
}

// fixedIn points, for an answer written by a helper of the package that
// fixes its status, at where the helper fixes it: that is the line to
// change, for this call and every other.
func (c *checker) fixedIn(call *ast.CallExpr) []analysis.RelatedInformation {
	at, status := httpwrite.FixedStatusAt(c.pass.TypesInfo, c.pass.Files, c.sinkOf, call)
	if at == nil {
		return nil
	}
	name := httpwrite.Callee(c.pass.TypesInfo, call).Name()
	return []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(),
		Message: fmt.Sprintf("HTTP %d is fixed here, in %s, for every caller", status, name)}}
}

// newTracer traces errors to their origins through the package's SSA
// functions and other packages' origin facts.
func newTracer(pass *analysis.Pass, ssaFuncs map[ast.Node]*ssa.Function, decls func() map[*types.Func]*ast.FuncDecl) *tracer {
	t := &tracer{
		pkg:   pass.Pkg,
		funcs: map[*types.Func]*ssa.Function{},
		memo:  map[*ssa.Function][]origin{},
		importFact: func(fn *types.Func) *originFact {
			var f originFact
			if pass.ImportObjectFact(fn, &f) {
				return &f
			}
			return nil
		},
		importOwn: func(fn *types.Func) bool { return pass.ImportObjectFact(fn, new(ownErrorsFact)) },
		info:      pass.TypesInfo,
		decls:     decls,
		lineOf: func(fn *types.Func, offset int) token.Pos {
			if at, ok := httpwrite.LineFrom(pass.Fset, fn, offset); ok {
				return at
			}
			return fn.Pos()
		},
	}
	for node, f := range ssaFuncs {
		if fd, ok := node.(*ast.FuncDecl); ok {
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				t.funcs[obj] = f
			}
		}
	}
	return t
}

// engineRefusals exports the refusal facts of a package that answers no
// HTTP but declares a JSON-RPC request: a dispatcher returning a -32700
// response for bytes that are not JSON, which its handler writes.
func engineRefusals(pass *analysis.Pass) {
	funcs, writes := codeOnlyAnswers(pass)
	if len(writes) == 0 {
		return
	}
	keep := map[*ast.FuncDecl]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && writesIn(fd, writes) {
				keep[fd] = true
			}
		}
	}
	ssaFuncs := ssabuild.Build(pass, keep, ssabuild.All, false)
	decls := declIndex(pass)
	c := &checker{pass: pass, tracer: newTracer(pass, ssaFuncs, decls), decls: decls, codeOnly: true}
	c.returnedRefusals(funcs, writes, ssaFuncs)
	if !report.FactsOnly() {
		c.engineParseCodes(funcs, writes)
	}
}

// declIndex is the package's function declarations by object, indexed on
// first use: one index for a pass's checker and tracer.
func declIndex(pass *analysis.Pass) func() map[*types.Func]*ast.FuncDecl {
	var decls map[*types.Func]*ast.FuncDecl
	return func() map[*types.Func]*ast.FuncDecl {
		if decls == nil {
			decls = funcDecls(pass)
		}
		return decls
	}
}

// funcDecls are the package's function declarations by object.
func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[obj] = fd
				}
			}
		}
	}
	return decls
}
