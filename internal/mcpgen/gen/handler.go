package gen

import (
	. "github.com/dave/jennifer/jen"
)

// Handler returns the source of the session-map handler for o.
func Handler(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	f := newFile(o.Package)
	for _, emit := range []func(*File, Config){
		emitVersionCheck,
		emitOptions,
		emitStats,
		emitHandlerType,
		emitNewHandler,
		emitServeHTTP,
		emitLegacy,
		emitShutdownAndStats,
		emitModernChecks,
	} {
		emit(f, o)
	}
	return render(f, o)
}

// Short names for the runtime and SDK identifiers the generated code uses.
func mcpQ(name string) *Statement        { return Qual(pkgMCP, name) }
func protocolQ(name string) *Statement   { return Qual(pkgProtocol, name) }
func streamableQ(name string) *Statement { return Qual(pkgStreamable, name) }
func classifyQ(name string) *Statement   { return Qual(pkgClassify, name) }
func limitsQ(name string) *Statement     { return Qual(pkgLimits, name) }
func storeQ(name string) *Statement      { return Qual(pkgStore, name) }
func sessionsQ(name string) *Statement   { return Qual(pkgSessions, name) }
func statelessQ(name string) *Statement  { return Qual(pkgStateless, name) }

// entryType is *sessions.Entry[*handlerSession], a session's place in the
// table.
func entryType() *Statement {
	return Op("*").Add(sessionsQ("Entry")).Types(Op("*").Id("handlerSession"))
}

// writeError is protocol.WriteError(w, id, err): every refusal goes
// through it.
func writeError(id, err Code) *Statement {
	return protocolQ("WriteError").Call(Id("w"), id, err)
}

func emitVersionCheck(f *File, _ Config) {
	f.Add(Doc(
		"This is a compile-time assertion that the mcpwire runtime this code builds",
		"against is new enough for it. If it fails, upgrade github.com/mcpwire/mcpwire",
		"(or regenerate with the mcpgen that matches your runtime).",
	))
	f.Const().Id("_").Op("=").Qual(pkgRuntime, "IsAtLeastVersion0_1_0")
}

func emitOptions(f *File, o Config) {
	f.Add(Doc(
		"HandlerOptions configures a [Handler]. The zero value is safe on a network:",
		"every limit a client could exhaust has a finite default; SSE responses, no",
		"event store, the Host checked for loopback listeners, browsers limited to",
		"same-origin (loopback origins on a loopback listener), and no logging.",
	))
	fields := []Code{}
	if o.Mode.Sessions() {
		fields = append(fields,
			Doc("MaxSessions caps open sessions plus handshakes in progress; a new",
				"handshake beyond it is refused 503 with Retry-After. Zero: 1000",
				"(sessions.DefaultMaxSessions), negative: no cap."),
			Id("MaxSessions").Int(),
			Doc("IdleTimeout closes a session that has had no call in flight for this",
				"long; an open GET stream alone does not keep it. Zero: 10 minutes",
				"(sessions.DefaultIdleTimeout), negative: never."),
			Id("IdleTimeout").Qual("time", "Duration"),
			Doc("SharedServer connects every session to one *mcp.Server, made once by",
				"newServer, instead of a new one per session: go-sdk servers serve many",
				"sessions, and a session then costs its transport and its ServerSession",
				"only (about 11 KiB less). Safe when the server is session-agnostic: its",
				"tools, prompts and resources keep no state of one client's that another",
				"must not see (per-client state belongs in req.Session or keyed by its",
				"ID), and nothing changes the server for one session (a tool added then",
				"reaches every session, each notified of the change). False: a server",
				"per session, isolated, as each session's own."),
			Id("SharedServer").Bool(),
		)
	}
	fields = append(fields,
		Doc("JSONResponse answers requests with one application/json body instead",
			"of an SSE stream."),
		Id("JSONResponse").Bool(),
	)
	if o.Mode.Sessions() {
		fields = append(fields,
			Doc("EventStore makes session streams resumable (Last-Event-ID); nil",
				"disables resumption."),
			Id("EventStore").Add(streamableQ("EventStore")),
			Doc("WriteTimeout bounds each write to a session's stream: a client that",
				"stops reading loses that stream, never its session or the server's",
				"goroutines. Zero: the runtime's default (10 s), negative: none."),
			Id("WriteTimeout").Qual("time", "Duration"),
			Doc("MaxStreams caps the streams one session holds open at once (calls in",
				"flight plus its GET stream); beyond it 429. Zero: the runtime's",
				"default (64), negative: no cap."),
			Id("MaxStreams").Int(),
			Doc("NodeID names this node in a deployment of more than one: session ids",
				"become \"<NodeID>.<random>\", so that a load balancer routes each session's",
				"requests to the node holding it (deploy/haproxy). Empty: ids carry no node",
				"key. NewHandler panics on an invalid one (see streamable.ValidNodeID)."),
			Id("NodeID").String(),
			Doc("SessionStore keeps each established session's state where the other",
				"nodes read it: a request for a session this node does not hold is resumed",
				"from the store instead of answered 404, so sessions survive the loss of",
				"their node. nil: sessions live and die with this process."),
			Id("SessionStore").Add(storeQ("Store")),
			Doc("SessionTTL is how long a stored session lives past its last use; a",
				"session in use refreshes it at most once per quarter of it. Zero:",
				"IdleTimeout, or an hour without one."),
			Id("SessionTTL").Qual("time", "Duration"),
		)
	}
	fields = append(fields,
		Doc("AllowedHosts and AllowedOrigins are DNS-rebinding allowlists. Empty:",
			"a request that arrived on a loopback address must name a loopback host."),
		Id("AllowedHosts").Index().String(),
		Id("AllowedOrigins").Index().String(),
	)
	if o.Mode.Modern() {
		fields = append(fields,
			Doc("MaxListenStreams caps the 2026-07-28 subscriptions/listen streams open",
				"at once; one more is refused 503 with Retry-After. Zero: 1000",
				"(limits.DefaultMaxListenStreams), negative: no cap."),
			Id("MaxListenStreams").Int(),
		)
	}
	fields = append(fields,
		Doc("MaxBodyBytes limits a request body: zero is the runtime's default",
			"(4 MiB), negative is no limit."),
		Id("MaxBodyBytes").Int64(),
		Doc("MaxBufferedBodyBytes is the budget of request-body bytes read at once",
			"across all requests, each body charged its Content-Length (or",
			"MaxBodyBytes) until its request ends; a request beyond it is refused 503",
			"with Retry-After before its body is read, so clients sending bodies slowly",
			"cannot hold a body per connection. Zero: 64 MiB, negative: no budget."),
		Id("MaxBufferedBodyBytes").Int64(),
		Doc("BodyReadTimeout is how long one request body may take to arrive",
			"(a read deadline per request, cleared once the body is read, so that",
			"SSE responses are not cut). Zero: 30 s, negative: none."),
		Id("BodyReadTimeout").Qual("time", "Duration"),
		Doc("Logger receives the handler's and the transports' logs; nil discards them."),
		Id("Logger").Op("*").Qual("log/slog", "Logger"),
	)
	f.Type().Id("HandlerOptions").Struct(fields...)
}

func emitStats(f *File, _ Config) {
	f.Add(Doc("Stats is a snapshot of a [Handler]'s session counters."))
	f.Type().Id("Stats").Struct(
		Doc("OpenSessions is the number of sessions open now."),
		Id("OpenSessions").Int().Tag(map[string]string{"json": "open_sessions"}),
		Doc("HandshakesAccepted and HandshakesRefused count initialize requests",
			"that did and did not establish a session."),
		Id("HandshakesAccepted").Int64().Tag(map[string]string{"json": "handshakes_accepted"}),
		Id("HandshakesRefused").Int64().Tag(map[string]string{"json": "handshakes_refused"}),
		Doc("ClosedByDelete, ClosedByIdle and ClosedByShutdown count sessions",
			"ended by the client's DELETE, by IdleTimeout, and by Shutdown."),
		Id("ClosedByDelete").Int64().Tag(map[string]string{"json": "closed_by_delete"}),
		Id("ClosedByIdle").Int64().Tag(map[string]string{"json": "closed_by_idle"}),
		Id("ClosedByShutdown").Int64().Tag(map[string]string{"json": "closed_by_shutdown"}),
		Doc("SessionsResumed counts sessions another node established that this one",
			"resumed from the SessionStore."),
		Id("SessionsResumed").Int64().Tag(map[string]string{"json": "sessions_resumed"}),
	)
}

func emitHandlerType(f *File, o Config) {
	lines := []string{"Handler serves one MCP endpoint"}
	switch o.Mode {
	case ModeHybrid:
		lines = []string{
			"Handler serves one MCP endpoint for both protocol eras. A 2026-07-28",
			"request is served statelessly by go-sdk's StreamableHTTPHandler; a legacy",
			"initialize gets its own session transport and a fresh server from the",
			"factory (or the shared one, with SharedServer); a request naming a",
			"session goes to that session's transport.",
		}
	case ModeLegacy:
		lines = []string{
			"Handler serves one MCP endpoint with sessions (2025-03-26 … 2025-11-25).",
			"An initialize gets its own session transport and a fresh server from the",
			"factory (or the shared one, with SharedServer); a request naming a",
			"session goes to that session's transport; a 2026-07-28 request is",
			"refused as an unsupported revision (-32022), so a client probing for it",
			"falls back to initialize.",
		}
	case ModeModern:
		lines = []string{
			"Handler serves one MCP endpoint statelessly (2026-07-28): every request",
			"goes to go-sdk's StreamableHTTPHandler in stateless mode, which never",
			"mints or echoes Mcp-Session-Id and answers GET and DELETE with 405.",
		}
	}
	f.Add(Doc(lines...))
	fields := []Code{
		Id("newServer").Func().Params().Op("*").Add(mcpQ("Server")),
		Id("opts").Id("HandlerOptions"),
		Id("bodies").Op("*").Add(limitsQ("Bodies")).Comment("the MaxBufferedBodyBytes budget"),
	}
	if o.Mode.Modern() {
		fields = append(fields, Id("modern").Qual("net/http", "Handler"),
			Id("listening").Qual("sync/atomic", "Int64").Comment("subscriptions/listen streams open"),
			Doc("listenCtx is cancelled by Shutdown, which ends the listen streams."),
			Id("listenCtx").Qual("context", "Context"),
			Id("endListening").Qual("context", "CancelFunc"))
	}
	fields = append(fields, Line(),
		Id("closed").Qual("sync/atomic", "Bool").Comment("set by Shutdown; every request after it is refused"),
	)
	if o.Mode.Sessions() {
		fields = append(fields,
			Id("server").Op("*").Add(mcpQ("Server")).Comment("every session's, with SharedServer; else nil"),
			Doc("sessions maps session ids to the legacy sessions and keeps their",
				"mechanics: room reserved against MaxSessions, idle timers, close counts,",
				"and a Shutdown that waits for every session to end."),
			Id("sessions").Op("*").Add(sessionsQ("Table")).Types(Op("*").Id("handlerSession")),
			Id("resumed").Qual("sync/atomic", "Int64"),
			Line(),
			Id("newID").Func().Params().Params(String(), Error()).Comment("mints session ids (NodeID)"),
			Doc("keeper links the sessions to SessionStore (nil without one);",
				"resumeMu makes resumptions one at a time, so that two requests",
				"for the same unknown session never resume it twice."),
			Id("keeper").Op("*").Add(storeQ("Keeper")),
			Id("resumeMu").Qual("sync", "Mutex"),
		)
	}
	f.Type().Id("Handler").Struct(fields...)

	if !o.Mode.Sessions() {
		return
	}
	f.Add(Doc("handlerSession is one legacy session: its transport and its record in",
		"the SessionStore."))
	f.Type().Id("handlerSession").Struct(
		Id("transport").Op("*").Add(streamableQ("Transport")),
		Id("link").Add(storeQ("Link")).Comment("its record in SessionStore"),
	)
	f.Add(Doc("Close drains the session: its GET stream ends cleanly, its calls in",
		"flight are answered (for at most 5 s), then the transport closes. The",
		"session table calls it when the session has been idle for IdleTimeout."))
	f.Func().Params(Id("s").Op("*").Id("handlerSession")).Id("Close").Params().Error().Block(
		List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(Qual("context", "Background").Call(), Lit(5).Op("*").Qual("time", "Second")),
		Defer().Id("cancel").Call(),
		Return(Id("s").Dot("transport").Dot("Drain").Call(Id("ctx"))),
	)
}

func emitNewHandler(f *File, o Config) {
	doc := []string{
		"NewHandler returns a Handler that takes its servers from newServer, which must",
		"return a new, fully configured *mcp.Server on every call: one serves each",
		"session (or all of them, with SharedServer), and one is made up front for",
		"the stateless leg.",
	}
	switch o.Mode {
	case ModeLegacy:
		doc[2], doc[3] = "session, or one made up front serves all of them with SharedServer.", ""
		doc = doc[:3]
	case ModeModern:
		doc = []string{
			"NewHandler returns a Handler that serves every request with the one",
			"*mcp.Server newServer returns, called once.",
		}
	}
	f.Add(Doc(doc...))
	body := []Code{
		Id("h").Op(":=").Op("&").Id("Handler").Values(DictFunc(func(d Dict) {
			d[Id("newServer")] = Id("newServer")
			d[Id("opts")] = Id("opts")
			d[Id("bodies")] = limitsQ("NewBodies").Call(Id("opts").Dot("MaxBufferedBodyBytes"))
		})),
		If(Id("h").Dot("opts").Dot("Logger").Op("==").Nil()).Block(
			Id("h").Dot("opts").Dot("Logger").Op("=").Qual("log/slog", "New").Call(Qual("log/slog", "DiscardHandler")),
		),
	}
	if o.Mode.Modern() {
		body = append(body,
			If(Id("h").Dot("opts").Dot("MaxListenStreams").Op("==").Lit(0)).Block(
				Id("h").Dot("opts").Dot("MaxListenStreams").Op("=").Add(limitsQ("DefaultMaxListenStreams")),
			),
			List(Id("h").Dot("listenCtx"), Id("h").Dot("endListening")).Op("=").Qual("context", "WithCancel").Call(Qual("context", "Background").Call()),
		)
	}
	if o.Mode.Sessions() {
		body = append(body,
			Doc("Finite by default: without them one client opening sessions",
				"exhausts the process."),
			If(Id("h").Dot("opts").Dot("MaxSessions").Op("==").Lit(0)).Block(
				Id("h").Dot("opts").Dot("MaxSessions").Op("=").Add(sessionsQ("DefaultMaxSessions")),
			),
			If(Id("h").Dot("opts").Dot("IdleTimeout").Op("==").Lit(0)).Block(
				Id("h").Dot("opts").Dot("IdleTimeout").Op("=").Add(sessionsQ("DefaultIdleTimeout")),
			),
			Id("h").Dot("newID").Op("=").Add(streamableQ("RandomSessionID")),
			If(Id("opts").Dot("NodeID").Op("!=").Lit("")).Block(
				List(Id("gen"), Err()).Op(":=").Add(streamableQ("NodeSessionIDs")).Call(Id("opts").Dot("NodeID")),
				If(Err().Op("!=").Nil()).Block(
					Panic(Lit("mcp: HandlerOptions.NodeID: ").Op("+").Err().Dot("Error").Call()),
				),
				Id("h").Dot("newID").Op("=").Id("gen"),
			),
			Id("table").Op(":=").Add(sessionsQ("Options")).Values(Dict{
				Id("MaxSessions"): Id("h").Dot("opts").Dot("MaxSessions"),
				Id("IdleTimeout"): Id("h").Dot("opts").Dot("IdleTimeout"),
			}),
			If(Id("opts").Dot("SessionStore").Op("!=").Nil()).Block(
				Id("ttl").Op(":=").Id("opts").Dot("SessionTTL"),
				If(Id("ttl").Op("<=").Lit(0)).Block(Id("ttl").Op("=").Id("h").Dot("opts").Dot("IdleTimeout")),
				Id("h").Dot("keeper").Op("=").Add(storeQ("NewKeeper")).Call(Id("opts").Dot("SessionStore"), Id("opts").Dot("NodeID"), Id("ttl"), Id("h").Dot("opts").Dot("Logger")),
				Id("table").Dot("Hooks").Dot("Closed").Op("=").Func().Params(Id("id").String(), Id("cause").Add(sessionsQ("Cause"))).Block(
					If(Id("cause").Op("==").Add(sessionsQ("CauseDelete")).Op("||").Id("cause").Op("==").Add(sessionsQ("CauseIdle"))).Block(
						Doc("Ended for good. A session closed by Shutdown keeps its",
							"record, so that another node resumes it."),
						Id("h").Dot("keeper").Dot("Forget").Call(Id("id")),
					),
				),
			),
			Id("h").Dot("sessions").Op("=").Add(sessionsQ("New")).Types(Op("*").Id("handlerSession")).Call(Id("table")),
		)
		if !o.Mode.Modern() {
			body = append(body, If(Id("opts").Dot("SharedServer")).Block(
				Id("h").Dot("server").Op("=").Id("newServer").Call(),
			))
		}
	}
	if o.Mode.Modern() {
		body = append(body,
			Doc("The stateless leg keeps no state between requests, so one server",
				"serves all of them."),
			Id("server").Op(":=").Id("newServer").Call(),
			Doc("A request classified modern is served from the server directly when",
				"runtime/stateless can answer it exactly as go-sdk's stateless handler",
				"would, without that handler's second read and decodes; the rest goes",
				"to go-sdk's handler."),
			Id("h").Dot("modern").Op("=").Add(statelessQ("New")).Call(
				Id("server"),
				mcpQ("NewStreamableHTTPHandler").Call(
					Func().Params(Op("*").Qual("net/http", "Request")).Op("*").Add(mcpQ("Server")).Block(Return(Id("server"))),
					Op("&").Add(mcpQ("StreamableHTTPOptions")).Values(Dict{
						Id("Stateless"):           True(),
						Id("JSONResponse"):        Id("opts").Dot("JSONResponse"),
						Id("Logger"):              Id("h").Dot("opts").Dot("Logger"),
						Id("MaxRequestBodyBytes"): Id("opts").Dot("MaxBodyBytes"),
					}),
				),
				statelessQ("Options").Values(Dict{
					Id("JSONResponse"): Id("opts").Dot("JSONResponse"),
					Id("Logger"):       Id("h").Dot("opts").Dot("Logger"),
				}),
			),
		)
		if o.Mode.Sessions() {
			body = append(body, If(Id("opts").Dot("SharedServer")).Block(
				Doc("The stateless leg's server serves the sessions too."),
				Id("h").Dot("server").Op("=").Id("server"),
			))
		}
	}
	body = append(body, Return(Id("h")))
	f.Func().Id("NewHandler").Params(
		Id("newServer").Func().Params().Op("*").Add(mcpQ("Server")),
		Id("opts").Id("HandlerOptions"),
	).Op("*").Id("Handler").Block(body...)
}

// shuttingDown is the refusal after Shutdown.
func shuttingDown() *Statement {
	return protocolQ("Unavailable").Call(Lit(1), Lit("Service Unavailable: the server is shutting down"))
}

func emitServeHTTP(f *File, o Config) {
	f.Add(Doc("ServeHTTP implements [http.Handler]."))
	recv := Func().Params(Id("h").Op("*").Id("Handler"))
	closedCheck := []Code{
		If(Id("h").Dot("closed").Dot("Load").Call()).Block(
			writeError(Nil(), shuttingDown()),
			Return(),
		),
	}
	var body []Code
	body = append(body, closedCheck...)
	body = append(body,
		Doc("Charged before anything reads the body: refusing beyond the budget",
			"costs nothing."),
		List(Id("r"), Id("release"), Err()).Op(":=").Id("h").Dot("bodies").Dot("Admit").Call(Id("w"), Id("r"), Id("h").Dot("opts").Dot("MaxBodyBytes"), Id("h").Dot("opts").Dot("BodyReadTimeout")),
		If(Err().Op("!=").Nil()).Block(
			writeError(Nil(), Err()),
			Return(),
		),
		Defer().Id("release").Call(),
	)
	switch o.Mode {
	case ModeModern:
		body = append(body, Id("h").Dot("serveModern").Call(Id("w"), Id("r"), Nil()))
	default:
		body = append(body,
			Doc("The classifier reads the body once and hands back a request whose",
				"body reads the same bytes."),
			List(Id("r"), Id("res"), Err()).Op(":=").Add(classifyQ("Classify")).Call(Id("r"), Id("h").Dot("opts").Dot("MaxBodyBytes")),
			If(Err().Op("!=").Nil()).Block(
				Doc("Answered below as a Reject; logged apart from bodies that are not JSON."),
				Id("h").Dot("opts").Dot("Logger").Dot("Debug").Call(Lit("mcp: unreadable request body"), Lit("err"), Err()),
			),
		)
		var modernCase Code
		if o.Mode == ModeHybrid {
			modernCase = Case(classifyQ("Modern")).Block(
				Id("h").Dot("serveModern").Call(Id("w"), Id("r"), Id("res").Dot("ID")),
			)
		} else {
			modernCase = Case(classifyQ("Modern")).Block(
				Doc("Sessions only: refuse the sessionless revision the way a client's",
					"version probe expects, listing the revisions served."),
				writeError(Id("res").Dot("ID"), protocolQ("UnsupportedProtocolVersion").Call(Id("res").Dot("Version"), protocolQ("SessionVersions"))),
			)
		}
		reject := []Code{writeError(Id("res").Dot("ID"), Id("res").Dot("Err"))}
		if o.Mode == ModeLegacy {
			reject = []Code{
				If(Id("res").Dot("Err").Dot("Code").Op("==").Add(protocolQ("CodeUnsupportedProtocolVersion"))).Block(
					Doc("The classifier lists the sessionless revisions; this endpoint",
						"serves the session ones."),
					writeError(Id("res").Dot("ID"), protocolQ("UnsupportedProtocolVersion").Call(Id("res").Dot("Version"), protocolQ("SessionVersions"))),
					Return(),
				),
				reject[0],
			}
		}
		body = append(body,
			Switch(Id("res").Dot("Leg")).Block(
				Case(classifyQ("Reject")).Block(reject...),
				modernCase,
				Default().Block(
					Id("h").Dot("serveLegacy").Call(Id("w"), Id("r"), Id("res")),
				),
			),
		)
	}
	f.Add(recv).Id("ServeHTTP").Params(Id("w").Qual("net/http", "ResponseWriter"), Id("r").Op("*").Qual("net/http", "Request")).Block(body...)
}

func emitLegacy(f *File, o Config) {
	if !o.Mode.Sessions() {
		return
	}
	recv := func() *Statement { return Func().Params(Id("h").Op("*").Id("Handler")) }
	w := Id("w").Qual("net/http", "ResponseWriter")
	r := Id("r").Op("*").Qual("net/http", "Request")

	f.Add(Doc("serveLegacy routes a request of the sessionful era: a known session id to",
		"its transport, an unknown one to 404, a handshake to a new session."))
	f.Add(recv()).Id("serveLegacy").Params(w, r, Id("res").Add(classifyQ("Result"))).Block(
		If(Id("res").Dot("SessionID").Op("!=").Lit("")).Block(
			Id("e").Op(":=").Id("h").Dot("sessions").Dot("Lookup").Call(Id("res").Dot("SessionID")),
			If(Id("e").Op("==").Nil().Op("&&").Id("h").Dot("keeper").Op("!=").Nil()).Block(
				Var().Err().Error(),
				If(List(Id("e"), Err()).Op("=").Id("h").Dot("resume").Call(Id("r"), Id("res").Dot("SessionID")), Err().Op("!=").Nil()).Block(
					writeError(Id("res").Dot("ID"), Err()),
					Return(),
				),
			),
			If(Id("e").Op("==").Nil()).Block(
				Doc("404 tells the client to start a new session."),
				writeError(Id("res").Dot("ID"), protocolQ("SessionNotFound").Call()),
				Return(),
			),
			Id("h").Dot("serveSession").Call(Id("w"), Id("r"), Id("e")),
			Return(),
		),
		If(Op("!").Id("res").Dot("IsInitialize")).Block(
			writeError(Id("res").Dot("ID"), Id("refuseSessionless").Call(Id("r"), Id("res"))),
			Return(),
		),
		Id("h").Dot("handshake").Call(Id("w"), Id("r"), Id("res")),
	)

	f.Add(Doc("refuseSessionless is the answer to a legacy request that names no session",
		"and is not an initialize."))
	f.Func().Id("refuseSessionless").Params(r, Id("res").Add(classifyQ("Result"))).Op("*").Add(protocolQ("Error")).Block(
		Switch().Block(
			Case(Id("r").Dot("Method").Op("!=").Qual("net/http", "MethodGet").Op("&&").
				Id("r").Dot("Method").Op("!=").Qual("net/http", "MethodPost").Op("&&").
				Id("r").Dot("Method").Op("!=").Qual("net/http", "MethodDelete")).Block(
				Return(protocolQ("MethodNotAllowed").Call(Id("r").Dot("Method"), Qual("net/http", "MethodGet"), Qual("net/http", "MethodPost"), Qual("net/http", "MethodDelete"))),
			),
			Case(Id("res").Dot("Reason").Op("==").Add(classifyQ("ReasonNotJSON"))).Block(
				Return(protocolQ("ParseError").Call(Nil())),
			),
			Case(Id("res").Dot("Batch").Op("&&").Id("batchHasInitialize").Call(Id("res").Dot("Payload"))).Block(
				Return(protocolQ("InvalidRequest").Call(Lit("Invalid Request: initialize must not be part of a batch"))),
			),
		),
		Return(protocolQ("BadRequest").Call(Lit("Bad Request: Mcp-Session-Id header is required"))),
	)

	f.Add(Doc("batchHasInitialize reports whether a batch, as the classifier decoded it,",
		"holds an initialize request."))
	f.Func().Id("batchHasInitialize").Params(Id("p").Op("*").Qual(pkgEdge, "Payload")).Bool().Block(
		If(Id("p").Op("==").Nil()).Block(Return(False())),
		For(List(Id("_"), Id("m")).Op(":=").Range().Id("p").Dot("Messages")).Block(
			If(Id("m").Dot("Request").Op("!=").Nil().Op("&&").Id("m").Dot("Request").Dot("Method").Op("==").Lit("initialize")).Block(
				Return(True()),
			),
		),
		Return(False()),
	)

	f.Add(Doc("serveSession hands a request to an established session's transport,",
		"keeping the idle timer and the DELETE accounting."))
	f.Add(recv()).Id("serveSession").Params(w, r, Id("e").Add(entryType())).Block(
		Id("s").Op(":=").Id("e").Dot("Value"),
		If(Id("r").Dot("Method").Op("!=").Qual("net/http", "MethodGet")).Block(
			Doc("A GET stream is not activity: a client may hold one open for",
				"ever, and the session would never be idle. It ends when the",
				"session expires; a live client shows itself with its calls.",
				"A close while a DELETE is in flight is counted as the client's."),
			Id("deleting").Op(":=").Id("r").Dot("Method").Op("==").Qual("net/http", "MethodDelete"),
			Id("e").Dot("Begin").Call(Id("deleting")),
			Defer().Id("e").Dot("End").Call(Id("deleting")),
		),
		If(Id("h").Dot("keeper").Op("!=").Nil()).Block(
			Doc("A store round trip once per quarter of the ttl, not per request."),
			Id("h").Dot("keeper").Dot("Touch").Call(Op("&").Id("s").Dot("link"), Id("s").Dot("transport").Dot("SessionID").Call(), Id("s").Dot("transport").Dot("State")),
		),
		Id("s").Dot("transport").Dot("ServeHTTP").Call(Id("w"), Id("r")),
	)

	f.Add(Doc(
		"handshake serves an initialize that names no session on a transport of its",
		"own, connected to a fresh server (or the shared one). The transport closes itself if the",
		"handshake is refused (CloseOnRefusedHandshake), which ends the server",
		"session, so a refused handshake leaves nothing behind.",
	))
	f.Add(recv()).Id("handshake").Params(w, r, Id("res").Add(classifyQ("Result"))).Block(
		Doc("Cheap refusals first: a handshake the transport would refuse before",
			"its server has a say (a foreign Host or Origin, Accept, Content-Type,",
			"an MCP-Protocol-Version that names no session revision, an initialize",
			"without an id or with params of the wrong type) is answered with the",
			"transport's own answer before a server is built for it, at a fraction",
			"of the cost (docs/protocol.md, \"Refusals\")."),
		If(List(Id("id"), Err()).Op(":=").Add(streamableQ("CheckHandshake")).Call(Id("r"), Id("res").Dot("Payload"), Id("h").Dot("opts").Dot("AllowedHosts"), Id("h").Dot("opts").Dot("AllowedOrigins")), Err().Op("!=").Nil()).Block(
			Id("h").Dot("sessions").Dot("RefuseHandshake").Call(),
			writeError(Id("id"), Err()),
			Return(),
		),
		List(Id("e"), Err()).Op(":=").Id("h").Dot("sessions").Dot("Reserve").Call(),
		If(Err().Op("!=").Nil()).Block(
			Doc("503: shutting down, or MaxSessions reached."),
			writeError(Id("res").Dot("ID"), Err()),
			Return(),
		),
		Id("s").Op(":=").Op("&").Id("handlerSession").Values(),
		Id("e").Dot("Value").Op("=").Id("s"),
		Id("opts").Op(":=").Id("h").Dot("transportOptions").Call(Id("e")),
		Id("opts").Dot("SessionIDGenerator").Op("=").Id("h").Dot("newID"),
		Id("opts").Dot("CloseOnRefusedHandshake").Op("=").True(),
		Id("opts").Dot("OnSessionInitialized").Op("=").Func().Params(Id("_").Qual("context", "Context"), Id("id").String()).Error().Block(
			Return(Id("e").Dot("Establish").Call(Id("id"))),
		),
		Id("s").Dot("transport").Op("=").Add(streamableQ("NewTransport")).Call(Id("opts")),
		Id("e").Dot("Begin").Call(False()),
		Doc("Counted accepted if the session is open when the handshake ends."),
		Defer().Id("e").Dot("EndHandshake").Call(),
		Doc("The session outlives this request, so it is not bound to its context.",
			"Nothing waits for the server session: when it ends, the transport",
			"closes and its OnClose takes the session out of the table."),
		If(List(Id("_"), Err()).Op(":=").Id("h").Dot("sessionServer").Call().Dot("Connect").Call(Qual("context", "Background").Call(), Id("s").Dot("transport"), Nil()), Err().Op("!=").Nil()).Block(
			Id("s").Dot("transport").Dot("Close").Call(),
			writeError(Id("res").Dot("ID"), protocolQ("Internal").Call(Err())),
			Return(),
		),
		Id("s").Dot("transport").Dot("ServeHTTP").Call(Id("w"), Id("r")),
	)

	f.Add(Doc("sessionServer is the server a new session is connected to: the shared",
		"one with SharedServer, else a fresh one."))
	f.Add(recv()).Id("sessionServer").Params().Op("*").Add(mcpQ("Server")).Block(
		If(Id("h").Dot("server").Op("!=").Nil()).Block(Return(Id("h").Dot("server"))),
		Return(Id("h").Dot("newServer").Call()),
	)

	f.Add(Doc("transportOptions are the options of every session transport of e, made",
		"by a handshake or resumed."))
	f.Add(recv()).Id("transportOptions").Params(Id("e").Add(entryType())).Add(streamableQ("Options")).Block(
		Id("s").Op(":=").Id("e").Dot("Value"),
		Id("opts").Op(":=").Add(streamableQ("Options")).Values(Dict{
			Id("OnClose"): Func().Params(Id("string")).Block(
				Doc("Exactly once, however the session ends: it leaves the table."),
				Id("e").Dot("Closed").Call(),
			),
			Id("JSONResponse"):   Id("h").Dot("opts").Dot("JSONResponse"),
			Id("EventStore"):     Id("h").Dot("opts").Dot("EventStore"),
			Id("AllowedHosts"):   Id("h").Dot("opts").Dot("AllowedHosts"),
			Id("AllowedOrigins"): Id("h").Dot("opts").Dot("AllowedOrigins"),
			Id("MaxBodyBytes"):   Id("h").Dot("opts").Dot("MaxBodyBytes"),
			Id("WriteTimeout"):   Id("h").Dot("opts").Dot("WriteTimeout"),
			Id("MaxStreams"):     Id("h").Dot("opts").Dot("MaxStreams"),
			Id("Logger"):         Id("h").Dot("opts").Dot("Logger"),
		}),
		If(Id("h").Dot("keeper").Op("!=").Nil()).Block(
			Doc("The store holds the session before its client knows the id, and",
				"follows the initialized notification and the log level."),
			Id("opts").Dot("OnStateChange").Op("=").Func().Params(Id("id").String(), Id("state").Add(mcpQ("ServerSessionState"))).Block(
				Id("h").Dot("keeper").Dot("Save").Call(Op("&").Id("s").Dot("link"), Id("id"), Id("state")),
			),
		),
		Return(Id("opts")),
	)

	f.Add(Doc(
		"resume serves a session this node does not hold from the SessionStore:",
		"another node established it, and may be gone. Its transport is established",
		"from the start and a fresh server is connected with the stored state, so",
		"the client carries on without re-initializing. nil, nil: the store does",
		"not have it either (404). A store that does not answer is 503, which",
		"clients retry, rather than 404, which would end the session.",
	))
	f.Add(recv()).Id("resume").Params(r, Id("id").String()).Params(entryType(), Error()).Block(
		Id("h").Dot("resumeMu").Dot("Lock").Call(),
		Defer().Id("h").Dot("resumeMu").Dot("Unlock").Call(),
		If(Id("e").Op(":=").Id("h").Dot("sessions").Dot("Lookup").Call(Id("id")), Id("e").Op("!=").Nil()).Block(
			Doc("Resumed by a request that held resumeMu before this one."),
			Return(Id("e"), Nil()),
		),
		List(Id("state"), Id("ok"), Err()).Op(":=").Id("h").Dot("keeper").Dot("Load").Call(Id("r").Dot("Context").Call(), Id("id")),
		If(Err().Op("!=").Nil()).Block(
			Id("h").Dot("opts").Dot("Logger").Dot("Warn").Call(Lit("mcp: session store: loading a session"), Lit("session"), Id("id"), Lit("err"), Err()),
			Return(Nil(), protocolQ("Unavailable").Call(Lit(1), Lit("Service Unavailable: the session store did not answer"))),
		),
		If(Op("!").Id("ok")).Block(Return(Nil(), Nil())),
		List(Id("e"), Err()).Op(":=").Id("h").Dot("sessions").Dot("Reserve").Call(),
		If(Err().Op("!=").Nil()).Block(
			Return(Nil(), Err()),
		),
		Id("s").Op(":=").Op("&").Id("handlerSession").Values(),
		Id("e").Dot("Value").Op("=").Id("s"),
		List(Id("t"), Err()).Op(":=").Add(streamableQ("NewResumedTransport")).Call(Id("h").Dot("transportOptions").Call(Id("e")), Id("id"), Id("state")),
		If(Err().Op("!=").Nil()).Block(
			Doc("No transport to close: give the room back directly."),
			Id("e").Dot("Closed").Call(),
			Return(Nil(), protocolQ("Internal").Call(Err())),
		),
		Id("s").Dot("transport").Op("=").Id("t"),
		If(List(Id("_"), Err()).Op(":=").Id("h").Dot("sessionServer").Call().Dot("Connect").Call(Qual("context", "Background").Call(), Id("t"), Op("&").Add(mcpQ("ServerSessionOptions")).Values(Dict{Id("State"): Op("&").Id("state")})), Err().Op("!=").Nil()).Block(
			Id("t").Dot("Close").Call(),
			Return(Nil(), protocolQ("Internal").Call(Err())),
		),
		If(Err().Op(":=").Id("e").Dot("Establish").Call(Id("id")), Err().Op("!=").Nil()).Block(
			Doc("Shut down meanwhile."),
			Id("t").Dot("Close").Call(),
			Return(Nil(), Err()),
		),
		Id("h").Dot("keeper").Dot("Resumed").Call(Op("&").Id("s").Dot("link")),
		Id("h").Dot("resumed").Dot("Add").Call(Lit(1)),
		Id("h").Dot("opts").Dot("Logger").Dot("Info").Call(Lit("mcp: session resumed from the session store"), Lit("session"), Id("id")),
		Return(Id("e"), Nil()),
	)
}

func emitShutdownAndStats(f *File, o Config) {
	recv := func() *Statement { return Func().Params(Id("h").Op("*").Id("Handler")) }
	if o.Mode.Sessions() {
		f.Add(Doc("Shutdown refuses new requests (503) and drains every session: its GET",
			"stream ends cleanly, its calls in flight are answered, then it closes.",
			"It waits until every session has closed with no call in flight, or ctx",
			"is done (which cuts what is still in flight). Call it before",
			"http.Server.Shutdown: open SSE streams would otherwise keep that waiting."))
		shutdown := []Code{
			Id("h").Dot("closed").Dot("Store").Call(True()),
		}
		if o.Mode.Modern() {
			shutdown = append(shutdown, Id("h").Dot("endListening").Call())
		}
		shutdown = append(shutdown,
			Doc("Drained concurrently: each session waits for its own calls in flight."),
			Return(Id("h").Dot("sessions").Dot("Shutdown").Call(Id("ctx"), Func().Params(Id("ctx").Qual("context", "Context"), Id("s").Op("*").Id("handlerSession")).Block(
				Id("s").Dot("transport").Dot("Drain").Call(Id("ctx")),
			))),
		)
		f.Add(recv()).Id("Shutdown").Params(Id("ctx").Qual("context", "Context")).Error().Block(shutdown...)
		f.Add(Doc("Stats returns a snapshot of the session counters."))
		f.Add(recv()).Id("Stats").Params().Id("Stats").Block(
			Id("st").Op(":=").Id("h").Dot("sessions").Dot("Stats").Call(),
			Return(Id("Stats").Values(Dict{
				Id("OpenSessions"):       Id("st").Dot("Open"),
				Id("HandshakesAccepted"): Id("st").Dot("HandshakesAccepted"),
				Id("HandshakesRefused"):  Id("st").Dot("HandshakesRefused"),
				Id("ClosedByDelete"):     Id("st").Dot("ClosedByDelete"),
				Id("ClosedByIdle"):       Id("st").Dot("ClosedByIdle"),
				Id("ClosedByShutdown"):   Id("st").Dot("ClosedByShutdown"),
				Id("SessionsResumed"):    Id("h").Dot("resumed").Dot("Load").Call(),
			})),
		)
		return
	}
	f.Add(Doc("Shutdown refuses new requests (503) and ends the subscriptions/listen",
		"streams; calls in flight finish under http.Server.Shutdown. The stateless",
		"leg keeps no sessions, so there is nothing else to close or wait for."))
	f.Add(recv()).Id("Shutdown").Params(Id("_").Qual("context", "Context")).Error().Block(
		Id("h").Dot("closed").Dot("Store").Call(True()),
		Id("h").Dot("endListening").Call(),
		Return(Nil()),
	)
	f.Add(Doc("Stats returns a snapshot of the session counters: always zero, since",
		"the stateless leg keeps no sessions."))
	f.Add(recv()).Id("Stats").Params().Id("Stats").Block(Return(Id("Stats").Values()))
}

// emitModernChecks writes the stateless leg's entry: the refusals go-sdk's
// handler either makes by other rules (Host/Origin: the runtime's one rule,
// edge.CheckHostOrigin, applies here as in the session transports) or answers
// in plain text (a bad Accept as 400, a bad
// Content-Type as 415, in modern mode GET and DELETE as 405), made here
// through protocol.WriteError like every other refusal. The session
// transports apply the same options and checks themselves.
func emitModernChecks(f *File, o Config) {
	if !o.Mode.Modern() {
		return
	}
	w := Id("w").Qual("net/http", "ResponseWriter")
	r := Id("r").Op("*").Qual("net/http", "Request")
	f.Add(Doc("serveModern hands a request to the stateless leg unless checkModern",
		"refuses it; id is the request's JSON-RPC id for the refusal."))
	f.Func().Params(Id("h").Op("*").Id("Handler")).Id("serveModern").Params(w, r, Id("id").Any()).Block(
		If(Err().Op(":=").Id("h").Dot("checkModern").Call(Id("r")), Err().Op("!=").Nil()).Block(
			writeError(Id("id"), Err()),
			Return(),
		),
		If(Id("r").Dot("Header").Dot("Get").Call(protocolQ("HeaderMethod")).Op("==").Lit("subscriptions/listen")).Block(
			Doc("A listen stream is held for as long as the client likes: counted",
				"and capped, as session streams are. go-sdk checks that the header",
				"matches the body."),
			If(Id("n").Op(":=").Id("h").Dot("listening").Dot("Add").Call(Lit(1)), Id("h").Dot("opts").Dot("MaxListenStreams").Op(">").Lit(0).Op("&&").Id("n").Op(">").Int64().Call(Id("h").Dot("opts").Dot("MaxListenStreams"))).Block(
				Id("h").Dot("listening").Dot("Add").Call(Lit(-1)),
				writeError(Id("id"), protocolQ("Unavailable").Call(Lit(1), Lit("Service Unavailable: too many subscriptions/listen streams"))),
				Return(),
			),
			Defer().Id("h").Dot("listening").Dot("Add").Call(Lit(-1)),
			Doc("Shutdown ends the stream: it would otherwise hold",
				"http.Server.Shutdown until its timeout."),
			List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithCancel").Call(Id("r").Dot("Context").Call()),
			Defer().Id("cancel").Call(),
			Defer().Qual("context", "AfterFunc").Call(Id("h").Dot("listenCtx"), Id("cancel")).Call(),
			Id("r").Op("=").Id("r").Dot("WithContext").Call(Id("ctx")),
		),
		Doc("go-sdk answers some refusals with http.Error's plain text: they go",
			"out as JSON-RPC errors, as on the session leg."),
		List(Id("jw"), Id("finish")).Op(":=").Add(protocolQ("JSONErrors")).Call(Id("w"), Id("id")),
		Defer().Id("finish").Call(),
		Id("h").Dot("modern").Dot("ServeHTTP").Call(Id("jw"), Id("r")),
	)

	var method []Code
	if o.Mode == ModeModern {
		// In hybrid mode only single-message POSTs are classified modern.
		method = append(method,
			If(Id("r").Dot("Method").Op("!=").Qual("net/http", "MethodPost")).Block(
				Doc("2026-07-28 has no GET stream and no sessions to delete."),
				Return(protocolQ("MethodNotAllowed").Call(Id("r").Dot("Method"), Qual("net/http", "MethodPost"))),
			),
		)
	}
	doc := []string{"checkModern refuses what the stateless leg must not serve: a Host or",
		"Origin the session transports refuse too (403), and a POST whose",
		"Accept or Content-Type the transport cannot answer (406, 415)."}
	if o.Mode == ModeModern {
		doc[1] = "Origin the session transports refuse too (403), a method other"
		doc[2] = "than POST (405), and a POST whose Accept or Content-Type the transport"
		doc = append(doc, "cannot answer (406, 415).")
	}
	f.Add(Doc(doc...))
	f.Func().Params(Id("h").Op("*").Id("Handler")).Id("checkModern").Params(r).Error().Block(append(append([]Code{
		Doc("The Host and Origin rule of the session transports (docs/protocol.md)."),
		If(Err().Op(":=").Qual(pkgEdge, "CheckHostOrigin").Call(Id("r"), Id("h").Dot("opts").Dot("AllowedHosts"), Id("h").Dot("opts").Dot("AllowedOrigins")), Err().Op("!=").Nil()).Block(
			Return(Err()),
		),
	}, method...),
		Return(protocolQ("CheckPOSTHeaders").Call(Id("r"))),
	)...)
}
