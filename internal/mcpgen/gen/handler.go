package gen

import (
	. "github.com/dave/jennifer/jen"
)

// Handler returns the source of the handler wiring for o: the names
// HandlerOptions, Handler, Stats and NewHandler over runtime/mcphttp, which
// holds every mechanic of the endpoint.
func Handler(o Config) ([]byte, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o = o.Normalize()
	f := newFile(o.Package)
	for _, emit := range []func(*File, Config){
		emitVersionCheck,
		emitNames,
		emitNewHandler,
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
	f.Add(Doc(doc...))
	f.Func().Id("NewHandler").Params(
		Id("newServer").Func().Params().Op("*").Add(mcpQ("Server")),
		Id("opts").Id("HandlerOptions"),
	).Op("*").Id("Handler").Block(
		Id("opts").Dot("Mode").Op("=").Add(mcphttpQ(modeName(o.Mode))),
		Return(mcphttpQ("NewHandler").Call(Id("newServer"), Id("opts"))),
	)
}
