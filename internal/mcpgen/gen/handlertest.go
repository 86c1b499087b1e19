package gen

import (
	. "github.com/dave/jennifer/jen"
)

// HandlerTest returns the source of the test file that proves the generated
// handler for o: refused handshakes leave nothing behind, unknown sessions
// are 404, the modern era is served without sessions, Shutdown closes
// everything, and go-sdk's real client works in every era the mode serves.
//
// It uses its own one-tool server, not the user's, so that it depends on
// nothing but the generated handler.
func HandlerTest(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	f := newFile(o.Package)
	emitTestHelpers(f, o)
	if o.Mode.Sessions() {
		emitSessionTests(f, o)
	}
	emitClientTests(f, o)
	return render(f, o)
}

// Identifiers of the generated tests carry an mcpgen prefix: they share a
// package with the user's code.
const (
	tServer     = "mcpgenTestServer"
	tServe      = "mcpgenServe"
	tPost       = "mcpgenPost"
	tConnect    = "mcpgenConnect"
	tCallEcho   = "mcpgenCallEcho"
	tEventual   = "mcpgenEventually"
	tRecorder   = "mcpgenSessionRecorder"
	tHTTP       = "mcpgenHTTPClient"
	tInit       = "mcpgenInitialize"
	tEchoInput  = "mcpgenEchoInput"
	tStatus     = "mcpgenStatus"
	tModernList = "mcpgenModernList"
)

func tT() *Statement { return Id("t").Op("*").Qual("testing", "T") }

func fatalf(format string, args ...Code) *Statement {
	return Id("t").Dot("Fatalf").Call(append([]Code{Lit(format)}, args...)...)
}

func errorf(format string, args ...Code) *Statement {
	return Id("t").Dot("Errorf").Call(append([]Code{Lit(format)}, args...)...)
}

func bg() *Statement { return Qual("context", "Background").Call() }

// rows is a composite literal's values one per line, so that a table of
// test cases reads as a table.
func rows(items ...Code) *Statement {
	return Custom(Options{Open: "{", Close: "}", Separator: ",", Multi: true}, items...)
}

func emitTestHelpers(f *File, o Config) {
	f.Add(Doc(tEchoInput + " is the input of the test server's one tool."))
	f.Type().Id(tEchoInput).Struct(Id("Text").String().Tag(map[string]string{"json": "text"}))

	f.Add(Doc(tServer+" is the server the generated tests run against: one tool that",
		"echoes its input."))
	f.Func().Id(tServer).Params().Op("*").Add(mcpQ("Server")).Block(
		Id("s").Op(":=").Add(mcpQ("NewServer")).Call(Op("&").Add(mcpQ("Implementation")).Values(Dict{
			Id("Name"): Lit("mcpgen-test"), Id("Version"): Lit("v0.0.1"),
		}), Nil()),
		mcpQ("AddTool").Call(Id("s"), Op("&").Add(mcpQ("Tool")).Values(Dict{
			Id("Name"): Lit("echo"), Id("Description"): Lit("Echoes its input."),
		}), Func().Params(
			Id("_").Qual("context", "Context"), Id("_").Op("*").Add(mcpQ("CallToolRequest")), Id("in").Id(tEchoInput),
		).Params(Op("*").Add(mcpQ("CallToolResult")), Id(tEchoInput), Error()).Block(
			Return(Nil(), Id("in"), Nil()),
		)),
		Return(Id("s")),
	)

	f.Add(Doc(tHTTP+" opens a new connection per request, so that a connection's",
		"goroutines never count against the goroutine baseline."))
	f.Var().Id(tHTTP).Op("=").Op("&").Qual("net/http", "Client").Values(Dict{
		Id("Transport"): Op("&").Qual("net/http", "Transport").Values(Dict{Id("DisableKeepAlives"): True()}),
	})

	f.Add(Doc(tInit + " is a legacy initialize request."))
	f.Const().Id(tInit).Op("=").Lit(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcpgen-test","version":"v0.0.1"}}}`)

	f.Add(Doc(tServe+" starts the generated handler on a loopback test server; the",
		"handler is shut down and the server closed when the test ends."))
	f.Func().Id(tServe).Params(tT(), Id("opts").Id("HandlerOptions")).Params(Op("*").Id("Handler"), String()).Block(
		Id("t").Dot("Helper").Call(),
		Id("h").Op(":=").Id("NewHandler").Call(Id(tServer), Id("opts")),
		Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Id("h")),
		Id("t").Dot("Cleanup").Call(Func().Params().Block(
			List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
			Defer().Id("cancel").Call(),
			If(Err().Op(":=").Id("h").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(
				errorf("Shutdown: %v", Err()),
			),
			Id("srv").Dot("Close").Call(),
		)),
		Return(Id("h"), Id("srv").Dot("URL")),
	)

	f.Add(Doc(tPost+" sends one POST with the headers a client sends, changed by",
		"header (an empty value deletes), and returns the response and its body."))
	f.Func().Id(tPost).Params(tT(), Id("url").String(), Id("header").Map(String()).String(), Id("body").String()).Params(Op("*").Qual("net/http", "Response"), Index().Byte()).Block(
		Id("t").Dot("Helper").Call(),
		List(Id("req"), Err()).Op(":=").Qual("net/http", "NewRequest").Call(Qual("net/http", "MethodPost"), Id("url"), Qual("strings", "NewReader").Call(Id("body"))),
		If(Err().Op("!=").Nil()).Block(fatalf("NewRequest: %v", Err())),
		Id("req").Dot("Header").Dot("Set").Call(Lit("Accept"), Lit("application/json, text/event-stream")),
		Id("req").Dot("Header").Dot("Set").Call(Lit("Content-Type"), Lit("application/json")),
		For(List(Id("k"), Id("v")).Op(":=").Range().Id("header")).Block(
			If(Id("k").Op("==").Lit("Host")).Block(
				Id("req").Dot("Host").Op("=").Id("v"),
				Continue(),
			),
			If(Id("v").Op("==").Lit("")).Block(
				Id("req").Dot("Header").Dot("Del").Call(Id("k")),
				Continue(),
			),
			Id("req").Dot("Header").Dot("Set").Call(Id("k"), Id("v")),
		),
		List(Id("resp"), Err()).Op(":=").Id(tHTTP).Dot("Do").Call(Id("req")),
		If(Err().Op("!=").Nil()).Block(fatalf("POST: %v", Err())),
		Defer().Id("resp").Dot("Body").Dot("Close").Call(),
		List(Id("b"), Err()).Op(":=").Qual("io", "ReadAll").Call(Id("resp").Dot("Body")),
		If(Err().Op("!=").Nil()).Block(fatalf("reading the response: %v", Err())),
		Return(Id("resp"), Id("b")),
	)

	if o.Mode.Modern() {
		f.Add(Doc(tModernList + " is a 2026-07-28 tools/list request."))
		f.Const().Id(tModernList).Op("=").Lit(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"mcpgen-test","version":"v0.0.1"}}}}`)

		f.Add(Doc(tStatus+" sends a body-less request that accepts an event stream, with",
			"an MCP-Protocol-Version header unless version is empty, and returns the status."))
		f.Func().Id(tStatus).Params(tT(), Id("method"), Id("url"), Id("version").String()).Int().Block(
			Id("t").Dot("Helper").Call(),
			List(Id("req"), Err()).Op(":=").Qual("net/http", "NewRequest").Call(Id("method"), Id("url"), Nil()),
			If(Err().Op("!=").Nil()).Block(fatalf("NewRequest: %v", Err())),
			Id("req").Dot("Header").Dot("Set").Call(Lit("Accept"), Lit("text/event-stream")),
			If(Id("version").Op("!=").Lit("")).Block(
				Id("req").Dot("Header").Dot("Set").Call(Lit("Mcp-Protocol-Version"), Id("version")),
			),
			List(Id("resp"), Err()).Op(":=").Id(tHTTP).Dot("Do").Call(Id("req")),
			If(Err().Op("!=").Nil()).Block(fatalf("%s: %v", Id("method"), Err())),
			Id("resp").Dot("Body").Dot("Close").Call(),
			Return(Id("resp").Dot("StatusCode")),
		)
	}

	f.Add(Doc(tRecorder+" is an http.RoundTripper that remembers any",
		"Mcp-Session-Id the server sent."))
	f.Type().Id(tRecorder).Struct(
		Id("mu").Qual("sync", "Mutex"),
		Id("ids").Index().String(),
	)
	f.Add(Doc("RoundTrip implements http.RoundTripper."))
	f.Func().Params(Id("r").Op("*").Id(tRecorder)).Id("RoundTrip").Params(Id("req").Op("*").Qual("net/http", "Request")).Params(Op("*").Qual("net/http", "Response"), Error()).Block(
		List(Id("resp"), Err()).Op(":=").Qual("net/http", "DefaultTransport").Dot("RoundTrip").Call(Id("req")),
		If(Err().Op("==").Nil().Op("&&").Id("resp").Dot("Header").Dot("Get").Call(Lit("Mcp-Session-Id")).Op("!=").Lit("")).Block(
			Id("r").Dot("mu").Dot("Lock").Call(),
			Id("r").Dot("ids").Op("=").Append(Id("r").Dot("ids"), Id("resp").Dot("Header").Dot("Get").Call(Lit("Mcp-Session-Id"))),
			Id("r").Dot("mu").Dot("Unlock").Call(),
		),
		Return(Id("resp"), Err()),
	)
	f.Add(Doc("seen returns the session ids received so far."))
	f.Func().Params(Id("r").Op("*").Id(tRecorder)).Id("seen").Params().Index().String().Block(
		Id("r").Dot("mu").Dot("Lock").Call(),
		Defer().Id("r").Dot("mu").Dot("Unlock").Call(),
		Return(Qual("slices", "Clone").Call(Id("r").Dot("ids"))),
	)

	f.Add(Doc(tConnect+" connects go-sdk's client asking for protocol revision",
		"version; it records session ids into rec when rec is not nil."))
	f.Func().Id(tConnect).Params(tT(), Id("url"), Id("version").String(), Id("rec").Op("*").Id(tRecorder)).Op("*").Add(mcpQ("ClientSession")).Block(
		Id("t").Dot("Helper").Call(),
		Id("transport").Op(":=").Op("&").Add(mcpQ("StreamableClientTransport")).Values(Dict{Id("Endpoint"): Id("url")}),
		If(Id("rec").Op("!=").Nil()).Block(
			Id("transport").Dot("HTTPClient").Op("=").Op("&").Qual("net/http", "Client").Values(Dict{Id("Transport"): Id("rec")}),
		),
		Id("client").Op(":=").Add(mcpQ("NewClient")).Call(Op("&").Add(mcpQ("Implementation")).Values(Dict{
			Id("Name"): Lit("mcpgen-test-client"), Id("Version"): Lit("v0.0.1"),
		}), Nil()),
		List(Id("cs"), Err()).Op(":=").Id("client").Dot("Connect").Call(bg(), Id("transport"), Op("&").Add(mcpQ("ClientSessionOptions")).Values(Dict{Id("ProtocolVersion"): Id("version")})),
		If(Err().Op("!=").Nil()).Block(fatalf("Connect(%q): %v", Id("version"), Err())),
		Return(Id("cs")),
	)

	f.Add(Doc(tCallEcho + " lists the tools and calls the echo tool through cs."))
	f.Func().Id(tCallEcho).Params(tT(), Id("cs").Op("*").Add(mcpQ("ClientSession"))).Block(
		Id("t").Dot("Helper").Call(),
		List(Id("tools"), Err()).Op(":=").Id("cs").Dot("ListTools").Call(bg(), Nil()),
		If(Err().Op("!=").Nil()).Block(fatalf("ListTools: %v", Err())),
		If(Len(Id("tools").Dot("Tools")).Op("!=").Lit(1).Op("||").Id("tools").Dot("Tools").Index(Lit(0)).Dot("Name").Op("!=").Lit("echo")).Block(
			fatalf("ListTools = %v, want the echo tool", Id("tools").Dot("Tools")),
		),
		List(Id("res"), Err()).Op(":=").Id("cs").Dot("CallTool").Call(bg(), Op("&").Add(mcpQ("CallToolParams")).Values(Dict{
			Id("Name"):      Lit("echo"),
			Id("Arguments"): Map(String()).Any().Values(Dict{Lit("text"): Lit("hello")}),
		})),
		If(Err().Op("!=").Nil()).Block(fatalf("CallTool: %v", Err())),
		If(Id("res").Dot("IsError")).Block(fatalf("CallTool returned a tool error: %v", Id("res").Dot("Content"))),
	)

	f.Add(Doc(tEventual+" waits until cond holds, failing the test after ten",
		"seconds. Sessions and goroutines end asynchronously."))
	f.Func().Id(tEventual).Params(tT(), Id("what").String(), Id("cond").Func().Params().Bool()).Block(
		Id("t").Dot("Helper").Call(),
		Id("deadline").Op(":=").Qual("time", "Now").Call().Dot("Add").Call(Lit(10).Op("*").Qual("time", "Second")),
		For(Op("!").Id("cond").Call()).Block(
			If(Qual("time", "Now").Call().Dot("After").Call(Id("deadline"))).Block(fatalf("timed out waiting for %s", Id("what"))),
			Qual("time", "Sleep").Call(Lit(10).Op("*").Qual("time", "Millisecond")),
		),
	)
}

func emitSessionTests(f *File, o Config) {
	stats := func() *Statement { return Id("h").Dot("Stats").Call() }

	f.Add(Doc("Every kind of refused handshake leaves no session and no goroutine behind."))
	f.Func().Id("TestMCPHandlerRefusedHandshakesLeaveNothing").Params(tT()).Block(
		List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
		Id("before").Op(":=").Qual("runtime", "NumGoroutine").Call(),
		Id("cases").Op(":=").Index().Struct(
			Id("name").String(),
			Id("header").Map(String()).String(),
			Id("body").String(),
			Id("status").Int(),
		).Add(rows(
			Values(Lit("bad Accept"), Map(String()).String().Values(Dict{Lit("Accept"): Lit("text/plain")}), Id(tInit), Qual("net/http", "StatusNotAcceptable")),
			Values(Lit("bad Content-Type"), Map(String()).String().Values(Dict{Lit("Content-Type"): Lit("text/plain")}), Id(tInit), Qual("net/http", "StatusUnsupportedMediaType")),
			Values(Lit("foreign Host (DNS rebinding)"), Map(String()).String().Values(Dict{Lit("Host"): Lit("evil.example:80")}), Id(tInit), Qual("net/http", "StatusForbidden")),
			Values(Lit("unsupported protocol version"), Map(String()).String().Values(Dict{Lit("Mcp-Protocol-Version"): Lit("1999-01-01")}), Id(tInit), Qual("net/http", "StatusBadRequest")),
			Values(Lit("invalid JSON"), Nil(), Lit(`{"jsonrpc":`), Qual("net/http", "StatusBadRequest")),
			Values(Lit("batch initialize"), Nil(), Lit("[").Op("+").Id(tInit).Op("+").Lit("]"), Qual("net/http", "StatusBadRequest")),
			Values(Lit("non-initialize without session"), Nil(), Lit(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`), Qual("net/http", "StatusBadRequest")),
		)),
		For(List(Id("_"), Id("c")).Op(":=").Range().Id("cases")).Block(
			For(Range().Lit(10)).Block(
				List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Id("c").Dot("header"), Id("c").Dot("body")),
				If(Id("resp").Dot("StatusCode").Op("!=").Id("c").Dot("status")).Block(
					fatalf("%s: status %d, want %d; body %s", Id("c").Dot("name"), Id("resp").Dot("StatusCode"), Id("c").Dot("status"), Id("body")),
				),
				If(Id("id").Op(":=").Id("resp").Dot("Header").Dot("Get").Call(Lit("Mcp-Session-Id")), Id("id").Op("!=").Lit("")).Block(
					fatalf("%s: refused handshake answered with Mcp-Session-Id %q", Id("c").Dot("name"), Id("id")),
				),
			),
		),
		Id(tEventual).Call(Id("t"), Lit("no sessions and the goroutines back to the baseline"), Func().Params().Bool().Block(
			Return(stats().Dot("OpenSessions").Op("==").Lit(0).Op("&&").Qual("runtime", "NumGoroutine").Call().Op("<=").Id("before")),
		)),
		If(Id("st").Op(":=").Add(stats()), Id("st").Dot("HandshakesAccepted").Op("!=").Lit(0).Op("||").Id("st").Dot("HandshakesRefused").Op("==").Lit(0)).Block(
			errorf("Stats() = %+v, want no accepted handshakes and some refused", Id("st")),
		),
	)

	f.Add(Doc("A handshake the transport would refuse before its server has a say is",
		"refused before one is built: newServer does not run for it."))
	f.Func().Id("TestMCPHandlerCheapRefusalsBuildNoServer").Params(tT()).Block(
		Var().Id("made").Qual("sync/atomic", "Int32"),
		Id("h").Op(":=").Id("NewHandler").Call(Func().Params().Op("*").Add(mcpQ("Server")).Block(
			Id("made").Dot("Add").Call(Lit(1)),
			Return(Id(tServer).Call()),
		), Id("HandlerOptions").Values()),
		Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Id("h")),
		Defer().Id("srv").Dot("Close").Call(),
		Id("before").Op(":=").Id("made").Dot("Load").Call(),
		Id("cases").Op(":=").Index().Struct(
			Id("name").String(),
			Id("header").Map(String()).String(),
			Id("body").String(),
			Id("status").Int(),
		).Add(rows(
			Values(Lit("bad Accept"), Map(String()).String().Values(Dict{Lit("Accept"): Lit("text/plain")}), Id(tInit), Qual("net/http", "StatusNotAcceptable")),
			Values(Lit("bad Content-Type"), Map(String()).String().Values(Dict{Lit("Content-Type"): Lit("text/plain")}), Id(tInit), Qual("net/http", "StatusUnsupportedMediaType")),
			Values(Lit("foreign Host"), Map(String()).String().Values(Dict{Lit("Host"): Lit("evil.example:80")}), Id(tInit), Qual("net/http", "StatusForbidden")),
			Values(Lit("foreign Origin"), Map(String()).String().Values(Dict{Lit("Origin"): Lit("http://evil.example")}), Id(tInit), Qual("net/http", "StatusForbidden")),
			Values(Lit("unknown protocol version"), Map(String()).String().Values(Dict{Lit("Mcp-Protocol-Version"): Lit("1999-01-01")}), Id(tInit), Qual("net/http", "StatusBadRequest")),
			Values(Lit("protocol version not served"), Map(String()).String().Values(Dict{Lit("Mcp-Protocol-Version"): Lit("2024-11-05")}), Id(tInit), Qual("net/http", "StatusBadRequest")),
			Values(Lit("sessionless version on initialize"), Map(String()).String().Values(Dict{Lit("Mcp-Protocol-Version"): Lit("2026-07-28")}), Id(tInit), Qual("net/http", "StatusBadRequest")),
			Values(Lit("initialize without an id"), Nil(), Lit(`{"jsonrpc":"2.0","method":"initialize","params":{}}`), Qual("net/http", "StatusBadRequest")),
			Values(Lit("initialize params of the wrong type"), Nil(), Lit(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}`), Qual("net/http", "StatusBadRequest")),
		)),
		For(List(Id("_"), Id("c")).Op(":=").Range().Id("cases")).Block(
			List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("srv").Dot("URL"), Id("c").Dot("header"), Id("c").Dot("body")),
			If(Id("resp").Dot("StatusCode").Op("!=").Id("c").Dot("status")).Block(
				errorf("%s: status %d, want %d; body %s", Id("c").Dot("name"), Id("resp").Dot("StatusCode"), Id("c").Dot("status"), Id("body")),
			),
			If(Id("n").Op(":=").Id("made").Dot("Load").Call().Op("-").Id("before"), Id("n").Op("!=").Lit(0)).Block(
				errorf("%s: refused after newServer ran %d times", Id("c").Dot("name"), Id("n")),
			),
			Id("before").Op("=").Id("made").Dot("Load").Call(),
		),
		List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
		Defer().Id("cancel").Call(),
		If(Err().Op(":=").Id("h").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(errorf("Shutdown: %v", Err())),
	)

	f.Add(Doc("An unknown session id is answered 404 / -32001, which tells a client to",
		"start a new session."))
	f.Func().Id("TestMCPHandlerUnknownSession").Params(tT()).Block(
		List(Id("_"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
		List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Map(String()).String().Values(Dict{
			Lit("Mcp-Session-Id"): Lit("no-such-session"), Lit("Mcp-Protocol-Version"): Lit("2025-11-25"),
		}), Lit(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)),
		If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusNotFound")).Block(
			fatalf("status %d, want 404; body %s", Id("resp").Dot("StatusCode"), Id("body")),
		),
		Var().Id("msg").Struct(
			Id("Error").Struct(Id("Code").Int64()).Tag(map[string]string{"json": "error"}),
			Id("ID").Int64().Tag(map[string]string{"json": "id"}),
		),
		If(Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(Id("body"), Op("&").Id("msg")), Err().Op("!=").Nil()).Block(
			fatalf("body %s: %v", Id("body"), Err()),
		),
		If(Id("msg").Dot("Error").Dot("Code").Op("!=").Lit(-32001).Op("||").Id("msg").Dot("ID").Op("!=").Lit(7)).Block(
			errorf("body %s, want code -32001 and id 7", Id("body")),
		),
	)

	f.Add(Doc("A session-era client gets a session, and its DELETE closes it."))
	f.Func().Id("TestMCPHandlerSessionClient").Params(tT()).Block(
		List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
		Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2025-11-25"), Nil()),
		If(Id("cs").Dot("ID").Call().Op("==").Lit("")).Block(fatalf("a 2025-11-25 client got no session id")),
		Id(tCallEcho).Call(Id("t"), Id("cs")),
		// The handshake is counted when the initialize request's handler
		// returns, which can be after the client has read its answer.
		Id(tEventual).Call(Id("t"), Lit("one open session from one handshake"), Func().Params().Bool().Block(
			Id("st").Op(":=").Add(stats()),
			Return(Id("st").Dot("OpenSessions").Op("==").Lit(1).Op("&&").Id("st").Dot("HandshakesAccepted").Op("==").Lit(1)),
		)),
		If(Err().Op(":=").Id("cs").Dot("Close").Call(), Err().Op("!=").Nil()).Block(fatalf("Close: %v", Err())),
		Id(tEventual).Call(Id("t"), Lit("the session to close by DELETE"), Func().Params().Bool().Block(
			Id("st").Op(":=").Add(stats()),
			Return(Id("st").Dot("OpenSessions").Op("==").Lit(0).Op("&&").Id("st").Dot("ClosedByDelete").Op("==").Lit(1)),
		)),
	)

	f.Add(Doc("A server per session by default; with SharedServer one server, made once,",
		"serves every session."))
	perSession := Lit(3)
	if o.Mode.Modern() {
		perSession = Lit(4) // and one for the stateless leg
	}
	f.Func().Id("TestMCPHandlerSharedServer").Params(tT()).Block(
		For(List(Id("_"), Id("shared")).Op(":=").Range().Index().Bool().Values(False(), True())).Block(
			Var().Id("made").Qual("sync/atomic", "Int32"),
			Id("h").Op(":=").Id("NewHandler").Call(Func().Params().Op("*").Add(mcpQ("Server")).Block(
				Id("made").Dot("Add").Call(Lit(1)),
				Return(Id(tServer).Call()),
			), Id("HandlerOptions").Values(Dict{Id("SharedServer"): Id("shared")})),
			Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Id("h")),
			For(Range().Lit(3)).Block(
				Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("srv").Dot("URL"), Lit("2025-11-25"), Nil()),
				Id(tCallEcho).Call(Id("t"), Id("cs")),
				Id("cs").Dot("Close").Call(),
			),
			List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
			If(Err().Op(":=").Id("h").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(errorf("Shutdown: %v", Err())),
			Id("cancel").Call(),
			Id("srv").Dot("Close").Call(),
			Id("want").Op(":=").Int32().Call(perSession),
			If(Id("shared")).Block(Id("want").Op("=").Lit(1)),
			If(Id("n").Op(":=").Id("made").Dot("Load").Call(), Id("n").Op("!=").Id("want")).Block(
				errorf("SharedServer %v: newServer ran %d times for 3 sessions, want %d", Id("shared"), Id("n"), Id("want")),
			),
		),
	)

	f.Add(Doc("Shutdown closes every session and refuses what comes after it."))
	f.Func().Id("TestMCPHandlerShutdownClosesAll").Params(tT()).Block(
		List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
		For(Range().Lit(3)).Block(
			Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2025-11-25"), Nil()),
			Id("t").Dot("Cleanup").Call(Func().Params().Block(Id("cs").Dot("Close").Call())),
		),
		If(Id("n").Op(":=").Add(stats()).Dot("OpenSessions"), Id("n").Op("!=").Lit(3)).Block(fatalf("%d open sessions, want 3", Id("n"))),
		List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
		Defer().Id("cancel").Call(),
		If(Err().Op(":=").Id("h").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(fatalf("Shutdown: %v", Err())),
		If(Id("st").Op(":=").Add(stats()), Id("st").Dot("OpenSessions").Op("!=").Lit(0).Op("||").Id("st").Dot("ClosedByShutdown").Op("!=").Lit(3)).Block(
			errorf("after Shutdown, Stats() = %+v, want 0 open and 3 closed by shutdown", Id("st")),
		),
		List(Id("resp"), Id("_")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Nil(), Id(tInit)),
		If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusServiceUnavailable")).Block(
			errorf("initialize after Shutdown: status %d, want 503", Id("resp").Dot("StatusCode")),
		),
	)

	f.Add(Doc("A session outlives its node: established on one handler with a NodeID, it",
		"is resumed from the shared SessionStore by another once the first has shut",
		"down (a rolling restart), with no new initialize and the same id; its GET",
		"stream, resumed with a Last-Event-ID the new node never issued, goes on; its",
		"DELETE removes the stored record."))
	f.Func().Id("TestMCPHandlerResumesFromSessionStore").Params(tT()).Block(
		Id("store").Op(":=").Add(Qual(pkgStore, "NewMemory")).Call(Lit(0)),
		Id("node").Op(":=").Func().Params(Id("id").String()).Op("*").Id("Handler").Block(
			Return(Id("NewHandler").Call(Id(tServer), Id("HandlerOptions").Values(Dict{
				Id("NodeID"):       Id("id"),
				Id("SessionStore"): Id("store"),
				Id("EventStore"):   streamableQ("NewMemoryEventStore").Call(Lit(0)),
			}))),
		),
		List(Id("h1"), Id("h2")).Op(":=").List(Id("node").Call(Lit("n1")), Id("node").Call(Lit("n2"))),
		Var().Id("current").Qual("sync/atomic", "Pointer").Types(Id("Handler")),
		Id("current").Dot("Store").Call(Id("h1")),
		Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Qual("net/http", "HandlerFunc").Call(
			Func().Params(Id("w").Qual("net/http", "ResponseWriter"), Id("r").Op("*").Qual("net/http", "Request")).Block(
				Id("current").Dot("Load").Call().Dot("ServeHTTP").Call(Id("w"), Id("r")),
			))),
		List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
		Defer().Id("cancel").Call(),
		Defer().Id("srv").Dot("Close").Call(),
		Defer().Id("h2").Dot("Shutdown").Call(Id("ctx")),
		Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("srv").Dot("URL"), Lit("2025-11-25"), Nil()),
		Id("id").Op(":=").Id("cs").Dot("ID").Call(),
		If(Op("!").Qual("strings", "HasPrefix").Call(Id("id"), Lit("n1."))).Block(fatalf("session id %q does not carry node n1", Id("id"))),
		Id(tCallEcho).Call(Id("t"), Id("cs")),
		Id("current").Dot("Store").Call(Id("h2")),
		If(Err().Op(":=").Id("h1").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(fatalf("Shutdown: %v", Err())),
		Id(tCallEcho).Call(Id("t"), Id("cs")),
		If(Id("st").Op(":=").Id("h2").Dot("Stats").Call(), Id("cs").Dot("ID").Call().Op("!=").Id("id").Op("||").Id("st").Dot("SessionsResumed").Op("!=").Lit(1).Op("||").Id("st").Dot("HandshakesAccepted").Op("!=").Lit(0)).Block(
			fatalf("session %q → %q, second node's Stats() = %+v: want the same session, resumed once, no handshake", Id("id"), Id("cs").Dot("ID").Call(), Id("st")),
		),
		Doc("The GET stream moved too: a call after the client's reconnection delay",
			"still works."),
		Qual("time", "Sleep").Call(Lit(1500).Op("*").Qual("time", "Millisecond")),
		Id(tCallEcho).Call(Id("t"), Id("cs")),
		If(Err().Op(":=").Id("cs").Dot("Close").Call(), Err().Op("!=").Nil()).Block(fatalf("Close: %v", Err())),
		Id(tEventual).Call(Id("t"), Lit("the DELETE to remove the stored session"), Func().Params().Bool().Block(
			List(Id("_"), Id("ok"), Id("_")).Op(":=").Id("store").Dot("Get").Call(bg(), Id("id")),
			Return(Op("!").Id("ok").Op("&&").Id("h2").Dot("Stats").Call().Dot("ClosedByDelete").Op("==").Lit(1)),
		)),
	)

	f.Add(Doc("A handshake beyond MaxSessions is refused 503 with Retry-After."))
	f.Func().Id("TestMCPHandlerMaxSessions").Params(tT()).Block(
		List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values(Dict{Id("MaxSessions"): Lit(1)})),
		Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2025-11-25"), Nil()),
		Defer().Id("cs").Dot("Close").Call(),
		List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Nil(), Id(tInit)),
		If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusServiceUnavailable").Op("||").Id("resp").Dot("Header").Dot("Get").Call(Lit("Retry-After")).Op("==").Lit("")).Block(
			fatalf("status %d, Retry-After %q, want 503 with Retry-After; body %s", Id("resp").Dot("StatusCode"), Id("resp").Dot("Header").Dot("Get").Call(Lit("Retry-After")), Id("body")),
		),
		If(Id("n").Op(":=").Add(stats()).Dot("OpenSessions"), Id("n").Op("!=").Lit(1)).Block(errorf("%d open sessions, want 1", Id("n"))),
	)

	f.Add(Doc("IdleTimeout closes a session nobody uses, and its id is then unknown."))
	f.Func().Id("TestMCPHandlerIdleTimeout").Params(tT()).Block(
		List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values(Dict{
			Id("IdleTimeout"): Lit(50).Op("*").Qual("time", "Millisecond"), Id("JSONResponse"): True(),
		})),
		List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Nil(), Id(tInit)),
		Id("id").Op(":=").Id("resp").Dot("Header").Dot("Get").Call(Lit("Mcp-Session-Id")),
		If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusOK").Op("||").Id("id").Op("==").Lit("")).Block(
			fatalf("initialize: status %d, session %q; body %s", Id("resp").Dot("StatusCode"), Id("id"), Id("body")),
		),
		Id(tEventual).Call(Id("t"), Lit("the idle session to close"), Func().Params().Bool().Block(
			Id("st").Op(":=").Add(stats()),
			Return(Id("st").Dot("OpenSessions").Op("==").Lit(0).Op("&&").Id("st").Dot("ClosedByIdle").Op("==").Lit(1)),
		)),
		List(Id("resp"), Id("body")).Op("=").Id(tPost).Call(Id("t"), Id("url"), Map(String()).String().Values(Dict{
			Lit("Mcp-Session-Id"): Id("id"), Lit("Mcp-Protocol-Version"): Lit("2025-11-25"),
		}), Lit(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)),
		If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusNotFound")).Block(
			errorf("request on the closed session: status %d, want 404; body %s", Id("resp").Dot("StatusCode"), Id("body")),
		),
	)
}

func emitClientTests(f *File, o Config) {
	stats := func() *Statement { return Id("h").Dot("Stats").Call() }
	switch o.Mode {
	case ModeHybrid, ModeModern:
		f.Add(Doc("A 2026-07-28 client is served statelessly: no Mcp-Session-Id is ever",
			"sent and no session is kept."))
		f.Func().Id("TestMCPHandlerModernClientHasNoSession").Params(tT()).Block(
			List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
			Id("rec").Op(":=").Op("&").Id(tRecorder).Values(),
			Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2026-07-28"), Id("rec")),
			If(Id("v").Op(":=").Id("cs").Dot("InitializeResult").Call().Dot("ProtocolVersion"), Id("v").Op("!=").Lit("2026-07-28")).Block(
				fatalf("negotiated %q, want 2026-07-28", Id("v")),
			),
			Id(tCallEcho).Call(Id("t"), Id("cs")),
			If(Err().Op(":=").Id("cs").Dot("Close").Call(), Err().Op("!=").Nil()).Block(errorf("Close: %v", Err())),
			If(Id("ids").Op(":=").Id("rec").Dot("seen").Call(), Len(Id("ids")).Op("!=").Lit(0)).Block(
				errorf("the server sent Mcp-Session-Id %q to a 2026-07-28 client", Id("ids")),
			),
			If(Id("n").Op(":=").Add(stats()).Dot("OpenSessions"), Id("n").Op("!=").Lit(0)).Block(errorf("%d open sessions, want 0", Id("n"))),
		)
	}
	if o.Mode.Modern() {
		f.Add(Doc("A 2026-07-28 request is served even when it carries an Mcp-Session-Id,",
			"which is ignored and never echoed; GET and DELETE are 405 at that revision."))
		f.Func().Id("TestMCPHandlerModernRequestIgnoresSessionID").Params(tT()).Block(
			List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
			List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Map(String()).String().Values(Dict{
				Lit("Mcp-Session-Id"):       Lit("volunteered-by-the-client"),
				Lit("Mcp-Protocol-Version"): Lit("2026-07-28"),
				Lit("Mcp-Method"):           Lit("tools/list"),
			}), Id(tModernList)),
			If(Id("resp").Dot("StatusCode").Op("!=").Qual("net/http", "StatusOK").Op("||").Op("!").Qual("strings", "Contains").Call(String().Call(Id("body")), Lit(`"echo"`))).Block(
				fatalf("status %d, body %s; want 200 listing the echo tool", Id("resp").Dot("StatusCode"), Id("body")),
			),
			If(Id("id").Op(":=").Id("resp").Dot("Header").Dot("Get").Call(Lit("Mcp-Session-Id")), Id("id").Op("!=").Lit("")).Block(
				errorf("a 2026-07-28 response carries Mcp-Session-Id %q", Id("id")),
			),
			getDeleteAre405(Lit("2026-07-28")),
			If(Id("n").Op(":=").Add(stats()).Dot("OpenSessions"), Id("n").Op("!=").Lit(0)).Block(errorf("%d open sessions, want 0", Id("n"))),
		)

		f.Add(Doc("A 2026-07-28 request whose Accept or Content-Type the endpoint cannot",
			"serve is refused 406 or 415 with a JSON-RPC error body (-32000), as on",
			"the session era, not in go-sdk's plain text."))
		f.Func().Id("TestMCPHandlerModernBadMediaTypes").Params(tT()).Block(
			List(Id("_"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
			Id("cases").Op(":=").Index().Struct(
				Id("name").String(),
				Id("header").Map(String()).String(),
				Id("status").Int(),
			).Add(rows(
				Values(Lit("Accept text/html"), Map(String()).String().Values(Dict{Lit("Accept"): Lit("text/html")}), Qual("net/http", "StatusNotAcceptable")),
				Values(Lit("Accept without an event stream"), Map(String()).String().Values(Dict{Lit("Accept"): Lit("application/json")}), Qual("net/http", "StatusNotAcceptable")),
				Values(Lit("Accept refusing the event stream (q=0)"), Map(String()).String().Values(Dict{Lit("Accept"): Lit("application/json, text/event-stream;q=0")}), Qual("net/http", "StatusNotAcceptable")),
				Values(Lit("Content-Type text/plain"), Map(String()).String().Values(Dict{Lit("Content-Type"): Lit("text/plain")}), Qual("net/http", "StatusUnsupportedMediaType")),
			)),
			For(List(Id("_"), Id("c")).Op(":=").Range().Id("cases")).Block(
				Id("c").Dot("header").Index(Lit("Mcp-Protocol-Version")).Op("=").Lit("2026-07-28"),
				Id("c").Dot("header").Index(Lit("Mcp-Method")).Op("=").Lit("tools/list"),
				List(Id("resp"), Id("body")).Op(":=").Id(tPost).Call(Id("t"), Id("url"), Id("c").Dot("header"), Id(tModernList)),
				Var().Id("msg").Struct(
					Id("Error").Struct(Id("Code").Int64()).Tag(map[string]string{"json": "error"}),
				),
				Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(Id("body"), Op("&").Id("msg")),
				If(Id("resp").Dot("StatusCode").Op("!=").Id("c").Dot("status").Op("||").
					Id("resp").Dot("Header").Dot("Get").Call(Lit("Content-Type")).Op("!=").Lit("application/json").Op("||").
					Err().Op("!=").Nil().Op("||").Id("msg").Dot("Error").Dot("Code").Op("!=").Lit(-32000)).Block(
					errorf("%s: status %d, Content-Type %q, body %s; want %d with a JSON-RPC error -32000",
						Id("c").Dot("name"), Id("resp").Dot("StatusCode"), Id("resp").Dot("Header").Dot("Get").Call(Lit("Content-Type")), Id("body"), Id("c").Dot("status")),
				),
			),
		)
	}
	switch o.Mode {
	case ModeLegacy:
		f.Add(Doc("A client that probes for 2026-07-28 is refused in a way that makes it",
			"fall back to initialize, and then gets a session."))
		f.Func().Id("TestMCPHandlerModernClientFallsBack").Params(tT()).Block(
			List(Id("h"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
			Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2026-07-28"), Nil()),
			Defer().Id("cs").Dot("Close").Call(),
			If(Id("v").Op(":=").Id("cs").Dot("InitializeResult").Call().Dot("ProtocolVersion"), Id("v").Op("!=").Lit("2025-11-25").Op("||").Id("cs").Dot("ID").Call().Op("==").Lit("")).Block(
				fatalf("negotiated %q with session %q, want 2025-11-25 with a session", Id("v"), Id("cs").Dot("ID").Call()),
			),
			Id(tCallEcho).Call(Id("t"), Id("cs")),
			If(Id("n").Op(":=").Add(stats()).Dot("OpenSessions"), Id("n").Op("!=").Lit(1)).Block(errorf("%d open sessions, want 1", Id("n"))),
		)
	case ModeModern:
		f.Add(Doc("A session-era client is served too, statelessly: no session id, and",
			"GET and DELETE are 405."))
		f.Func().Id("TestMCPHandlerLegacyClientIsStateless").Params(tT()).Block(
			List(Id("_"), Id("url")).Op(":=").Id(tServe).Call(Id("t"), Id("HandlerOptions").Values()),
			Id("rec").Op(":=").Op("&").Id(tRecorder).Values(),
			Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("url"), Lit("2025-11-25"), Id("rec")),
			Id(tCallEcho).Call(Id("t"), Id("cs")),
			Id("cs").Dot("Close").Call(),
			If(Id("ids").Op(":=").Id("rec").Dot("seen").Call(), Len(Id("ids")).Op("!=").Lit(0)).Block(
				errorf("the server sent Mcp-Session-Id %q", Id("ids")),
			),
			getDeleteAre405(Lit("")),
		)
	}
}

// getDeleteAre405 is a loop asserting that GET and DELETE without a session
// are answered 405, with the given MCP-Protocol-Version header (none if
// empty): the stateless leg has no stream to open and no session to end.
func getDeleteAre405(version Code) *Statement {
	return For(List(Id("_"), Id("method")).Op(":=").Range().Index().String().Values(Qual("net/http", "MethodGet"), Qual("net/http", "MethodDelete"))).Block(
		If(Id("status").Op(":=").Id(tStatus).Call(Id("t"), Id("method"), Id("url"), version), Id("status").Op("!=").Qual("net/http", "StatusMethodNotAllowed")).Block(
			errorf("%s (MCP-Protocol-Version %q): status %d, want 405", Id("method"), version, Id("status")),
		),
	)
}
