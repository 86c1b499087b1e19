package sessionversion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/report"
)

// Name is the analyzer's name, in flags and in //mcpvet:ignore directives.
const Name = "sessionversion"

const doc = `report sessions kept, streamed, forwarded or minted where revision 2026-07-28 has none

Protocol revision 2026-07-28 has no sessions and no standalone GET stream.
sessionversion reports, in a package that knows a revision at or after
2026-07-28: resp.Header.Get("Mcp-Session-Id") stored in a field or package
variable that the package echoes on requests, with no test of the
negotiated revision on either side (every adoption path, the
re-initialization after a 404 included); a response's id sent on a request
before the revision test applied to it (a gate placed too late); a GET
stream opened with no revision test on the way to it. In every package: a
proxy that copies an incoming request's headers wholesale and then Adds its
own Mcp-Session-Id or MCP-Protocol-Version (two values upstream), and a
server that sets Mcp-Session-Id on a response to a request it classified
as 2026-07-28, a handler that refuses an initialize because its
protocolVersion is not the one revision expected (it must answer a revision
it supports instead), an HTTP server whose initialize result states a
constant revision while the client's proposal is never read, and a RoundTripper under an MCP client that copies the
downstream caller's headers, kept in the request context, onto the client's
own upstream requests. Adopt ids through protocol.SessionIDForVersion(id,
version) and forward headers through protocol.ForwardHeader(in.Header).`

// Analyzer reports session ids adopted and echoed with no revision check.
var Analyzer = &analysis.Analyzer{
	Name: Name,
	Doc:  doc,
	URL:  "https://github.com/mcpwire/mcpwire#sessionversion",
	Run:  run,
	// relayFact: a function setting a string parameter as a hop header on
	// a request it builds, for callers in other packages; legacySSEFact: a
	// package serving the HTTP+SSE transport, for the packages importing it.
	FactTypes: []analysis.Fact{(*relayFact)(nil), (*legacySSEFact)(nil)},
}

// sessionless is the first revision without sessions; revisions are dates
// in the spec's format and sort as strings.
const sessionless = "2026-07-28"

// versionish names what a test of the negotiated revision reads: the
// version itself, a predicate on it (isModern, HasSessions, usesLegacy), or
// a helper that gates on it (SessionIDForVersion). Broad on purpose: any
// such test near the adoption or the echo means the author thought about
// revisions, and the analyzer stays silent.
var versionish = regexp.MustCompile(`(?i)version|revision|modern|legacy|sessionless|statelessprotocol|hassession`)

// adoption is a store of a response's session id into obj.
type adoption struct {
	obj  types.Object // the field or package variable that keeps the id
	node ast.Node
}

// echo is a request header set from obj.
type echo struct {
	obj  types.Object
	node ast.Node
}

func run(pass *analysis.Pass) (any, error) {
	httpwrite.LearnHeaderVars(pass)
	defer report.Finish(pass)
	exportLegacySSE(pass)
	if !importsNetHTTP(pass.Pkg) {
		// Every shape is an http.Request or ResponseWriter header but the
		// initialize result, which a framework's handler answers too.
		if importsFramework(pass.Pkg) && !report.FactsOnly() {
			c := newChecker(pass)
			c.checkPinnedResults()
			c.checkEchoedProposals()
			c.checkVersionUnread()
			c.checkMissingHeader()
		}
		return nil, nil
	}
	c := newChecker(pass)
	names, knows := readConstants(pass.TypesInfo)
	// These checks export no fact: a unit go vet runs for facts only (a
	// dependency's) needs just the walk's relays below.
	if !report.FactsOnly() {
		c.checkAnyRevision(names)
	}
	// Keeping an id, opening the GET stream and the late gate are wrong
	// only for a client that can negotiate a sessionless revision; a
	// duplicated hop header and a session minted for a request classified
	// sessionless are wrong whatever the package knows. Every shape names
	// Mcp-Session-Id or MCP-Protocol-Version: a package that names neither
	// (most that import net/http) is done.
	if !names {
		return nil, nil
	}
	c.knows = knows
	c.traceDownstream()
	var bodies map[types.Object]bool
	if knows {
		c.summarize()
		bodies = initializeConsts(pass.Pkg)
	}
	for _, f := range pass.Files {
		c.file = f
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.fn, _ = pass.TypesInfo.Defs[fd.Name].(*types.Func)
				c.decl = fd
				c.pinned = c.knows && pinsSessionRevision(pass.TypesInfo, fd.Body, bodies)
				c.params(fd.Type)
				c.walk(fd.Body)
				c.endFunc()
			}
		}
	}
	c.exportRelays()
	c.reportForwards()
	c.reportHeldRelays()
	c.reportMints()
	if !knows {
		return nil, nil
	}
	c.reportLateGates()
	c.reportGETStreams()
	for _, a := range c.adoptions {
		for _, e := range c.echoes {
			if e.obj != a.obj {
				continue
			}
			report.Report(pass, analysis.Diagnostic{
				Pos:      a.node.Pos(),
				End:      a.node.End(),
				Category: "adopted-without-version",
				Message:  "Mcp-Session-Id from a response is kept and echoed with no check of the negotiated revision",
				Related: []analysis.RelatedInformation{{
					Pos: e.node.Pos(), End: e.node.End(),
					Message: "sent on a request here; at 2026-07-28 there are no sessions: adopt the id through protocol.SessionIDForVersion(id, negotiatedVersion)",
				}},
			})
			break
		}
	}
	return nil, nil
}

// checkAnyRevision runs the checks of shapes that are wrong at every
// revision, whatever revision the package knows; names is readConstants'.
func (c *checker) checkAnyRevision(names bool) {
	// A refused version negotiation needs no hop header's name: it is
	// judged in every handler.
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					c.checkNegotiation(n)
					c.checkVersionStatus(n)
				}
			case *ast.FuncLit:
				c.checkNegotiation(n)
				c.checkVersionStatus(n)
			}
			return true
		})
	}
	// An initialize result pinned to one revision is wrong at every
	// revision too.
	c.checkPinnedResults()
	// So is one that echoes whatever the client proposed.
	c.checkEchoedProposals()
	// So is a hand-written server that never reads the revision a
	// request names, and one that refuses a request naming none.
	c.checkVersionUnread()
	c.checkMissingHeader()
	// Downstream headers copied under an MCP client's own upstream session
	// travel through a context and often go unnamed.
	c.checkUpstreamCopies(names)
}

// readConstants reads the package's constant strings, its own or ones it
// imports, once: names reports one that is a hop header's name
// (Mcp-Session-Id, MCP-Protocol-Version, in any case), knows one that is a
// revision at or after 2026-07-28 (a client that can only negotiate
// earlier revisions keeps sessions correctly).
func readConstants(info *types.Info) (names, knows bool) {
	for _, tv := range info.Types {
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		v := constant.StringVal(tv.Value)
		if strings.EqualFold(v, "Mcp-Session-Id") || strings.EqualFold(v, "Mcp-Protocol-Version") {
			names = true
		} else if httpwrite.IsRevision(tv.Value) && v >= sessionless {
			knows = true
		}
		if names && knows {
			break
		}
	}
	return names, knows
}

// pinsSessionRevision reports whether body sends an initialize that pins
// a revision with sessions: a "protocolVersion" key (a map key, a struct
// field ProtocolVersion, or inside a JSON string, literal or a named
// constant) given a revision date before 2026-07-28, and no sessionless
// date anywhere in body. The id
// such a handshake gets back is a session's, rightly kept (a test
// helper that speaks 2025-06-18).
func pinsSessionRevision(info *types.Info, body *ast.BlockStmt, bodies map[types.Object]bool) bool {
	pinned, modern := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			key := ""
			if id, ok := n.Key.(*ast.Ident); ok {
				key = id.Name
			} else if tv, ok := info.Types[n.Key]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				key = constant.StringVal(tv.Value)
			}
			if tv, ok := info.Types[n.Value]; ok && strings.EqualFold(key, "protocolVersion") && httpwrite.IsRevision(tv.Value) && constant.StringVal(tv.Value) < sessionless {
				pinned = true
			}
		case *ast.BasicLit, *ast.Ident:
			// A literal body, or a named constant holding one.
			var v string
			if lit, ok := n.(*ast.BasicLit); ok {
				if lit.Kind != token.STRING {
					return true
				}
				u, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				v = u
			} else if len(bodies) > 0 && bodies[info.Uses[n.(*ast.Ident)]] {
				v = constant.StringVal(info.Uses[n.(*ast.Ident)].(*types.Const).Val())
			} else {
				return true
			}
			for _, m := range dateRE.FindAllString(v, -1) {
				if m >= sessionless {
					modern = true
				} else if strings.Contains(v, `"protocolVersion"`) {
					pinned = true
				}
			}
		}
		return true
	})
	return pinned && !modern
}

// initializeConsts returns the package-level string constants that hold a
// "protocolVersion" key: initialize bodies a function may send by name.
func initializeConsts(pkg *types.Package) map[types.Object]bool {
	var out map[types.Object]bool
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if ok && k.Val().Kind() == constant.String && strings.Contains(constant.StringVal(k.Val()), `"protocolVersion"`) {
			if out == nil {
				out = map[types.Object]bool{}
			}
			out[k] = true
		}
	}
	return out
}

// dateRE finds revision dates inside a string.
var dateRE = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)

type checker struct {
	pass         *analysis.Pass
	fromResponse map[types.Object]bool           // locals holding a response's session id
	mentions     map[types.Object][]types.Object // locals' initializers: the kept ids they read
	adoptions    []adoption
	echoes       []echo
	holds        []hold               // upstream session ids kept beyond a request
	copies       []*headerCopy        // every function's wholesale copies, kept past endFunc
	copyHelpers  map[*types.Func]bool // functions copying every header of one http.Header into another
	relayed      []relayedHop         // hop headers relayed from a downstream request by name
	// down is the downstream hop header a local or parameter holds
	// (downstream.go); downSeen and downMixed mark locals assigned other
	// values too.
	down                map[types.Object]string
	downSeen, downMixed map[types.Object]bool
	downAdopts          []downAdopt
	heldVia             map[*types.Package]bool // packages whose functions called here keep an upstream session (relayFact.Holds)
	holdsIn             map[*types.Package]bool // packages of functions called here that keep an upstream session somewhere (relayFact.PkgHolds)
	handsBack           int                     // 1 when the package hands an upstream response's id (or every header) back to its client, -1 when not, 0 until asked
	ownInit             int                     // 1 when the package builds an initialize of its own, -1 when not, 0 until asked (negotiatesOwn)
	paramFuncs          map[*types.Var]*types.Func
	// requestedVars are, while a handler's negotiation is read, its
	// locals holding the requested protocolVersion.
	requestedVars map[types.Object]bool
	// legacySSE caches servesLegacySSE.
	legacySSE *bool

	// Per function (reset by endFunc): the current declaration, and the
	// ids of this function's locals sent on a request and gated later.
	file       *ast.File
	fn         *types.Func
	decl       *ast.FuncDecl
	knows      bool            // the package knows a sessionless revision
	pinned     bool            // this function's handshake pins a revision with sessions
	nameCache  map[string]bool // isVersionish
	localSends []localSend
	localGates []localGate

	// Package-wide, judged after the walk.
	summaries     map[*types.Func]*summary
	lateGates     []lateGate
	calls         map[*types.Func][]callSite
	getStreams    []*getStream
	gets          map[types.Object]*getStream // request variable -> its GET stream, this function
	incoming      map[types.Object]bool       // handlers' incoming requests
	versionLocals map[types.Object]bool       // locals read from MCP-Protocol-Version
	respHeaders   map[types.Object]bool       // locals holding a response's headers (h := w.Header())
	copiesByOut   map[types.Object]*headerCopy
	dupAdds       []dupAdd
	mints         []mint
}

func newChecker(pass *analysis.Pass) *checker {
	return &checker{
		pass:          pass,
		fromResponse:  map[types.Object]bool{},
		mentions:      map[types.Object][]types.Object{},
		summaries:     map[*types.Func]*summary{},
		calls:         map[*types.Func][]callSite{},
		gets:          map[types.Object]*getStream{},
		incoming:      map[types.Object]bool{},
		versionLocals: map[types.Object]bool{},
		nameCache:     map[string]bool{},
		copiesByOut:   map[types.Object]*headerCopy{},
		respHeaders:   map[types.Object]bool{},
		copyHelpers:   map[*types.Func]bool{},
	}
}

// walk visits body keeping the path from it to each node, so a statement's
// gates (enclosing conditions, earlier branches) can be read off the path.
func (c *checker) walk(body *ast.BlockStmt) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			c.assign(n, stack)
			c.assignShapes(n, stack)
			c.noteHold(n)
			c.noteDownstream(n)
		case *ast.CompositeLit:
			c.noteHold(n)
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					c.define(c.pass.TypesInfo.Defs[name], n.Values[i])
					c.defineShapes(c.pass.TypesInfo.Defs[name], n.Values[i], stack)
				}
			}
		case *ast.CallExpr:
			c.call(n, stack)
			c.callShapes(n, stack)
			c.noteHold(n)
			c.noteRelayedHop(n)
			c.noteDownstream(n)
		case *ast.FuncLit:
			c.params(n.Type)
		case *ast.KeyValueExpr:
			c.proxyHook(n.Key, n.Value, stack)
		case *ast.RangeStmt:
			c.copyLoop(n)
		case *ast.IfStmt:
			c.ifGate(n)
		}
		return true
	})
}

func (c *checker) assign(as *ast.AssignStmt, stack []ast.Node) {
	if len(as.Lhs) != len(as.Rhs) && len(as.Rhs) != 1 {
		return
	}
	for i, lhs := range as.Lhs {
		rhs := as.Rhs[0]
		if len(as.Rhs) == len(as.Lhs) {
			rhs = as.Rhs[i]
		} else if i > 0 {
			continue // v, ok := ... : only the first result carries the value
		}
		obj := c.objectOf(lhs)
		if obj == nil {
			continue
		}
		if kept(obj) {
			if c.isResponseID(rhs) && !c.gated(stack) && !c.pinned {
				c.adoptions = append(c.adoptions, adoption{obj, as})
			}
			continue
		}
		c.define(obj, rhs)
		c.defineShapes(obj, rhs, stack)
	}
}

// define records what local v's value holds: a response's session id, or a
// read of kept ids.
func (c *checker) define(v types.Object, rhs ast.Expr) {
	if v == nil {
		return
	}
	if c.isResponseID(rhs) {
		c.fromResponse[v] = true
	}
	if m := c.read(rhs); len(m) > 0 {
		c.mentions[v] = append(c.mentions[v], m...)
	}
}

func (c *checker) call(call *ast.CallExpr, stack []ast.Node) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	switch sel.Sel.Name {
	case "Store", "Swap":
		// c.sessionID.Store(id) on an atomic.Value or atomic.Pointer field.
		if len(call.Args) != 1 || !c.isResponseID(call.Args[0]) {
			return
		}
		if obj := c.objectOf(sel.X); obj != nil && kept(obj) && !c.gated(stack) {
			c.adoptions = append(c.adoptions, adoption{obj, call})
		}
	case "Set", "Add":
		// req.Header.Set("Mcp-Session-Id", v) on an outgoing request.
		if len(call.Args) != 2 || !c.isSessionKey(call.Args[0]) || !c.isHeaderOf(sel.X, "Request") || c.gated(stack) {
			return
		}
		for _, obj := range c.read(call.Args[1]) {
			c.echoes = append(c.echoes, echo{obj, call})
		}
	}
}

// read returns the kept ids (fields, package variables) e reads, directly
// or through a local defined from them.
func (c *checker) read(e ast.Expr) []types.Object {
	var out []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if obj := c.pass.TypesInfo.Uses[n.Sel]; obj != nil && kept(obj) {
				out = append(out, obj)
			}
		case *ast.Ident:
			if obj := c.pass.TypesInfo.Uses[n]; obj != nil {
				if kept(obj) {
					out = append(out, obj)
				}
				out = append(out, c.mentions[obj]...)
			}
		case *ast.FuncLit:
			return false
		}
		return true
	})
	return out
}

// objectOf is the variable an assignment's left side or a method's receiver
// expression names: a field (x.f), a package variable or a local.
func (c *checker) objectOf(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return c.pass.TypesInfo.Uses[e.Sel]
	case *ast.Ident:
		if obj := c.pass.TypesInfo.Defs[e]; obj != nil {
			return obj
		}
		return c.pass.TypesInfo.Uses[e]
	}
	return nil
}

// kept reports whether v outlives the function storing into it: a struct
// field or a package-level variable.
func kept(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	return v.IsField() || (v.Pkg() != nil && v.Parent() == v.Pkg().Scope())
}

// isResponseID reports whether e is X.Header.Get(K) with X an
// http.Response and K the Mcp-Session-Id header, or a local holding one.
func (c *checker) isResponseID(e ast.Expr) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		return c.fromResponse[c.pass.TypesInfo.Uses[id]]
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if s := c.summaries[c.callee(call)]; s != nil && s.returnsID {
		return true // a helper of this package that returns a response's id
	}
	if len(call.Args) != 1 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Get" && c.isSessionKey(call.Args[0]) && c.isHeaderOf(sel.X, "Response")
}

// isHeaderOf reports whether e is X.Header with X a net/http value (or
// pointer) of the named type.
func (c *checker) isHeaderOf(e ast.Expr, typeName string) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Header" {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == typeName
}

func (c *checker) isSessionKey(e ast.Expr) bool {
	tv := c.pass.TypesInfo.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && strings.EqualFold(constant.StringVal(tv.Value), "Mcp-Session-Id")
}

// gated reports whether the statement at the end of stack runs only under a
// test of the revision: inside an if or case whose condition reads one, or
// after an if of an enclosing block that reads one (typically an early
// return for the sessionless revision).
func (c *checker) gated(stack []ast.Node) bool {
	return guarded(stack, c.readsVersion)
}

// guarded reports whether test holds for a condition the statement at the
// end of stack runs under: an enclosing if or case, a switch tag, an earlier
// if of an enclosing block, or the left operand of an enclosing &&.
func guarded(stack []ast.Node, test func(ast.Expr) bool) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch n := stack[i].(type) {
		case *ast.IfStmt:
			if child != n.Init && child != n.Cond && test(n.Cond) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if test(e) {
					return true
				}
			}
			if earlierGate(n.Body, child, test) {
				return true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && child == n.Body && test(n.Tag) {
				return true
			}
		case *ast.BlockStmt:
			if earlierGate(n.List, child, test) {
				return true
			}
		case *ast.BinaryExpr:
			// x != "" && !modern && ... as an expression statement's
			// operand: the right side runs only when the left holds.
			if n.Op == token.LAND && child == n.Y && test(n.X) {
				return true
			}
		}
	}
	return false
}

// earlierGate reports whether an if before child in stmts passes test.
func earlierGate(stmts []ast.Stmt, child ast.Node, test func(ast.Expr) bool) bool {
	for _, s := range stmts {
		if s == child {
			return false
		}
		if is, ok := s.(*ast.IfStmt); ok && test(is.Cond) {
			return true
		}
	}
	return false
}

// readsVersion reports whether e names something versionish or holds a
// revision constant.
func (c *checker) readsVersion(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			found = c.isVersionish(n.Name) || httpwrite.IsRevision(c.pass.TypesInfo.Types[n].Value)
		case ast.Expr:
			found = httpwrite.IsRevision(c.pass.TypesInfo.Types[n].Value)
		}
		return !found
	})
	return found
}

// importsFramework reports whether pkg imports a web framework whose
// handlers answer through its context.
func importsFramework(pkg *types.Package) bool {
	for _, p := range pkg.Imports() {
		if slices.Contains(httpwrite.FrameworkPkgs, p.Path()) {
			return true
		}
	}
	return false
}

func importsNetHTTP(pkg *types.Package) bool {
	for _, p := range pkg.Imports() {
		if p.Path() == "net/http" {
			return true
		}
	}
	return false
}
