// Package sessionversion defines an Analyzer that reports MCP clients,
// proxies and gateways that keep a server's Mcp-Session-Id without testing
// the negotiated protocol revision.
//
// # Analyzer sessionversion
//
// sessionversion: report sessions kept, streamed, forwarded or minted where revision 2026-07-28 has none
//
// Protocol revision 2026-07-28 has no sessions: a server never mints an
// Mcp-Session-Id and a client that negotiated that revision sends none and
// opens no GET stream. A client that can negotiate 2026-07-28 and still
// stores the id a (misbehaving or hybrid) server volunteers in its
// initialize response, then echoes it on every later request, keeps a
// session the protocol says does not exist. The gate belongs where the id is
// adopted, on every path that adopts one (the first handshake and the
// re-initialization after a 404): gating only where the id is sent misses the
// first request that echoes it, notifications/initialized.
//
// The analyzer reports an assignment that stores resp.Header.Get of the
// Mcp-Session-Id header (any spelling, or a constant of it) of an
// *http.Response into a struct field or a package variable -- directly,
// through a local variable, or through an atomic Store -- when
//
//   - the package knows a sessionless revision: a string constant of a
//     revision date at or after 2026-07-28 appears in it (a client that can
//     only negotiate earlier revisions keeps its sessions correctly);
//
//   - a request header of the same package is set from that field or
//     variable (req.Header.Set or Add of Mcp-Session-Id);
//
//   - neither the adoption nor that echo is gated on the revision: no
//     enclosing if, case or && operand, and no earlier if statement of an
//     enclosing block (typically an early return), tests something named
//     like a version (version, revision, modern, legacy, sessionless,
//     StatelessProtocol, HasSessions) or a revision date. "Stateless" alone
//     is not one: it usually names a server's mode (no ids issued), which
//     says nothing about the negotiated revision.
//
// For example:
//
//	// bad
//	c.sessionID = resp.Header.Get("Mcp-Session-Id")
//	...
//	req.Header.Set("Mcp-Session-Id", c.sessionID)
//
//	// good: the id is dropped when the handshake negotiated 2026-07-28
//	c.sessionID = protocol.SessionIDForVersion(resp.Header.Get("Mcp-Session-Id"), result.ProtocolVersion)
//
// protocol.SessionIDForVersion is in mcpwire's runtime; any test of the
// negotiated revision around the adoption or the echo silences the report.
// A client that keeps the raw id for the shutdown DELETE and gates the id it
// sends is correct.
//
// # The re-initialization path and a gate placed too late
//
// The adoption above is judged on every path, the replacement handshake
// after a 404 included: a client that gates its first handshake but adopts
// the replacement id raw is reported there. A gate that runs only after the
// id was sent is reported too: a local holding a response's id that is set
// on a request and only afterwards passed to a versionish helper
// (SessionIDForVersion(id, v)) or read inside an if that tests the
// revision. The same holds through a helper of the package that sends the
// id it returns (the Rust SDK's perform_reinitialization, which POSTed
// notifications/initialized before its caller gated the id):
//
//	// bad: initialized already carried the id
//	id, err := c.performReinitialization(ctx) // sends notifications/initialized with id
//	c.sessionID = protocol.SessionIDForVersion(id, negotiated)
//
// # The standalone GET stream
//
// A GET request (http.NewRequest[WithContext] with the constant method GET)
// that accepts text/event-stream and carries Mcp-Session-Id or
// MCP-Protocol-Version is the standalone stream, which 2026-07-28 does not
// have. It is reported when neither its function nor the package's calls
// leading to it from an exported function test the revision. A test of a
// kept session id (if c.sessionID != "") counts as a gate only when the
// package never adopts that id raw: a client that drops the id at adoption
// has nothing to open at 2026-07-28. The legacy HTTP+SSE transport's GET
// carries neither header and is not the standalone stream; a request
// pinned to a revision with sessions (MCP-Protocol-Version set to such a
// constant), streams opened in _test.go files, openers this package
// never calls, and openers inside a function literal that is stored or
// passed as a callback (run later, under tests not seen) are not reported;
// a literal run on the spot (go func() { ... }()) is judged. The request's headers must be set in the
// function that builds it: go-sdk's connectSSE (headers from
// setMCPHeaders) and mcp-go's sendHTTP(ctx, http.MethodGet, ...) build
// theirs through helpers and are not recognised as the stream (both gate
// it on the revision).
//
//	// bad: guarded only on holding an id
//	if c.sessionID != "" { go c.listen(ctx) }
//	// good
//	if protocol.HasSessions(c.negotiated) { go c.listen(ctx) }
//
// # Headers forwarded wholesale
//
// A proxy or gateway that copies an incoming request's headers wholesale
// onto an outgoing one -- out.Header = in.Header.Clone() (or = in.Header),
// a loop over in.Header with no condition in it, maps.Copy(out.Header,
// in.Header), in.Clone(ctx) or in.WithContext(ctx) handed to a Do or
// RoundTrip, or httputil.ReverseProxy's Director and Rewrite, whose request
// already carries them -- and then Adds (or appends to out.Header[k]) its
// own Mcp-Session-Id or MCP-Protocol-Version sends the upstream
// two values, the downstream client's first. The finding is at the Add; the
// suggested fix copies through protocol.ForwardHeader(in.Header), which
// drops the hop's headers, or turns Add into Set. This check does not need
// the package to know 2026-07-28: a duplicated value is wrong at every
// revision.
//
//	// bad
//	out.Header = r.Header.Clone()
//	out.Header.Add("Mcp-Session-Id", upstreamSession)
//	// good
//	out.Header = protocol.ForwardHeader(r.Header)
//	out.Header.Set("Mcp-Session-Id", upstreamSession)
//
// A copy with no Add of its own is not reported: a transparent proxy in
// front of one server forwards the client's own session end to end, which
// is right, and the analyzer cannot tell it from a gateway holding its own
// upstream session by the copy alone.
//
// # Hop headers relayed by a gateway holding its own upstream session
//
// A package that keeps an upstream response's Mcp-Session-Id beyond the
// request (a field, a package variable, a map entry, a stored value) holds
// a session of its own upstream. There the downstream client's
// Mcp-Session-Id names nothing, and its MCP-Protocol-Version may name a
// revision that session never agreed, when the gateway initialized it
// itself ("initialize" in a request it builds, an MCP client's Initialize
// or Connect: ownhandshake.go). A gateway whose upstream sessions are
// opened by relaying each client's own initialize shares that client's
// revision, so its MCP-Protocol-Version relays are not reported; its
// Mcp-Session-Id relays are. Reported, in such a package: the
// client's hop header set on an upstream request, read in the call itself
// or through a local or a parameter whose every caller passes it; handed
// to another package's function that sets that parameter on a request it
// builds, when the package holds a session or calls a function of that
// package that keeps one, or that package keeps one anywhere and this one
// never hands its client an upstream's id (it echoes the client's own,
// which no upstream issued); a pass-through proxy handing back the id the
// upstream answered with relays the upstream's own id; stored in the field that
// keeps the upstream id; and headers copied wholesale (a clone, a loop
// whose only test skips named keys, a copy helper) without replacing a hop
// header the copy brings, where a Set under if out.Header.Get(K) == "" is
// no replacement. A request handed to a helper without a ResponseWriter is
// incoming when every call of the helper passes an incoming request; one
// the function hands to a handler with a ResponseWriter (a batch's element
// served by the gateway itself) is not sent upstream.
//
// # An initialize refused for its revision
//
// A server answers initialize with the client's protocolVersion when it
// supports it, else with another revision it supports; the client then
// decides whether to go on. Refusing the handshake because the requested
// revision differs leaves nothing negotiated. In a handler (a function given
// an http.ResponseWriter), a test of the initialize's protocolVersion -- a
// struct field tagged json:"protocolVersion" or a map's "protocolVersion"
// entry -- against revision constants (!=, a chain of != joined by &&, ==
// with an else, or a switch whose cases are all revisions) or against a set (!slices.Contains(list,
// v), !set[v] with a map[string]bool) is reported when its mismatch branch
// writes an error answer to that ResponseWriter (a JSON-RPC code from
// -32768 to -32000 or an HTTP status of 400 or more) and returns:
//
//	// bad
//	if params.ProtocolVersion != "2025-06-18" {
//		writeError(w, id, -32600, "unsupported protocol version")
//		return
//	}
//	// good
//	answer := params.ProtocolVersion
//	if !supported[answer] {
//		answer = latestSupported
//	}
//
// A method handler that answers by returning (its last result an error,
// which its caller writes) is reported the same way when params.F != C,
// with F a field of an initialize request's params (a struct that also
// carries clientInfo), returns a non-nil error; a declared function only
// when the package refers to it (a validator nothing calls refuses no one).
//
// Silent: a missing protocolVersion refused as invalid params (no revision
// constant is compared); the MCP-Protocol-Version header of a later request
// refused 400, which the protocol asks for (a header read, not a decoded
// field); a value decoded from an *http.Response (a client or gateway
// checking the revision its server answered, which it may refuse); a
// client's own initialize pinning a revision ("protocolVersion":
// "2025-06-18" in a request body, as test helpers send); _test.go files.
//
// # An initialize result pinned to one revision
//
// In a package that serves HTTP (it declares a function taking an
// http.ResponseWriter), an initialize result -- a struct with JSON fields
// protocolVersion and serverInfo, or a string-keyed map literal with both
// keys -- whose protocolVersion is a constant revision older than
// Streamable HTTP (before 2025-03-26) is reported when nothing in the
// package reads a protocolVersion: no selector of a field
// tagged json:"protocolVersion", no string naming it used other than as a
// composite literal's key (a map index, a JSON path). The client's
// proposal is never looked at, so nothing is negotiated.
//
//	// bad
//	return &InitializeResult{ProtocolVersion: "2024-11-05", ServerInfo: info}
//
// Silent: a constant chosen after comparing with the proposal (any read in
// the package counts, wherever it is: the rule does not follow paths), a
// constant revision with Streamable HTTP (a one-revision server may answer
// it to everyone), a package implementing the HTTP+SSE transport (it names
// the "endpoint" event), which 2024-11-05 defines, or importing a package
// that does (and names text/event-stream: legacySSEFact),
// stdio-only servers, functions taking a *testing.T or testing.TB (a test
// helper's fake server answers what its test pins), packages whose import
// path names test, mock, fake or example support, _test.go files, and a
// result whose version is assigned after the literal is built.
//
// # An initialize result that echoes the proposal
//
// In a package that serves HTTP, an initialize result whose
// protocolVersion is the client's proposal -- read directly, through
// locals holding it or a default revision, or from a value a function of
// the package builds from it and only stores -- is reported when nothing in
// the package tests a proposal other than for emptiness. An echo claims
// every revision a client names.
//
//	// bad
//	return &InitializeResult{ProtocolVersion: params.ProtocolVersion, ServerInfo: info}
//
// Silent: any comparison, switch, map index or call (but a logger's, a
// decoder's, or a store) of a proposal anywhere in the package, a function
// of the package testing a revision, the decoded params handed on, the
// HTTP+SSE transport, test support.
//
// # A hand-written server that never reads MCP-Protocol-Version
//
// A request naming a revision the server does not support in
// MCP-Protocol-Version is answered 400 (the protocol's version-unsupported
// row, which 2025-06-18 brings with the header). A package that names a
// revision of 2025-06-18 or later, dispatches MCP itself (it compares a
// method with "initialize" or builds an initialize result) and never names
// the header cannot hold that row: the HTTP handlers reaching the dispatch are
// reported, once each, at the handler no other such handler calls.
//
//	// bad: every revision a request names is served
//	func (s *server) serve(w http.ResponseWriter, r *http.Request) {
//		var m message
//		json.NewDecoder(r.Body).Decode(&m)
//		s.dispatch(w, m) // case "initialize": ...
//	}
//
// Silent where something else may read the header: a handler that hands
// the request on (a ServeHTTP, an SDK's handler, a middleware's next, a
// framework context's Next), a reverse proxy, a string constant naming the
// header in the package or in a package of its module it imports (a
// middleware there), a handler reaching the HTTP+SSE transport's endpoint
// event (2024-11-05 has no such header), packages of test support and
// functions taking a *testing.T. A package naming only earlier revisions
// is not judged: a client that negotiated one of them sends no header to
// refuse.
//
// # A negotiation that takes a revision without Streamable HTTP
//
// In a handler, a test of an initialize's protocolVersion against the
// revisions the server takes (slices.Contains over a list of constants, an
// index of a map of constants, a predicate of the package that is one such
// test) whose set holds a revision older than 2025-03-26, when the handler
// answers the proposal (assigns it, returns it, puts it in a literal or
// hands it to a function of the package), is reported: a client proposing
// 2024-11-05 is told to speak it, and its transport is HTTP+SSE, not the
// Streamable HTTP this endpoint serves. Silent in a package that names the
// HTTP+SSE transport's "endpoint" event, which serves that revision, and
// where the proposal is only tested.
//
//	// bad
//	var takes = map[string]bool{"2024-11-05": true, "2025-06-18": true}
//	if takes[params.ProtocolVersion] {
//		answer = params.ProtocolVersion
//	}
//
// # A request naming no revision refused
//
// A client sends MCP-Protocol-Version only on the requests after
// initialize, and an absent header means 2025-03-26. In a handler where an
// initialize arrives (it dispatches one, or calls a function of the package
// that does), an if at the top of the handler, or under a test of the HTTP
// method only, before anything tells an initialize apart, that writes an
// error status and returns, and whose condition holds for a request without
// the header, refuses every handshake. The condition is evaluated for the
// missing header (or for the constant default read in its place): string
// comparisons, len, slices.Contains over a list of constants, an index of
// a map of constants, and a predicate of the package whose body is one such
// membership test. Anything else leaves it unknown, and the handler is not
// judged.
//
//	// bad: the default is not a revision the server lists
//	rev := r.Header.Get("MCP-Protocol-Version")
//	if rev == "" {
//		rev = "2025-03-26"
//	}
//	if !supported(rev) { // supported: 2025-06-18, 2025-11-25
//		http.Error(w, "unsupported protocol version", http.StatusBadRequest)
//		return
//	}
//
// Silent: a test made only when the header is present, or after the
// handler tells initialize apart; a handler another handler of the package
// reaches; a default the server lists; a package
// naming 2026-07-28 or later, whose requests carry the header on every
// POST.
//
// # Downstream headers copied under an upstream session
//
// A gateway that reaches its upstream through an MCP client (go-sdk's,
// mcp-go's, or its own) holds its own upstream session, negotiated by that
// client. A RoundTrip method -- the http.RoundTripper under that client --
// that copies the downstream caller's headers onto each upstream request
// sends the caller's Mcp-Session-Id and MCP-Protocol-Version to a server
// that never issued them; so does a per-request header hook, a
// func(context.Context) map[string]string (mcp-go's WithHTTPHeaderFunc),
// whose entries the client Sets over its own session id and revision. The
// downstream headers are followed by data flow: an incoming request's
// Header (a handler's *http.Request, the request of a
// func(context.Context, *http.Request) context.Context hook such as mcp-go's
// HTTPContextFunc, or the http.Header field of a go-sdk or mcp-go request
// value, directly or through a local) stored with context.WithValue under a
// key, and read back in RoundTrip or the hook as
// ctx.Value(key).(http.Header). Reported: a loop over them with no condition
// in it that Adds or Sets every key on a request (or, in a hook, stores every
// key in a string map), and a hop header set from their Get. The package
// must name a hop header or import an MCP SDK. The fix ranges over
// protocol.ForwardHeader(headers).
//
//	// bad
//	if h, ok := req.Context().Value(downstreamKey{}).(http.Header); ok {
//		for k, vs := range h {
//			for _, v := range vs {
//				out.Header.Add(k, v)
//			}
//		}
//	}
//
// Silent: a loop with any if, switch or continue in it (it may skip the hop
// headers); headers the package built itself or read from configuration;
// a transparent proxy (httputil.ReverseProxy, or a handler that builds its
// own upstream request from r.Header) in front of one server, whose
// session is the upstream's and which never initializes upstream itself; a
// value passed to the round-tripper other than through the context (a
// struct field set per request) is not followed, nor a store or a read
// made by a helper (withHeaders(ctx, h), headersFrom(ctx)): the WithValue
// and the ctx.Value must each be written in the function that holds the
// headers.
//
// # Servers that mint a session at 2026-07-28
//
// w.Header().Set or Add of Mcp-Session-Id on an http.ResponseWriter is
// reported inside a branch taken only for a request classified as
// 2026-07-28 or later: the then-branch of a test such as
// protocol.IsModernVersion(v), v >= "2026-07-28" or a predicate or flag
// named exactly like isModern / IsModernVersion / sessionless (an &&
// operand suffices), the else-branch of a test that decides alone for the
// revisions with sessions (v < "2026-07-28", or HasSessions /
// IsSessionVersion / isLegacyVersion called on a revision: a value named
// like a version, a revision constant, or a local read from the
// MCP-Protocol-Version header), the statements after such a test that
// returns, a case listing only sessionless revisions, and a branch or case
// taken for server/discover, a method only 2026-07-28 has (method ==
// "initialize" || method == "server/discover" mints for both). Names alone are
// not trusted for the legacy side: hasSession(id) asks a store whether a
// session exists, and a legacy flag often names the 2024-11-05 SSE
// transport, whose else is Streamable HTTP at any revision. No fix is
// suggested: removing the header also means not creating the session
// behind it.
//
// # Precision
//
// The analyzer reports only what it sees in one package: an echo in another
// package, a gate in a caller of the echoing function, or an id that travels
// through a function call other than a helper of the same package returning
// it as its first result are not followed, and such code is not reported.
// go-sdk's and mcp-go's client types are recognised by their shape -- an
// http.Response header read and an http.Request header written -- not by
// name, so a vendored or forked transport is judged like hand-written code;
// a client that only configures those libraries writes no such headers and
// is never reported.
//
// # Suppressing a finding
//
//	//mcpvet:ignore sessionversion this client pins 2025-06-18 in its initialize request
//	c.sessionID = resp.Header.Get("Mcp-Session-Id")
package sessionversion
