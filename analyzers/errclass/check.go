package errclass

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpwire/mcpwire/analyzers/internal/answers"
	"github.com/mcpwire/mcpwire/analyzers/internal/httpwrite"
	"github.com/mcpwire/mcpwire/analyzers/internal/session"
)

// function judges the answers written in one function.
func (c *checker) function(fn *ssa.Function, body *ast.BlockStmt, writes []*answers.Answer) {
	if len(writes) == 0 {
		return
	}
	limited, checksLimit := c.bodyLimit(body)
	for _, w := range writes {
		c.write(fn, body, writes, w, limited && !checksLimit)
	}
}

func (c *checker) write(fn *ssa.Function, body *ast.BlockStmt, writes []*answers.Answer, a *answers.Answer, unlimitedCheck bool) {
	w := a.Write
	info := c.pass.TypesInfo
	if !httpwrite.Delivered(info, body, w) {
		// Built and never written, returned or handed on: not an answer.
		return
	}
	if w.HasCode && w.Code == 0 && (w.CodeExpr != nil || w.Kind == httpwrite.ErrorObject || w.CodeNode != nil) && !c.codeSetLater(w) {
		at := w.CodeExpr
		var node ast.Node = at
		if at == nil {
			node = w.Node
			if w.CodeNode != nil {
				node = w.CodeNode
			}
		}
		c.report(node, catCodeZero, nil, nil,
			"JSON-RPC error with code 0, which tells the client nothing: set a code (-32603 server, -32600 client)")
		return
	}
	if w.HasCode && w.Code == httpwrite.CodeParseError && !a.HasSession {
		causes := w.Causes
		if len(causes) == 0 {
			causes, _ = guard(info, w.Stack)
		}
		for _, e := range causes {
			if call := c.wrongShape(body, e, w.Node.Pos()); call != nil {
				c.report(w.Node, catWrongShape, []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "decodes bytes that are already JSON"}}, nil,
					"answers -32700 (Parse error) when bytes that already decoded as JSON do not fit: answer -32600 (-32602 for params)")
				return
			}
		}
		var origins []origin
		for _, e := range causes {
			for _, o := range c.originsOf(fn, e) {
				if o.shape {
					c.report(w.Node, catWrongShape, o.related("decodes a member that already parsed as JSON: "+o.name), nil,
						"answers -32700 (Parse error) for an error that can come from params of the wrong shape: answer -32602")
					return
				}
				origins = append(origins, o)
			}
		}
		if len(causes) == 0 {
			if at := decodedMemberTest(info, body, w, c.engineParams(fn)); at != nil {
				c.report(w.Node, catWrongShape, []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "tests a message that decoded"}}, nil,
					"answers -32700 (Parse error) to JSON that decoded but is not a valid request: answer -32600")
				return
			}
		} else if len(origins) == 0 {
			if call := bytelessCall(info, body, w); call != nil {
				c.report(w.Node, catNotDecode, []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "handed none of the request's bytes"}}, nil,
					"answers -32700 (Parse error) for an error of %s, which parses none of the request's bytes: answer -32603", types.ExprString(call.Fun))
				return
			}
		}
		if len(origins) == 0 && c.inErrorHandler(fn) {
			c.report(w.Node, catNotDecode, nil, nil,
				"answers -32700 (Parse error) in a reverse proxy's ErrorHandler: its error is a failed round trip, not a parse; answer 502")
			return
		}
	}
	if c.unknownMethod(w) || c.unknownTool(body, w) {
		return
	}
	if c.codeOnly {
		// A dispatcher handed the body's bytes builds the -32700 the
		// transport writes: its code is judged here.
		if !c.typedDecodeParse(fn, body, a) && !c.paramsCode(fn, body, a) {
			c.envelopeParams(fn, body, a)
		}
		return
	}
	if c.refusal(fn, body, writes, a) {
		return
	}
	if c.typedDecodeParse(fn, body, a) || c.paramsCode(fn, body, a) || c.envelopeParams(fn, body, a) {
		return
	}
	if w.HasCode && w.Code == httpwrite.CodeInternalError && w.Status < 400 && methodRefused(info, w.Stack) {
		c.report(w.Node, catClientAsServer, nil, nil,
			"answers -32603 (Internal error) to a request whose HTTP method the endpoint does not serve, the client's: answer 405 with Allow")
		return
	}
	if c.serving && !a.HasSession && w.HasCode && w.Code == httpwrite.CodeMethodNotFound {
		// -32601 names a JSON-RPC method the server does not have; an
		// HTTP method the endpoint does not serve is the transport's
		// refusal, whatever status goes with it.
		if r, ok := refusedRow(info, body, w.Stack); ok && r == rowMethod {
			c.report(w.Node, catRowStatus, nil, nil,
				"answers -32601 (Method not found) to an HTTP method the endpoint does not serve: answer 405 with -32000")
			return
		}
	}
	if c.serving && !a.HasSession && w.Status >= 400 && w.Status < 500 {
		if r, ok := refusedRow(info, body, w.Stack); ok && w.Status != r.status && !(r == rowMethod && idDecidedBefore(info, body, w.Stack)) {
			msg := "answers %d to %s: answer %s"
			if r == rowMethod {
				msg += " with Allow"
			}
			c.report(w.Node, catRowStatus, nil, nil, msg, w.Status, r.what, r.name)
			return
		}
	}
	// A failure making the session is the more precise reading of an
	// initialize's refusal.
	if c.serving && !a.HasSession {
		if call := c.createFailure(body, w); call != nil {
			c.report(w.Node, catCreateFailedOK, []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "makes the session whose id the answer carries"}}, nil,
				"answers a failure making the session with a success status: that is the server's own failure, answer 500 with -32603")
			return
		}
	}
	if c.serving && !a.HasSession {
		if ok, related := c.initRefusal(body, writes, w, func() bool { return c.isInitOnly(fn.Object()) }); ok {
			c.report(w.Node, catInitRefusalOK, related, nil,
				"answers an initialize the server refused with a success status: a refused handshake is 400 (500 for the server's own failure)")
			return
		}
	}
	if c.serving && !a.HasSession && (c.unconfiguredWith200(fn, body, w) || c.stateBeforeDispatch(fn, body, w) || c.upstreamWith200(fn, body, w)) {
		return
	}
	// -32603 with 200 still blames the server: judged only against the
	// client's own bytes.
	if w.Status != 0 && w.Status < 400 && w.HasCode && w.Code == httpwrite.CodeInternalError && !a.HasSession {
		c.clientFaultAsInternal(fn, body, w)
		return
	}
	// -32600 with 200 still claims the request was malformed: judged
	// below against the server's own failures.
	if w.Status != 0 && w.Status < 400 && !(w.HasCode && w.Code == httpwrite.CodeInvalidRequest) {
		return
	}

	causes, tooLarge := w.Causes, false
	if len(causes) == 0 {
		causes, tooLarge = guard(info, w.Stack)
	} else if kindPicked(info, w.Stack) {
		// http.Error(w, err.Error(), 400) under err == ErrNotFound:
		// the message names the error the test picked.
		causes = nil
	}

	if !tooLarge && w.Status >= 400 && w.Status < 500 && w.Status != 413 && overLimit(info, body, w.Stack) {
		c.report(w.Node, catBodyLimit, nil, c.statusFix(w, 413, "http.StatusRequestEntityTooLarge"),
			"answers %d to a body over its size limit: answer 413", w.Status)
		return
	}
	if tooLarge && w.Status != 0 && w.Status != 413 {
		c.report(w.Node, catBodyLimit, nil, c.statusFix(w, 413, "http.StatusRequestEntityTooLarge"),
			"answers %d to a body over the http.MaxBytesReader limit: answer 413", w.Status)
		return
	}

	// An answer to a session-id refusal (no id, an unknown id, a failed
	// store lookup of it) is about the session: its status is
	// sessionstatus's to judge (404, which errclass's "500 for a store
	// failure" would contradict); its code must not claim a parse error.
	parse := w.HasCode && w.Code == httpwrite.CodeParseError
	if a.HasSession {
		if o := c.ownFailureUnder(fn, causes, w); o != nil && o.full {
			c.report(w.Node, catServerFailure, o.related("the server's own state: "+o.name), nil,
				"answers %d when the session lookup fails, also when %s: answer that one 503", w.Status, o.headline())
			return
		} else if o != nil {
			c.report(w.Node, catServerFailure, o.related("the server-side failure: "+o.name), nil,
				"answers %d when the session lookup fails, also when %s fails, a server-side failure: answer that one 500", w.Status, o.headline())
			return
		}
		switch {
		case !parse && w.HasCode && w.Code == httpwrite.CodeInternalError && w.Status >= 400 && w.Status < 500:
			// -32603 says the server failed; a session refusal is the
			// client's condition, whatever status it gets.
			if !c.helperMismatch(w) {
				c.report(w.Node, catMismatch, nil, nil,
					"pairs -32603 (Internal error) with HTTP %d: a server failure is 500; a client fault needs a client code", w.Status)
			}
		case !parse:
		case a.Session.Kind == session.Missing:
			c.report(w.Node, catSessionCode, nil, c.codeFix(w, "-32000", "x.CodeServerError"),
				"answers -32700 (Parse error) to a request without Mcp-Session-Id: answer 400 with -32000")
		default:
			c.report(w.Node, catSessionCode, lookupRelated(a), c.codeFix(w, "-32001", "x.CodeSessionNotFound"),
				"answers -32700 (Parse error) to an unknown or expired Mcp-Session-Id (%s): answer 404 with -32001", a.Session.What)
		}
		return
	}

	origins := c.originsOfAll(fn, causes)
	if len(causes) == 0 {
		if o := stateDown(info, w.Stack); o != nil {
			origins = append(origins, *o)
		} else if o := pickedSentinel(info, w.Stack); o != nil {
			origins = append(origins, *o)
		}
	}

	// The body-too-large row is MCP's: a REST route of the same program
	// answering its own oversized body 400 is not judged.
	if unlimitedCheck && !tooLarge && w.Status >= 400 && w.Status < 500 && w.Status != 413 && c.speaksMCP(writes, body) {
		for _, o := range origins {
			if o.body {
				c.report(w.Node, catBodyLimit, o.related("fails with *http.MaxBytesError over the limit"), nil,
					"answers %d when %s fails, also for a body over the MaxBytesReader limit (that is 413)", w.Status, o.name)
				return
			}
		}
	}

	if c.maxBytes413(w, origins, unlimitedCheck && !tooLarge) {
		return
	}
	if parse && len(origins) > 0 && !slices.ContainsFunc(origins, func(o origin) bool { return o.kind != read }) {
		// Every error the answer can report is the body's read failing
		// (the client went away, broken chunking, a size limit): no byte
		// was judged, so -32700 claims what did not happen.
		c.report(w.Node, catReadParse, origins[0].related("the body read: "+origins[0].name), nil,
			"answers -32700 (Parse error) when reading the body fails (%s): nothing was parsed; answer 400 with -32000", origins[0].name)
		return
	}

	status := w.Status
	if status == 0 && w.StatusExpr != nil {
		status = defaultStatus(info, body, w.StatusExpr)
	}
	serverCode := w.HasCode && w.Code == httpwrite.CodeInternalError
	if (serverCode && (status == 0 || status >= 500) || status >= 500 && speaksJSONRPC(writes)) && c.clientFault(body, w, causes, origins, serverWhat(serverCode, status)) {
		return
	}
	if (serverCode && status == 0 || status >= 500) && c.decodeHandedUp(body, writes, w, causes, origins, serverWhat(serverCode, status)) {
		return
	}
	if w.HasCode && w.Code == httpwrite.CodeInvalidRequest && syntaxOnlyDecode(info, body, origins) {
		c.report(w.Node, catNotJSONInvalid, origins[0].related("decodes into a value any JSON fits: "+origins[0].name), nil,
			"answers -32600 (Invalid Request) when the request body is not JSON (any JSON fits the target): answer -32700")
		return
	}
	if (serverCode && (status == 0 || status >= 500) || status >= 500 && c.speaksMCP(writes, body)) && bodyReadOnly(info, body, origins) {
		what := fmt.Sprintf("HTTP %d", status)
		var fixes []analysis.SuggestedFix
		if serverCode {
			what = "-32603 (Internal error)"
		} else if limited, _ := c.bodyLimit(body); !limited && w.Status == status {
			// Over a MaxBytesReader limit the answer is 413, which
			// the function must first tell apart: no one edit then.
			fixes = c.statusFix(w, 400, "http.StatusBadRequest")
		}
		c.report(w.Node, catClientAsServer, origins[0].related("the request body's read: "+origins[0].name), fixes,
			"answers %s when reading the request body fails, the client's fault: answer 400 (413 over a size limit)", what)
		return
	}

	var in *origin
	for i := range origins {
		if origins[i].kind == internal {
			in = &origins[i]
			break
		}
	}
	// -32600 says the request was malformed. Judged only when every
	// error the answer can report is the server's: a lookup keyed by the
	// client's input that fails with "not found" is the client's.
	invalid := w.HasCode && w.Code == httpwrite.CodeInvalidRequest && (status == 0 || status == 400 || status == 200) &&
		len(origins) > 0 && !slices.ContainsFunc(origins, func(o origin) bool { return o.kind != internal })
	// -32602 says the client's params are wrong, and an unknown tool or
	// prompt the client named is -32602 too. Judged only when every error
	// is the server's: its own (a random source, not an encoding, which
	// may be of the params themselves), the
	// network's, or a store's (a database, a keyed lookup of an
	// interface) once its not-found was told apart and answered before.
	// Any other interface method may be handed the params and fail on
	// them (a tool run).
	params := w.HasCode && w.Code == httpwrite.CodeInvalidParams && len(origins) > 0 &&
		!slices.ContainsFunc(origins, func(o origin) bool {
			if o.kind != internal {
				return true
			}
			if o.encode {
				return true
			}
			if o.own || o.upstream {
				return false
			}
			return o.recv != "" && !o.lookup || !notFoundApart(info, body, causes, w)
		})
	if in != nil && !parse && !invalid && !params && c.answersHTML(body, w) {
		return
	}
	if in != nil && (parse || invalid || params || c.serving && (status == 400 || refusesClient(status) && !sessionLookup(origins))) {
		what := fmt.Sprint(status)
		switch {
		case params && status == 400:
			what = "400 with -32602 (Invalid params)"
		case params:
			what = "-32602 (Invalid params)"
		case invalid && status == 400:
			what = "400 with -32600 (Invalid Request)"
		case invalid:
			what = "-32600 (Invalid Request)"
		case parse && w.Status != 0:
			what = fmt.Sprintf("%d with -32700 (Parse error)", w.Status)
		case parse:
			what = "-32700 (Parse error)"
		}
		// An error that may also be the client's (a helper that decodes
		// and stores) needs telling apart, not a blanket 500: say "can".
		from := "an error from"
		for _, o := range origins {
			if o.kind != internal {
				from = "an error that can come from"
				break
			}
		}
		if in.state {
			from = "the server's own state,"
		}
		fix := c.internalFix(w, in.upstream)
		if invalid || params || status != w.Status {
			// The code or the status is not a constant of the answer's
			// own: no mechanical edit.
			fix = nil
		}
		switch {
		case in.reply:
			c.report(w.Node, catServerFailure, in.related("reads the upstream's reply: "+in.name), fix,
				"answers %s when the upstream's reply fails %s, not the client's bytes: answer 502", what, in.headline())
			return
		case in.upstream:
			c.report(w.Node, catServerFailure, in.related("the upstream's failure: "+in.name), fix,
				"answers %s for %s %s, the upstream's failure: answer 502", what, from, in.headline())
			return
		}
		answer := "500"
		if in.full {
			answer = "503"
		}
		if params && status != 400 {
			// A method's failure may ride on 200; its code is what lies.
			answer = "-32603"
		}
		c.report(w.Node, catServerFailure, in.related("the server-side failure: "+in.name), fix,
			"answers %s for %s %s, a server-side failure: answer %s", what, from, in.headline(), answer)
		return
	}

	if w.HasCode && w.Status != 0 {
		switch {
		case w.Code == httpwrite.CodeInternalError && w.Status >= 400 && w.Status < 500:
			if c.helperMismatch(w) {
				return
			}
			c.report(w.Node, catMismatch, nil, nil,
				"pairs -32603 (Internal error) with HTTP %d: a server failure is 500; a client fault needs a client code", w.Status)
		case (w.Code == httpwrite.CodeParseError || w.Code == httpwrite.CodeInvalidRequest) && w.Status >= 500:
			c.report(w.Node, catMismatch, nil, nil,
				"pairs %d (%s) with HTTP %d: that code is a client fault (400); a server failure is -32603",
				w.Code, codeName(w.Code), w.Status)
		}
	}
}

// refusesClient reports a status that tells the client the resource its
// request named is not there (404) or not its own (403). Under an error
// that can come from a server-side failure, that answer blames the client
// for the server's. Judged on an MCP endpoint only (the function answers
// JSON-RPC or names MCP's headers): a REST route's 404 for a failed lookup
// is its own convention. A 401 is not judged: a credential check that
// reaches an identity provider fails mostly on the client's token, and
// whether its outage is a 401 or a 500 is the deployment's call.
func refusesClient(status int) bool {
	return status == 403 || status == 404
}

// sessionLookup reports an error from a lookup of a session (the call
// names one: s.sessions.Get, store.LoadSession), whatever carries its id
// (the Mcp-Session-Id header, the 2024-11-05 transport's sessionId query).
// A session the store cannot produce is answered 404 so the client starts
// over; whether its outage deserves a 5xx instead is sessionstatus's to
// say, not a server failure blamed on the client.
func sessionLookup(origins []origin) bool {
	for _, o := range origins {
		if o.kind == internal && !o.full && (strings.Contains(strings.ToLower(o.name), "session") || strings.Contains(strings.ToLower(o.recv), "session")) {
			return true
		}
	}
	return false
}

func isConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

func codeName(code int64) string {
	if code == httpwrite.CodeParseError {
		return "Parse error"
	}
	return "Invalid Request"
}

// originsOf traces the error expression e in fn to the calls it comes from.
func (c *checker) originsOf(fn *ssa.Function, e ast.Expr) []origin {
	e = ast.Unparen(e)
	v, isAddr := fn.ValueForExpr(e)
	if v == nil {
		return nil
	}
	seen := map[ssa.Value]bool{}
	if isAddr {
		// The variable itself (a captured one, kept in memory): the
		// stores that reach where e is evaluated.
		alloc, ok := v.(*ssa.Alloc)
		ref := debugRef(fn, e)
		if !ok || ref == nil {
			return nil
		}
		return c.tracer.reaching(alloc, ref, seen)
	}
	return c.tracer.origins(v, seen)
}

// guard returns the error an answer is about when the answer does not name
// it: the error tested by the innermost enclosing if that tests one
// (err != nil, r := recover(); r != nil, or err == nil with the answer in
// the else branch). tooLarge reports an errors.As against
// *http.MaxBytesError. Under errors.Is or another errors.As the answer is
// about one kind of error, not about where errors come from: no cause.
func guard(info *types.Info, stack []ast.Node) (causes []ast.Expr, tooLarge bool) {
	if sortedByKind(info, stack) {
		return nil, false
	}
	if causes, decided := caseGuard(info, stack); decided {
		return causes, false
	}
	for ifs, inThen := range httpwrite.EnclosingIfs(stack) {
		// if _, ok := errors.AsType[*http.MaxBytesError](err); ok
		if inThen && ifs.Init != nil {
			if as, ok := ifs.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && asTypeMaxBytes(info, call) && len(call.Args) == 1 {
					return []ast.Expr{call.Args[0]}, true
				}
			}
		}
		// if _, ok := err.(clientError); ok: one kind of error, as
		// errors.As picks it.
		narrowed := assertsType(ifs) || inThen && kindsOnly(info, ifs.Cond)
		for _, term := range httpwrite.Terms(ifs.Cond, inThen) {
			switch cond := term.E.(type) {
			case *ast.BinaryExpr:
				if picksKind(info, term) {
					// err == ErrNotFound: one kind, as errors.Is.
					narrowed = true
					continue
				}
				// err != nil holds, or err == nil does not.
				if (cond.Op == token.NEQ) != term.Truth || (cond.Op != token.NEQ && cond.Op != token.EQL) {
					continue
				}
				x, y := ast.Unparen(cond.X), ast.Unparen(cond.Y)
				if isNil(info, x) {
					x, y = y, x
				}
				if isNil(info, y) && errorLike(info.TypeOf(x)) {
					causes = append(causes, x)
				}
			case *ast.CallExpr:
				if !term.Truth {
					continue
				}
				fn := httpwrite.Callee(info, cond)
				if (httpwrite.IsFunc(fn, httpwrite.PkgErrors, "As") || httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Is")) && len(cond.Args) == 2 {
					if fn.Name() == "As" && isMaxBytesTarget(info, cond.Args[1]) {
						return []ast.Expr{cond.Args[0]}, true
					}
					// errors.Is(err, ErrUnknownEventID) picks one
					// kind of failure out of many: the answer is
					// about that kind, whatever the error's origin
					// (a store reporting the client's bad input).
					narrowed = true
				}
			}
		}
		if narrowed {
			return nil, false
		}
		if len(causes) == 0 && inThen {
			// if err != nil || !ok: the branch runs for every error,
			// whatever else may also take it.
			causes = nonNilDisjuncts(info, ifs.Cond)
		}
		if len(causes) > 0 {
			return causes, tooLarge
		}
	}
	return nil, false
}

// nonNilDisjuncts are the errors x of the x != nil disjuncts of a
// condition that is a disjunction (a || b): any one of them non-nil takes
// the branch.
func nonNilDisjuncts(info *types.Info, cond ast.Expr) []ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.LOR {
		return nil
	}
	var out []ast.Expr
	for _, side := range []ast.Expr{b.X, b.Y} {
		if more := nonNilDisjuncts(info, side); more != nil {
			out = append(out, more...)
			continue
		}
		t, ok := ast.Unparen(side).(*ast.BinaryExpr)
		if !ok || t.Op != token.NEQ {
			continue
		}
		x, y := ast.Unparen(t.X), ast.Unparen(t.Y)
		if isNil(info, x) {
			x, y = y, x
		}
		if isNil(info, y) && errorLike(info.TypeOf(x)) {
			out = append(out, x)
		}
	}
	return out
}

// sortedByKind reports an answer in a case of a type switch on an error
// (case *clientError:) or of a switch whose cases call errors.Is or
// errors.As or name sentinels, or after an if that returned for every
// error but one kind: the code tells kinds of errors apart there, and the
// answer is about the kind its case picked.
func sortedByKind(info *types.Info, stack []ast.Node) bool {
	if excludedBefore(info, stack) {
		return true
	}
	for i, n := range stack {
		if caseOfKind(info, stack, i) {
			return true
		}
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			return true
		case *ast.CaseClause:
			for _, e := range n.List {
				if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
					fn := httpwrite.Callee(info, call)
					if httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Is") || httpwrite.IsFunc(fn, httpwrite.PkgErrors, "As") {
						return true
					}
				}
			}
		}
	}
	return false
}

// assertsType reports an if whose init or condition asserts a type
// (_, ok := err.(T); ok), picking one kind of error.
func assertsType(ifs *ast.IfStmt) bool {
	found := false
	check := func(n ast.Node) {
		if n == nil {
			return
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if _, ok := n.(*ast.TypeAssertExpr); ok {
				found = true
			}
			_, isLit := n.(*ast.FuncLit)
			return !found && !isLit
		})
	}
	check(ifs.Init)
	check(ifs.Cond)
	return found
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// errorLike is an error, or the empty interface recover() returns.
func errorLike(t types.Type) bool {
	if t == nil {
		return false
	}
	if httpwrite.IsErrorType(t) {
		return true
	}
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// isMaxBytesTarget reports whether e, the target of errors.As, points at a
// *http.MaxBytesError.
func isMaxBytesTarget(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	return httpwrite.IsNamed(p.Elem(), httpwrite.PkgHTTP, "MaxBytesError")
}

// bodyLimit reports whether body wraps a request body with
// http.MaxBytesReader, and whether it tells the limit error apart with
// errors.As against *http.MaxBytesError (or hands errors to
// protocol.AsError or protocol.WriteError, which do).
func (c *checker) bodyLimit(body *ast.BlockStmt) (limited, checks bool) {
	info := c.pass.TypesInfo
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := httpwrite.Callee(info, call)
		switch {
		case httpwrite.IsFunc(fn, httpwrite.PkgHTTP, "MaxBytesReader"):
			limited = true
		case httpwrite.IsFunc(fn, httpwrite.PkgErrors, "As") && len(call.Args) == 2 && isMaxBytesTarget(info, call.Args[1]),
			asTypeMaxBytes(info, call):
			checks = true
		case httpwrite.IsFunc(fn, httpwrite.PkgProtocol, "AsError"), httpwrite.IsFunc(fn, httpwrite.PkgProtocol, "WriteError"):
			checks = true
		}
		return true
	})
	return limited, checks
}

// Categories of errclass findings (Diagnostic.Category): SARIF and editors
// group and filter by them.
const (
	catServerFailure      = "server-failure-as-client-error" // 400 or -32700 for a server-side failure
	catClientAsServer     = "client-input-as-server-failure" // 500 or -32603 for the request body not decoding
	catMismatch           = "status-code-mismatch"           // a status and a code that contradict
	catCodeZero           = "code-zero"                      // JSON-RPC code 0
	catBodyLimit          = "body-limit"                     // a body over the limit not answered 413
	catSessionCode        = "session-parse-error"            // -32700 for a session-id refusal
	catRefusalOK          = "refusal-with-200"               // -32700 or -32600 written with HTTP 200
	catReadParse          = "read-as-parse-error"            // -32700 for a body that could not be read
	catWrongShape         = "wrong-shape-as-parse-error"     // -32700 for JSON that decoded but does not fit
	catNotDecode          = "not-a-decode-as-parse-error"    // -32700 for an error of a call given none of the request's bytes
	catNotJSONInvalid     = "not-json-as-invalid-request"    // -32600 for bytes that are not JSON
	catTypedDecode        = "typed-decode-parse"             // -32700 for every failure of a decode valid JSON can fail
	catTypedDecodeInvalid = "typed-decode-invalid"           // -32600 for every failure of such a decode, bytes that are not JSON too
	catParamsCode         = "params-decode-code"             // a code other than -32602 for params that do not decode
	catEnvelopeParams     = "envelope-decode-params"         // -32602 for the body's own decode into the message
)

// clientFaultAsInternal judges an answer with -32603 and a status under
// 400 (status < 400 returns early for every other rule): only against
// the client's own bytes, the one cause a -32603 after dispatch (a tool's
// failure, riding on 200) cannot have: their decode, a test of what they
// decoded into, or their read.
func (c *checker) clientFaultAsInternal(fn *ssa.Function, body *ast.BlockStmt, w *httpwrite.Write) {
	causes := w.Causes
	if len(causes) == 0 {
		causes, _ = guard(c.pass.TypesInfo, w.Stack)
	}
	origins := c.originsOfAll(fn, causes)
	if c.clientFault(body, w, causes, origins, "-32603 (Internal error)") {
		return
	}
	if bodyReadOnly(c.pass.TypesInfo, body, origins) {
		c.report(w.Node, catClientAsServer, origins[0].related("the request body's read: "+origins[0].name), nil,
			"answers -32603 (Internal error) when reading the request body fails, the client's fault: answer 400 (413 over a size limit)")
	}
}

// clientFault reports a server-side answer (what) to a fault of the
// client's own request: its body did not decode (every origin of the
// error is that decode), or it decoded and the one test above the answer
// reads only its members (not JSON-RPC: no method, a wrong version).
func (c *checker) clientFault(body *ast.BlockStmt, w *httpwrite.Write, causes []ast.Expr, origins []origin, what string) bool {
	info := c.pass.TypesInfo
	if bodyDecodeOnly(info, body, origins) {
		c.report(w.Node, catClientAsServer, origins[0].related("the request body's decode: "+origins[0].name), nil,
			"answers %s when the request body does not decode, the client's fault: answer 400 with -32700", what)
		return true
	}
	if len(causes) > 0 {
		return false
	}
	if at := decodedMemberTest(info, body, w, nil); at != nil {
		c.report(w.Node, catClientAsServer, []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "tests a message that decoded"}}, nil,
			"answers %s to JSON that decoded but is not a valid request (the client's fault): answer 400, -32600", what)
		return true
	}
	return false
}

// serverWhat names a server-side answer in a message: its status, its
// -32603, or both.
func serverWhat(serverCode bool, status int) string {
	switch {
	case serverCode && status >= 500:
		return fmt.Sprintf("%d with -32603 (Internal error)", status)
	case serverCode:
		return "-32603 (Internal error)"
	}
	return fmt.Sprintf("HTTP %d", status)
}

func (c *checker) report(n ast.Node, category string, related []analysis.RelatedInformation, fixes []analysis.SuggestedFix, format string, args ...any) {
	c.reportRange(n, category, related, fixes, format, args...)
}

// lookupRelated points at the session lookup an answer's condition tests.
func lookupRelated(a *answers.Answer) []analysis.RelatedInformation {
	if !a.Session.Pos.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: a.Session.Pos, Message: "the session lookup: " + a.Session.What}}
}

// codeSetLater reports an error object built without a code whose Code
// field the function sets afterwards (result := &WireError{Message: m};
// ... result.Code = wrapped.Code): it may still go out as 0, but only on a
// path errclass cannot see.
func (c *checker) codeSetLater(w *httpwrite.Write) bool {
	if w.CodeExpr != nil || len(w.Stack) == 0 {
		return false
	}
	lit := w.Node
	if w.CodeNode != nil {
		lit = w.CodeNode
	}
	t := c.pass.TypesInfo.TypeOf(lit.(ast.Expr))
	if t == nil {
		return false
	}
	set := false
	ast.Inspect(w.Stack[0], func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || set {
			return !set
		}
		for _, l := range as.Lhs {
			sel, ok := l.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Code" {
				continue
			}
			if xt := c.pass.TypesInfo.TypeOf(sel.X); xt != nil && (types.Identical(xt, t) || types.Identical(xt, types.NewPointer(t))) {
				set = true
			}
		}
		return true
	})
	return set
}

// helperMismatch defers the -32603-with-4xx finding of a call to a helper
// of this package that fixes -32603 itself and takes the status from its
// caller: the root cause is the helper, reported once (reportHelpers) with
// its call sites as related positions, not once per caller.
func (c *checker) helperMismatch(w *httpwrite.Write) bool {
	if w.Kind != httpwrite.Helper {
		return false
	}
	call, ok := w.Node.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	sink := c.sinkOf(fn)
	if sink == nil || sink.StatusArg == 0 || sink.CodeArg != 0 || !sink.HasCode || sink.Code != httpwrite.CodeInternalError {
		return false
	}
	if c.helpers == nil {
		c.helpers = map[*types.Func][]*httpwrite.Write{}
	}
	if _, seen := c.helpers[fn]; !seen {
		c.helperOrder = append(c.helperOrder, fn)
	}
	c.helpers[fn] = append(c.helpers[fn], w)
	return true
}

// reportHelpers reports each helper helperMismatch collected, once, at its
// name, with every call that passes it a 4xx.
func (c *checker) reportHelpers() {
	for _, fn := range c.helperOrder {
		ws := c.helpers[fn]
		var related []analysis.RelatedInformation
		statuses := map[int]bool{}
		for _, w := range ws {
			statuses[w.Status] = true
			related = append(related, analysis.RelatedInformation{Pos: w.Node.Pos(), End: w.Node.End(), Message: fmt.Sprintf("called with HTTP %d", w.Status)})
		}
		what := fmt.Sprintf("HTTP %d", ws[0].Status)
		if len(statuses) > 1 {
			what = "the 4xx statuses"
		}
		calls := "1 call"
		if len(ws) > 1 {
			calls = fmt.Sprintf("%d calls", len(ws))
		}
		c.reportRange(nameRange(c.pass, fn), catMismatch, related, nil,
			"%s pairs -32603 (Internal error) with %s its callers pass (%s): a client fault needs a client code", fn.Name(), what, calls)
	}
}

// nameRange is the range of fn's name in its declaration.
func nameRange(pass *analysis.Pass, fn *types.Func) analysis.Range {
	return posRange{fn.Pos(), fn.Pos() + token.Pos(len(fn.Name()))}
}

type posRange struct{ pos, end token.Pos }

func (r posRange) Pos() token.Pos { return r.pos }
func (r posRange) End() token.Pos { return r.end }

// asTypeMaxBytes reports errors.AsType[*http.MaxBytesError](err).
func asTypeMaxBytes(info *types.Info, call *ast.CallExpr) bool {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.IndexExpr:
		if sel, ok := f.X.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
	case *ast.SelectorExpr:
		id = f.Sel
	}
	if id == nil {
		return false
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || !httpwrite.IsFunc(fn.Origin(), httpwrite.PkgErrors, "AsType") {
		return false
	}
	inst, ok := info.Instances[id]
	if !ok || inst.TypeArgs.Len() != 1 {
		return false
	}
	p, ok := inst.TypeArgs.At(0).(*types.Pointer)
	return ok && httpwrite.IsNamed(p.Elem(), httpwrite.PkgHTTP, "MaxBytesError")
}

// ownFailureUnder is, for a 4xx answer to a session condition, an origin of
// its error that no request causes (origin.own): a helper that finds or
// makes the session fails for an unknown id and for its own random source
// alike, and one status cannot answer both. A store's failure is left to
// sessionstatus (404 for the id it does not hold, 5xx when it is down).
func (c *checker) ownFailureUnder(fn *ssa.Function, causes []ast.Expr, w *httpwrite.Write) *origin {
	if w.Status < 400 || w.Status >= 500 || w.Status == 413 || kindPicked(c.pass.TypesInfo, w.Stack) {
		return nil
	}
	for _, e := range causes {
		for _, o := range c.originsOf(fn, e) {
			if o.kind == internal && o.own {
				return &o
			}
		}
	}
	return nil
}

// caseGuard reads the clause of a tagless switch that holds the answer,
// when it is the innermost decision around it: `case err != nil:` makes
// the answer about err (the cases before it picked other kinds out);
// `case errors.Is(err, X):` about one kind, with no cause. decided is
// false when an if is nearer, or the answer is in no such clause.
func caseGuard(info *types.Info, stack []ast.Node) (causes []ast.Expr, decided bool) {
	for i := len(stack) - 2; i >= 2; i-- {
		switch n := stack[i].(type) {
		case *ast.IfStmt, *ast.FuncLit, *ast.FuncDecl:
			return nil, false
		case *ast.CaseClause:
			sw, ok := stack[i-2].(*ast.SwitchStmt)
			if !ok || sw.Tag != nil || len(n.List) == 0 {
				return nil, false
			}
			for _, e := range n.List {
				for _, t := range httpwrite.Terms(e, true) {
					b, ok := ast.Unparen(t.E).(*ast.BinaryExpr)
					if !ok || !t.Truth || b.Op != token.NEQ {
						continue
					}
					x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
					if isNil(info, x) {
						x, y = y, x
					}
					if isNil(info, y) && errorLike(info.TypeOf(x)) {
						causes = append(causes, x)
					}
				}
			}
			return causes, true
		}
	}
	return nil, false
}

// kindsOnly reports whether cond is a disjunction every operand of which
// picks a kind of error (errors.As(err, &syn) || errors.Is(err, io.EOF)):
// the branch is about those kinds, not about every failure of err.
func kindsOnly(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.LOR {
		return false
	}
	var kind func(e ast.Expr) bool
	kind = func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			if x.Op == token.LOR {
				return kind(x.X) && kind(x.Y)
			}
			return picksKind(info, httpwrite.Term{E: x, Truth: true})
		case *ast.CallExpr:
			fn := httpwrite.Callee(info, x)
			return (httpwrite.IsFunc(fn, httpwrite.PkgErrors, "As") || httpwrite.IsFunc(fn, httpwrite.PkgErrors, "Is")) && len(x.Args) == 2
		}
		return false
	}
	return kind(b)
}

// notFoundApart reports whether the answer w is reached only once one of
// causes was tested against a sentinel (errors.Is(err, ErrNotFound), err ==
// ErrNotFound): by an if before it whose branch ends in a return, or by
// another case of a tagless switch w sits in. Past that test the error is
// no longer the lookup's "not found".
func notFoundApart(info *types.Info, body *ast.BlockStmt, causes []ast.Expr, w *httpwrite.Write) bool {
	vars := map[types.Object]bool{}
	for _, e := range causes {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && info.Uses[id] != nil {
			vars[info.Uses[id]] = true
		}
	}
	if len(vars) == 0 {
		return false
	}
	isCause := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && vars[info.Uses[id]]
	}
	sentinel := func(e ast.Expr) bool { return isSentinel(info, e) }
	tests := func(cond ast.Node) bool {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if httpwrite.IsFunc(httpwrite.Callee(info, n), httpwrite.PkgErrors, "Is") && len(n.Args) == 2 && isCause(n.Args[0]) && sentinel(n.Args[1]) {
					found = true
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL && (isCause(n.X) && sentinel(n.Y) || isCause(n.Y) && sentinel(n.X)) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for i, n := range w.Stack {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag != nil || i+2 >= len(w.Stack) {
			continue
		}
		mine, _ := w.Stack[i+2].(*ast.CaseClause)
		for _, st := range sw.Body.List {
			if cc, ok := st.(*ast.CaseClause); ok && cc != mine {
				for _, e := range cc.List {
					if tests(e) {
						return true
					}
				}
			}
		}
	}
	pos := w.Node.Pos()
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.End() > pos || len(ifs.Body.List) == 0 {
			return true
		}
		if _, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); ret && tests(ifs.Cond) {
			found = true
		}
		return !found
	})
	return found
}
