package gen

import (
	. "github.com/dave/jennifer/jen"
)

// HandlerTest returns the source of the test file that proves the generated
// wiring for o: go-sdk's real client is served in every era the mode serves,
// with a session where the mode keeps them, and Shutdown closes it. The
// handler's mechanics are tested once, in runtime/mcphttp.
//
// It uses its own one-tool server, not the user's, so that it depends on
// nothing but the generated wiring.
func HandlerTest(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	f := newFile(o.Package)
	emitTestHelpers(f, o)
	emitWiringTest(f, o)
	return render(f, o)
}

// Identifiers of the generated tests carry an mcpgen prefix: they share a
// package with the user's code.
const (
	tServer    = "mcpgenTestServer"
	tConnect   = "mcpgenConnect"
	tCallEcho  = "mcpgenCallEcho"
	tEchoInput = "mcpgenEchoInput"
)

func tT() *Statement { return Id("t").Op("*").Qual("testing", "T") }

func fatalf(format string, args ...Code) *Statement {
	return Id("t").Dot("Fatalf").Call(append([]Code{Lit(format)}, args...)...)
}

func errorf(format string, args ...Code) *Statement {
	return Id("t").Dot("Errorf").Call(append([]Code{Lit(format)}, args...)...)
}

func bg() *Statement { return Qual("context", "Background").Call() }

func emitTestHelpers(f *File, _ Config) {
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

	f.Add(Doc(tConnect+" connects go-sdk's client asking for protocol revision",
		"version."))
	f.Func().Id(tConnect).Params(tT(), Id("url"), Id("version").String()).Op("*").Add(mcpQ("ClientSession")).Block(
		Id("t").Dot("Helper").Call(),
		Id("transport").Op(":=").Op("&").Add(mcpQ("StreamableClientTransport")).Values(Dict{Id("Endpoint"): Id("url")}),
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

}

// emitWiringTest writes the test that NewHandler serves the mode it was
// generated for: each era's client, with a session exactly where the mode
// keeps them.
func emitWiringTest(f *File, o Config) {
	var versions []Code
	if o.Mode.Sessions() || o.Mode == ModeModern {
		versions = append(versions, Values(Lit("2025-11-25"), Lit(o.Mode.Sessions())))
	}
	if o.Mode.Modern() {
		versions = append(versions, Values(Lit("2026-07-28"), False()))
	}
	doc := []string{"NewHandler serves go-sdk's client in every era its mode serves, with a",
		"session exactly where the mode keeps them, and Shutdown closes them."}
	if d := o.Declared; d.State != "" {
		doc[1] = "session exactly where the mode keeps them, each session with its " + d.State + ","
		doc = append(doc, "and Shutdown closes them. "+d.New+" must accept a client with no principal.")
	}
	f.Add(Doc(doc...))
	f.Func().Id("TestMCPHandlerServesItsMode").Params(tT()).Block(
		Id("h").Op(":=").Id("NewHandler").Call(Id(tServer), testOptions(o)),
		Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Id("h")),
		Defer().Id("srv").Dot("Close").Call(),
		For(List(Id("_"), Id("c")).Op(":=").Range().Index().Struct(
			Id("version").String(),
			Id("session").Bool(),
		).Add(Custom(Options{Open: "{", Close: "}", Separator: ",", Multi: true}, versions...))).Block(
			Id("cs").Op(":=").Id(tConnect).Call(Id("t"), Id("srv").Dot("URL"), Id("c").Dot("version")),
			Id(tCallEcho).Call(Id("t"), Id("cs")),
			If(Id("got").Op(":=").Id("cs").Dot("ID").Call().Op("!=").Lit(""), Id("got").Op("!=").Id("c").Dot("session")).Block(
				errorf("%s client: has a session %v, want %v", Id("c").Dot("version"), Id("got"), Id("c").Dot("session")),
			),
			If(Id("c").Dot("session").Op("&&").Id("h").Dot("Stats").Call().Dot("OpenSessions").Op("!=").Lit(1)).Block(
				errorf("%s client: Stats() = %+v, want one open session", Id("c").Dot("version"), Id("h").Dot("Stats").Call()),
			),
			stateCheck(o),
			Id("cs").Dot("Close").Call(),
		),
		List(Id("ctx"), Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(bg(), Lit(10).Op("*").Qual("time", "Second")),
		Defer().Id("cancel").Call(),
		If(Err().Op(":=").Id("h").Dot("Shutdown").Call(Id("ctx")), Err().Op("!=").Nil()).Block(
			errorf("Shutdown: %v", Err()),
		),
		If(Id("st").Op(":=").Id("h").Dot("Stats").Call(), Id("st").Dot("OpenSessions").Op("!=").Lit(0)).Block(
			errorf("after Shutdown, Stats() = %+v, want no open session", Id("st")),
		),
	)
}

// stateCheck is the wiring test's check that an open session carries its
// declared state; nothing without one.
func stateCheck(o Config) Code {
	d := o.Declared
	if d.State == "" {
		return Null()
	}
	return If(Id("n").Op(":=").Len(Id("Live"+d.State+"s").Call(Id("h"))), Id("c").Dot("session").Op("&&").Id("n").Op("!=").Lit(1)).Block(
		errorf("%s client: Live"+d.State+"s has %d entries, want the session's "+d.State, Id("c").Dot("version"), Id("n")),
	)
}

// testOptions are the options of the wiring test: none, but with a server
// per tenant declared, the tenants are served by the test server too.
func testOptions(o Config) Code {
	if o.Declared.TenantServer == "" {
		return Id("HandlerOptions").Values()
	}
	return Id("HandlerOptions").Values(Dict{
		Id("TenantServer"): Func().Params(String()).Op("*").Add(mcpQ("Server")).Block(Return(Id(tServer).Call())),
	})
}
