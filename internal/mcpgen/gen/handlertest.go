package gen

import (
	. "github.com/dave/jennifer/jen"
)

// HandlerTest returns the source of the test file that proves the generated
// wiring for o: go-sdk's real client is served in every era the mode serves,
// with a session where the mode keeps them, and Shutdown closes it. The
// handler's mechanics are tested once, in runtime/mcphttp.
//
// It uses the runtime's one-tool test server, not the user's, so that it
// depends on nothing but the generated wiring.
func HandlerTest(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	f := newFile(o.Package)
	emitWiringTest(f, o)
	return render(f, o)
}

// pkgTest holds the generated test's server and client: the runtime's
// test-support package, so the generated test holds only the check of the
// wiring.
const pkgTest = pkgMCPHTTP + "/mcphttptest"

func tT() *Statement { return Id("t").Op("*").Qual("testing", "T") }

func errorf(format string, args ...Code) *Statement {
	return Id("t").Dot("Errorf").Call(append([]Code{Lit(format)}, args...)...)
}

func bg() *Statement { return Qual("context", "Background").Call() }

func testQ(name string) *Statement { return Qual(pkgTest, name) }

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
		Id("h").Op(":=").Id("NewHandler").Call(testQ("EchoServer"), testOptions(o)),
		Id("srv").Op(":=").Qual("net/http/httptest", "NewServer").Call(Id("h")),
		Defer().Id("srv").Dot("Close").Call(),
		For(List(Id("_"), Id("c")).Op(":=").Range().Index().Struct(
			Id("version").String(),
			Id("session").Bool(),
		).Add(Custom(Options{Open: "{", Close: "}", Separator: ",", Multi: true}, versions...))).Block(
			Id("cs").Op(":=").Add(testQ("Connect")).Call(Id("t"), Id("srv").Dot("URL"), Id("c").Dot("version"), Nil()),
			testQ("CallEcho").Call(Id("t"), Id("cs")),
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
		Id("TenantServer"): Func().Params(String()).Op("*").Add(mcpQ("Server")).Block(Return(testQ("EchoServer").Call())),
	})
}
