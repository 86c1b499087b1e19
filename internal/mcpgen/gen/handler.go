package gen

import (
	"fmt"

	. "github.com/dave/jennifer/jen"
)

// Handler returns the source of the handler wiring for o: the names
// HandlerOptions, Handler, Stats and NewHandler over runtime/mcphttp, which
// holds every mechanic of the endpoint, and the wiring of the declarations
// [Resolve] read from the package (the per-session state, the hooks).
func Handler(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	if o.State != "" && o.Declared.State != o.State {
		return nil, fmt.Errorf("%w: --state=%s is read from its package: resolve the config first (gen.Resolve)", ErrInvalidOptions, o.State)
	}
	f := newFile(o.Package)
	for _, emit := range []func(*File, Config){
		emitVersionCheck,
		emitNames,
		emitNewHandler,
		emitState,
	} {
		emit(f, o)
	}
	return render(f, o)
}

// Short names for the runtime and SDK identifiers the generated code uses.
func mcpQ(name string) *Statement     { return Qual(pkgMCP, name) }
func mcphttpQ(name string) *Statement { return Qual(pkgMCPHTTP, name) }

func emitVersionCheck(f *File, _ Config) {
	f.Add(Doc(
		"This is a compile-time assertion that the mcpwire runtime this code builds",
		"against is new enough for it. If it fails, upgrade github.com/mcpwire/mcpwire",
		"(or regenerate with the mcpgen that matches your runtime).",
	))
	f.Const().Id("_").Op("=").Qual(pkgRuntime, "IsAtLeastVersion0_1_0")
}

// modeName is the mcphttp constant of a mode.
func modeName(m Mode) string {
	switch m {
	case ModeLegacy:
		return "Legacy"
	case ModeModern:
		return "Modern"
	}
	return "Hybrid"
}

func emitNames(f *File, o Config) {
	f.Add(Doc(
		"HandlerOptions configures a [Handler] (see mcphttp.Options). The zero",
		"value is safe on a network: every limit a client could exhaust has a",
		"finite default. NewHandler sets its Mode.",
	))
	f.Type().Id("HandlerOptions").Op("=").Add(mcphttpQ("Options"))

	var lines []string
	switch o.Mode {
	case ModeHybrid:
		lines = []string{
			"Handler serves this package's MCP endpoint for both protocol eras: a",
			"2026-07-28 request statelessly, a legacy initialize with a session of",
			"its own, a request naming a session on that session.",
		}
	case ModeLegacy:
		lines = []string{
			"Handler serves this package's MCP endpoint with sessions (2025-03-26 …",
			"2025-11-25); a 2026-07-28 request is refused as an unsupported revision,",
			"so that a client probing for it falls back to initialize.",
		}
	case ModeModern:
		lines = []string{
			"Handler serves this package's MCP endpoint statelessly (2026-07-28):",
			"no session id is minted or echoed, and GET and DELETE are answered 405.",
		}
	}
	f.Add(Doc(lines...))
	f.Type().Id("Handler").Op("=").Add(mcphttpQ("Handler"))

	f.Add(Doc("Stats is a snapshot of a [Handler]'s session counters."))
	f.Type().Id("Stats").Op("=").Add(mcphttpQ("Stats"))
}

func emitNewHandler(f *File, o Config) {
	doc := []string{
		"NewHandler returns the Handler of this package's MCP endpoint in " + string(o.Mode) + " mode.",
	}
	switch o.Mode {
	case ModeModern:
		doc = append(doc, "newServer is called once; its server serves every request.")
	default:
		doc = append(doc,
			"newServer must return a new, fully configured *mcp.Server on every call:",
			"one serves each session, or one made once serves all of them with",
			"SharedServer.")
	}
	d := o.Declared
	if d.State != "" {
		doc = append(doc, "Each session carries a "+d.State+" (see "+stateVar(d)+").")
	}
	if d.Principal != "" {
		doc = append(doc, "Unless opts.Principal is set, "+d.Principal+" names who sends a request.")
	}
	if d.TenantServer != "" {
		tenant := "principal"
		if d.Tenant != "" {
			tenant = "tenant (" + d.Tenant + ")"
		}
		doc = append(doc, "Unless opts.TenantServer is set, the sessions of one "+tenant+" share the server",
			d.TenantServer+" makes for it.")
	}
	body := []Code{Id("opts").Dot("Mode").Op("=").Add(mcphttpQ(modeName(o.Mode)))}
	if d.State != "" {
		body = append(body, Id("opts").Dot("State").Op("=").Id(stateVar(d)))
	}
	if d.Principal != "" {
		body = append(body, If(Id("opts").Dot("Principal").Op("==").Nil()).Block(
			Id("opts").Dot("Principal").Op("=").Id(d.Principal),
		))
	}
	if d.TenantServer != "" {
		set := []Code{Id("opts").Dot("TenantServer").Op("=").Id(d.TenantServer)}
		if d.Tenant != "" {
			set = append(set, Id("opts").Dot("Tenant").Op("=").Id(d.Tenant))
		}
		body = append(body, If(Id("opts").Dot("TenantServer").Op("==").Nil()).Block(set...))
	}
	body = append(body, Return(mcphttpQ("NewHandler").Call(Id("newServer"), Id("opts"))))
	f.Add(Doc(doc...))
	f.Func().Id("NewHandler").Params(
		Id("newServer").Func().Params().Op("*").Add(mcpQ("Server")),
		Id("opts").Id("HandlerOptions"),
	).Op("*").Id("Handler").Block(body...)
}

// stateVar is the name of the generated variable that wires the state type.
func stateVar(d Declared) string { return "mcpgen" + d.State + "State" }

// emitState wires the declared per-session state type: its constructor,
// Close, encoding, and the typed accessors for tools and admin code.
func emitState(f *File, o Config) {
	d := o.Declared
	if d.State == "" {
		return
	}
	T := func() *Statement { return Id(d.State) }
	ptrT := func() *Statement { return Op("*").Id(d.State) }
	fields := Dict{Id("New"): Id(d.New)}
	how := []string{stateVar(d) + " keeps a " + d.State + " per session: built by " + d.New + " when the"}
	switch d.Close {
	case "error":
		fields[Id("Close")] = Parens(ptrT()).Dot("Close")
		how = append(how, "server accepts the session's handshake, closed by its Close when the session ends,")
	case "void":
		fields[Id("Close")] = Func().Params(Id("s").Add(ptrT())).Error().Block(
			Id("s").Dot("Close").Call(),
			Return(Nil()),
		)
		how = append(how, "server accepts the session's handshake, closed by its Close when the session ends,")
	default:
		how = append(how, "server accepts the session's handshake (it has no Close to call at its end),")
	}
	if d.Binary {
		fields[Id("Marshal")] = Parens(ptrT()).Dot("MarshalBinary")
		fields[Id("Unmarshal")] = Func().Params(Id("data").Index().Byte()).Params(ptrT(), Error()).Block(
			Id("s").Op(":=").New(T()),
			If(Err().Op(":=").Id("s").Dot("UnmarshalBinary").Call(Id("data")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Id("s"), Nil()),
		)
		how = append(how, "and kept in the SessionStore by its MarshalBinary and UnmarshalBinary.")
	} else {
		fields[Id("Marshal")] = Func().Params(Id("s").Add(ptrT())).Params(Index().Byte(), Error()).Block(
			Return(Qual("encoding/json", "Marshal").Call(Id("s"))),
		)
		fields[Id("Unmarshal")] = Func().Params(Id("data").Index().Byte()).Params(ptrT(), Error()).Block(
			Id("s").Op(":=").New(T()),
			If(Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(Id("data"), Id("s")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Id("s"), Nil()),
		)
		how = append(how, "and kept in the SessionStore as JSON (encoding/json; implement",
			"encoding.BinaryMarshaler and BinaryUnmarshaler to choose the encoding).")
	}
	f.Add(Doc(how...))
	f.Var().Id(stateVar(d)).Op("=").Op("&").Add(mcphttpQ("State")).Types(T()).Values(fields)

	f.Add(Doc(
		d.State+"From returns the "+d.State+" of the session a tool, prompt or resource",
		"handler runs for (ctx is the context go-sdk hands it); nil for a 2026-07-28",
		"request, which has no session.",
	))
	f.Func().Id(d.State + "From").Params(Id("ctx").Qual("context", "Context")).Add(ptrT()).Block(
		Return(mcphttpQ("StateFrom").Types(T()).Call(Id("ctx"))),
	)

	f.Add(Doc("Live" + d.State + "s returns the " + d.State + " of every session open on h, by session id."))
	f.Func().Id("Live" + d.State + "s").Params(Id("h").Op("*").Id("Handler")).Map(String()).Add(ptrT()).Block(
		Return(mcphttpQ("States").Types(T()).Call(Id("h"))),
	)
}
