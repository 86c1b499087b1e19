package scaffold

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
)

const pkgMCP = "github.com/modelcontextprotocol/go-sdk/mcp"

func render(f *jen.File) ([]byte, error) {
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		return nil, fmt.Errorf("rendering scaffold code: %w", err)
	}
	return gen.GroupImports(b.Bytes())
}

// MainGo is the user-owned main.go: flags, the HTTP server with the
// generated handler at /mcp, graceful shutdown on SIGINT/SIGTERM, and an
// optional expvar endpoint publishing the handler's Stats.
func MainGo(name string, cfg gen.Config) ([]byte, error) {
	cfg = cfg.Normalize()
	f := jen.NewFile("main")
	f.PackageComment(fmt.Sprintf("Command %s serves the MCP server of server.go over Streamable HTTP.", name))
	f.Comment("//go:generate mcpgen handler " + strings.Join(cfg.Args(), " "))
	f.Line()

	f.Func().Id("main").Params().Block(
		jen.Id("addr").Op(":=").Qual("flag", "String").Call(jen.Lit("addr"), jen.Lit("127.0.0.1:8080"), jen.Lit("address to serve MCP on, at /mcp")),
		jen.Id("debugAddr").Op(":=").Qual("flag", "String").Call(jen.Lit("debug-addr"), jen.Lit(""), jen.Lit("address to serve the session counters on, at /debug/vars (off when empty)")),
		jen.Qual("flag", "Parse").Call(),
		jen.Line(),
		jen.Id("logger").Op(":=").Qual("log/slog", "New").Call(jen.Qual("log/slog", "NewTextHandler").Call(jen.Qual("os", "Stderr"), jen.Nil())),
		jen.List(jen.Id("ctx"), jen.Id("stop")).Op(":=").Qual("os/signal", "NotifyContext").Call(jen.Qual("context", "Background").Call(), jen.Qual("os", "Interrupt"), jen.Qual("syscall", "SIGTERM")),
		jen.Defer().Id("stop").Call(),
		jen.If(jen.Err().Op(":=").Id("run").Call(jen.Id("ctx"), jen.Op("*").Id("addr"), jen.Op("*").Id("debugAddr"), jen.Id("logger")), jen.Err().Op("!=").Nil()).Block(
			jen.Id("logger").Dot("Error").Call(jen.Lit("server failed"), jen.Lit("err"), jen.Err()),
			jen.Qual("os", "Exit").Call(jen.Lit(1)),
		),
	)

	f.Add(gen.Doc("run serves until ctx is done, then closes the MCP sessions and drains",
		"the HTTP server."))
	f.Func().Id("run").Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("addr"), jen.Id("debugAddr").String(),
		jen.Id("logger").Op("*").Qual("log/slog", "Logger"),
	).Error().Block(
		jen.Id("handler").Op(":=").Id("NewHandler").Call(jen.Id("NewServer"), jen.Id("HandlerOptions").Values(jen.Dict{jen.Id("Logger"): jen.Id("logger")})),
		jen.Id("mux").Op(":=").Qual("net/http", "NewServeMux").Call(),
		jen.Id("mux").Dot("Handle").Call(jen.Lit("/mcp"), jen.Id("handler")),
		jen.Line(),
		jen.List(jen.Id("ln"), jen.Err()).Op(":=").Qual("net", "Listen").Call(jen.Lit("tcp"), jen.Id("addr")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("srv").Op(":=").Op("&").Qual("net/http", "Server").Values(jen.Dict{
			jen.Id("Handler"):           jen.Id("mux"),
			jen.Id("ReadHeaderTimeout"): jen.Lit(10).Op("*").Qual("time", "Second"),
		}),
		jen.Id("errc").Op(":=").Make(jen.Chan().Error(), jen.Lit(2)),
		jen.Go().Func().Params().Block(jen.Id("errc").Op("<-").Id("srv").Dot("Serve").Call(jen.Id("ln"))).Call(),
		jen.Id("logger").Dot("Info").Call(jen.Lit("serving MCP"), jen.Lit("url"), jen.Lit("http://").Op("+").Id("ln").Dot("Addr").Call().Dot("String").Call().Op("+").Lit("/mcp")),
		jen.Line(),
		jen.If(jen.Id("debugAddr").Op("!=").Lit("")).Block(
			jen.Qual("expvar", "Publish").Call(jen.Lit("mcp"), jen.Qual("expvar", "Func").Call(jen.Func().Params().Any().Block(jen.Return(jen.Id("handler").Dot("Stats").Call())))),
			jen.Id("debugMux").Op(":=").Qual("net/http", "NewServeMux").Call(),
			jen.Id("debugMux").Dot("Handle").Call(jen.Lit("/debug/vars"), jen.Qual("expvar", "Handler").Call()),
			jen.List(jen.Id("dln"), jen.Err()).Op(":=").Qual("net", "Listen").Call(jen.Lit("tcp"), jen.Id("debugAddr")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.Id("debug").Op(":=").Op("&").Qual("net/http", "Server").Values(jen.Dict{
				jen.Id("Handler"):           jen.Id("debugMux"),
				jen.Id("ReadHeaderTimeout"): jen.Lit(10).Op("*").Qual("time", "Second"),
			}),
			jen.Defer().Id("debug").Dot("Close").Call(),
			jen.Go().Func().Params().Block(jen.Id("errc").Op("<-").Id("debug").Dot("Serve").Call(jen.Id("dln"))).Call(),
			jen.Id("logger").Dot("Info").Call(jen.Lit("serving session counters"), jen.Lit("url"), jen.Lit("http://").Op("+").Id("dln").Dot("Addr").Call().Dot("String").Call().Op("+").Lit("/debug/vars")),
		),
		jen.Line(),
		jen.Select().Block(
			jen.Case(jen.Err().Op(":=").Op("<-").Id("errc")).Block(jen.Return(jen.Err())),
			jen.Case(jen.Op("<-").Id("ctx").Dot("Done").Call()).Block(),
		),
		jen.Id("logger").Dot("Info").Call(jen.Lit("shutting down")),
		jen.List(jen.Id("shutdownCtx"), jen.Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(jen.Qual("context", "Background").Call(), jen.Lit(10).Op("*").Qual("time", "Second")),
		jen.Defer().Id("cancel").Call(),
		gen.Doc("Close the sessions first: their open SSE streams would keep",
			"srv.Shutdown waiting until the timeout."),
		jen.Return(jen.Qual("errors", "Join").Call(
			jen.Id("handler").Dot("Shutdown").Call(jen.Id("shutdownCtx")),
			jen.Id("srv").Dot("Shutdown").Call(jen.Id("shutdownCtx")),
		)),
	)
	return render(f)
}

// ServerGo is the user-owned server.go: NewServer with one example tool.
func ServerGo(name string) ([]byte, error) {
	f := jen.NewFile("main")
	f.ImportName(pkgMCP, "mcp")
	f.Add(gen.Doc(
		"NewServer returns the MCP server: its tools, resources and prompts. The",
		"handler calls it for every session it opens (and once up front when it",
		"serves 2026-07-28 statelessly), so it must build a new server on every",
		"call; share state through variables it closes over, not the *mcp.Server.",
	))
	f.Func().Id("NewServer").Params().Op("*").Qual(pkgMCP, "Server").Block(
		jen.Id("server").Op(":=").Qual(pkgMCP, "NewServer").Call(jen.Op("&").Qual(pkgMCP, "Implementation").Values(
			jen.Id("Name").Op(":").Lit(name),
			jen.Id("Version").Op(":").Lit("v0.1.0"),
		), jen.Nil()),
		jen.Qual(pkgMCP, "AddTool").Call(jen.Id("server"), jen.Op("&").Qual(pkgMCP, "Tool").Values(
			jen.Id("Name").Op(":").Lit("greet"),
			jen.Id("Description").Op(":").Lit("Say hello to someone."),
		), jen.Id("greet")),
		jen.Return(jen.Id("server")),
	)
	f.Add(gen.Doc("GreetInput is the greet tool's input; its JSON schema is inferred from",
		"the struct, with the jsonschema tags as descriptions."))
	f.Type().Id("GreetInput").Struct(
		jen.Id("Name").String().Tag(map[string]string{"json": "name", "jsonschema": "the name of the person to greet"}),
	)
	f.Add(gen.Doc("GreetOutput is the greet tool's structured result."))
	f.Type().Id("GreetOutput").Struct(
		jen.Id("Greeting").String().Tag(map[string]string{"json": "greeting"}),
	)
	f.Add(gen.Doc("greet is the greet tool's handler."))
	f.Func().Id("greet").Params(
		jen.Id("_").Qual("context", "Context"),
		jen.Id("_").Op("*").Qual(pkgMCP, "CallToolRequest"),
		jen.Id("in").Id("GreetInput"),
	).Params(jen.Op("*").Qual(pkgMCP, "CallToolResult"), jen.Id("GreetOutput"), jen.Error()).Block(
		jen.Return(jen.Nil(), jen.Id("GreetOutput").Values(jen.Dict{jen.Id("Greeting"): jen.Lit("Hello, ").Op("+").Id("in").Dot("Name").Op("+").Lit("!")}), jen.Nil()),
	)
	return render(f)
}
