package scaffold

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpwire/mcpwire/internal/mcpgen/gen"
)

const (
	pkgMCP        = "github.com/modelcontextprotocol/go-sdk/mcp"
	pkgLimits     = "github.com/mcpwire/mcpwire/runtime/limits"
	pkgStreamable = "github.com/mcpwire/mcpwire/runtime/streamable"
	pkgSessions   = "github.com/mcpwire/mcpwire/runtime/sessions"
	pkgStore      = "github.com/mcpwire/mcpwire/runtime/sessionstore"
	pkgRedisStore = RedisStoreModule
)

func limitsQ(name string) *jen.Statement     { return jen.Qual(pkgLimits, name) }
func streamableQ(name string) *jen.Statement { return jen.Qual(pkgStreamable, name) }

func render(f *jen.File) ([]byte, error) {
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		return nil, fmt.Errorf("rendering scaffold code: %w", err)
	}
	return gen.GroupImports(b.Bytes())
}

// MainGo is the user-owned main.go: flags, the HTTP server with the
// generated handler at /mcp, graceful shutdown on SIGINT/SIGTERM, and an
// optional expvar endpoint publishing the handler's Stats. Every limit a
// client on the network could exhaust has a finite default and a flag. A
// sessionful handler gets a session store: sessionstore.Memory, or with
// redis the -session-store flag (memory or a Redis URL) through redisstore.
func MainGo(name string, cfg gen.Config, redis, bearer bool) ([]byte, error) {
	cfg = cfg.Normalize()
	f := jen.NewFile("main")
	f.ImportName(pkgLimits, "limits")
	f.ImportName(pkgStreamable, "streamable")
	f.ImportName(pkgSessions, "sessions")
	f.ImportName(pkgStore, "sessionstore")
	f.ImportName(pkgRedisStore, "redisstore")
	f.PackageComment(fmt.Sprintf("Command %s serves the MCP server of server.go over Streamable HTTP.", name))
	// go tool runs the mcpgen tools.mod pins, the module's own version.
	f.Comment("//go:generate go tool -modfile=tools.mod mcpgen handler " + strings.Join(cfg.Args(), " "))
	f.Line()

	f.Add(gen.Doc("config is what the flags set; the README's \"Running on a network\" section",
		"gives each default's reason."))
	fields := []jen.Code{
		jen.Id("addr").Op(",").Id("debugAddr").String(),
		jen.Id("maxConns").Int(),
		jen.Id("maxHeaderBytes").Int(),
		jen.Id("httpIdleTimeout").Qual("time", "Duration"),
		jen.Id("shutdownTimeout").Qual("time", "Duration"),
		jen.Id("logLevel").Qual("log/slog", "Level"),
	}
	if bearer {
		fields = append(fields, jen.Id("auth").Id("authConfig").Comment("auth.go"))
	}
	if redis {
		fields = append(fields, jen.Id("sessionStore").String().Comment("-session-store"))
	}
	f.Type().Id("config").Struct(append(fields, jen.Id("opts").Id("HandlerOptions"))...)

	sec := func(n int) *jen.Statement { return jen.Lit(n).Op("*").Qual("time", "Second") }
	flags := []jen.Code{
		jen.Var().Id("cfg").Id("config"),
		jen.Var().List(jen.Id("hosts"), jen.Id("origins")).String(),
		jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("cfg").Dot("addr"), jen.Lit("addr"), jen.Lit("127.0.0.1:8080"), jen.Lit("address to serve MCP on, at /mcp")),
		jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("cfg").Dot("debugAddr"), jen.Lit("debug-addr"), jen.Lit(""), jen.Lit("address to serve the counters (sessions, calls, refusals) on, at /debug/vars (off when empty)")),
		jen.Qual("flag", "TextVar").Call(jen.Op("&").Id("cfg").Dot("logLevel"), jen.Lit("log-level"), jen.Qual("log/slog", "LevelInfo"), jen.Lit("least severe level logged: DEBUG, INFO (each session's start and end, each 2026-07-28 call, each refusal), WARN or ERROR")),
		jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("hosts"), jen.Lit("allowed-hosts"), jen.Lit(""), jen.Lit("comma-separated Host names (with or without port) to serve; empty: loopback names on a loopback address, any name otherwise")),
		jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("origins"), jen.Lit("allowed-origins"), jen.Lit(""), jen.Lit("comma-separated browser origins allowed to call the server; empty: loopback origins on a loopback address, same-origin otherwise")),
		jen.Qual("flag", "IntVar").Call(jen.Op("&").Id("cfg").Dot("maxConns"), jen.Lit("max-conns"), limitsQ("DefaultMaxConns"), jen.Lit("connections open at once; more wait in the kernel's accept queue")),
		jen.Qual("flag", "IntVar").Call(jen.Op("&").Id("cfg").Dot("maxHeaderBytes"), jen.Lit("max-header-bytes"), jen.Lit(64<<10), jen.Lit("largest request head (request line and headers) read")),
		jen.Qual("flag", "DurationVar").Call(jen.Op("&").Id("cfg").Dot("httpIdleTimeout"), jen.Lit("http-idle-timeout"), jen.Lit(2).Op("*").Qual("time", "Minute"), jen.Lit("close a keep-alive connection idle this long")),
		jen.Qual("flag", "DurationVar").Call(jen.Op("&").Id("cfg").Dot("shutdownTimeout"), jen.Lit("shutdown-timeout"), sec(10), jen.Lit("how long SIGINT/SIGTERM waits for calls in flight")),
		jen.Qual("flag", "Int64Var").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("MaxBodyBytes"), jen.Lit("max-body-bytes"), streamableQ("DefaultMaxBodyBytes"), jen.Lit("largest request body; larger is 413")),
		jen.Qual("flag", "Int64Var").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("MaxBufferedBodyBytes"), jen.Lit("max-buffered-body-bytes"), limitsQ("DefaultMaxBufferedBodyBytes"), jen.Lit("request-body bytes read at once across all requests; beyond it 503")),
		jen.Qual("flag", "DurationVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("BodyReadTimeout"), jen.Lit("body-read-timeout"), limitsQ("DefaultBodyReadTimeout"), jen.Lit("how long one request body may take to arrive")),
	}
	if cfg.Mode.Modern() {
		flags = append(flags,
			jen.Qual("flag", "IntVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("MaxListenStreams"), jen.Lit("max-listen-streams"), limitsQ("DefaultMaxListenStreams"), jen.Lit("2026-07-28 subscriptions/listen streams open at once; beyond it 503")),
		)
	}
	if cfg.Mode.Sessions() {
		flags = append(flags,
			jen.Qual("flag", "IntVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("MaxSessions"), jen.Lit("max-sessions"), jen.Qual(pkgSessions, "DefaultMaxSessions"), jen.Lit("open sessions plus handshakes in progress; beyond it 503")),
			jen.Qual("flag", "DurationVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("IdleTimeout"), jen.Lit("idle-timeout"), jen.Qual(pkgSessions, "DefaultIdleTimeout"), jen.Lit("close a session with no call for this long")),
			jen.Qual("flag", "IntVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("MaxStreams"), jen.Lit("max-streams"), streamableQ("DefaultMaxStreams"), jen.Lit("streams one session holds open at once; beyond it 429")),
			jen.Qual("flag", "DurationVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("WriteTimeout"), jen.Lit("write-timeout"), streamableQ("DefaultWriteTimeout"), jen.Lit("deadline of one write to a client's stream; a client slower than that loses the stream")),
			jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("cfg").Dot("opts").Dot("NodeID"), jen.Lit("node-id"), jen.Lit(""), jen.Lit("this node's key in a deployment of more than one (a-z, 0-9, '-'): session ids become <node-id>.<random> for the load balancer to route on")),
		)
	}
	if redis {
		flags = append(flags,
			jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("cfg").Dot("sessionStore"), jen.Lit("session-store"), jen.Lit("memory"), jen.Lit("where sessions are kept for other nodes to resume: memory (this process only) or redis://host:port/db, shared by every node")),
		)
	}
	if bearer {
		flags = append(flags,
			jen.Var().Id("authServers").String(),
			jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("cfg").Dot("auth").Dot("resource"), jen.Lit("resource-url"), jen.Lit(""), jen.Lit("the URL clients reach /mcp at, the resource their tokens are for (default http://ADDR/mcp)")),
			jen.Qual("flag", "StringVar").Call(jen.Op("&").Id("authServers"), jen.Lit("authorization-servers"), jen.Lit(""), jen.Lit("comma-separated issuer URLs of the authorization servers whose tokens VerifyToken accepts (published in the protected-resource metadata)")),
		)
	}
	flags = append(flags,
		jen.Qual("flag", "Parse").Call(),
		jen.Id("cfg").Dot("opts").Dot("AllowedHosts").Op("=").Id("list").Call(jen.Id("hosts")),
		jen.Id("cfg").Dot("opts").Dot("AllowedOrigins").Op("=").Id("list").Call(jen.Id("origins")),
	)
	if bearer {
		flags = append(flags,
			jen.Id("cfg").Dot("auth").Dot("servers").Op("=").Id("list").Call(jen.Id("authServers")),
			jen.Id("cfg").Dot("auth").Dot("verify").Op("=").Id("VerifyToken"),
			jen.If(jen.Id("cfg").Dot("auth").Dot("resource").Op("==").Lit("")).Block(
				jen.Id("cfg").Dot("auth").Dot("resource").Op("=").Lit("http://").Op("+").Id("cfg").Dot("addr").Op("+").Lit("/mcp"),
			),
		)
	}
	if cfg.Mode.Sessions() {
		flags = append(flags,
			gen.Doc("One server serves every session, the cheaper choice: NewServer's tools",
				"keep nothing of one client's for another. Set it false (a server per",
				"session) once a tool keeps per-client state in the server or its closures."),
			jen.Id("cfg").Dot("opts").Dot("SharedServer").Op("=").True(),
		)
	}
	flags = append(flags,
		jen.Line(),
		jen.Id("logger").Op(":=").Qual("log/slog", "New").Call(jen.Qual("log/slog", "NewTextHandler").Call(jen.Qual("os", "Stderr"), jen.Op("&").Qual("log/slog", "HandlerOptions").Values(jen.Dict{jen.Id("Level"): jen.Id("cfg").Dot("logLevel")}))),
		jen.Id("cfg").Dot("opts").Dot("Logger").Op("=").Id("logger"),
		jen.List(jen.Id("ctx"), jen.Id("stop")).Op(":=").Qual("os/signal", "NotifyContext").Call(jen.Qual("context", "Background").Call(), jen.Qual("os", "Interrupt"), jen.Qual("syscall", "SIGTERM")),
		jen.Defer().Id("stop").Call(),
		jen.If(jen.Err().Op(":=").Id("run").Call(jen.Id("ctx"), jen.Id("cfg"), jen.Id("logger")), jen.Err().Op("!=").Nil()).Block(
			jen.Id("logger").Dot("Error").Call(jen.Lit("server failed"), jen.Lit("err"), jen.Err()),
			jen.Qual("os", "Exit").Call(jen.Lit(1)),
		),
	)
	if cfg.Mode.Sessions() {
		// After the logger, before run: a bad -node-id is a usage error.
		at := len(flags) - 3
		check := []jen.Code{
			jen.If(jen.Id("cfg").Dot("opts").Dot("NodeID").Op("!=").Lit("")).Block(
				jen.If(jen.Err().Op(":=").Add(streamableQ("ValidNodeID")).Call(jen.Id("cfg").Dot("opts").Dot("NodeID")), jen.Err().Op("!=").Nil()).Block(
					jen.Id("logger").Dot("Error").Call(jen.Lit("bad -node-id"), jen.Lit("err"), jen.Err()),
					jen.Qual("os", "Exit").Call(jen.Lit(2)),
				),
			),
		}
		flags = append(flags[:at], append(check, flags[at:]...)...)
	}
	f.Func().Id("main").Params().Block(flags...)

	f.Add(gen.Doc("list splits a comma-separated flag value, dropping empty items."))
	f.Func().Id("list").Params(jen.Id("s").String()).Index().String().Block(
		jen.Var().Id("out").Index().String(),
		jen.For(jen.List(jen.Id("_"), jen.Id("item")).Op(":=").Range().Qual("strings", "Split").Call(jen.Id("s"), jen.Lit(","))).Block(
			jen.If(jen.Id("item").Op("=").Qual("strings", "TrimSpace").Call(jen.Id("item")), jen.Id("item").Op("!=").Lit("")).Block(
				jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("item")),
			),
		),
		jen.Return(jen.Id("out")),
	)

	f.Add(gen.Doc("run serves until ctx is done, then drains the MCP sessions and the",
		"HTTP server."))
	f.Func().Id("run").Params(
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("cfg").Id("config"),
		jen.Id("logger").Op("*").Qual("log/slog", "Logger"),
	).Error().Block(append(openStore(cfg, redis),
		jen.Id("handler").Op(":=").Id("NewHandler").Call(jen.Id("NewServer"), jen.Id("cfg").Dot("opts")),
		jen.Id("mux").Op(":=").Qual("net/http", "NewServeMux").Call(),
		serveMCP(bearer),
		jen.Line(),
		jen.List(jen.Id("ln"), jen.Err()).Op(":=").Qual("net", "Listen").Call(jen.Lit("tcp"), jen.Id("cfg").Dot("addr")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("srv").Op(":=").Op("&").Qual("net/http", "Server").Values(jen.Dict{
			jen.Id("Handler"):           jen.Id("mux"),
			jen.Id("ReadHeaderTimeout"): sec(10),
			jen.Id("IdleTimeout"):       jen.Id("cfg").Dot("httpIdleTimeout"),
			jen.Id("MaxHeaderBytes"):    jen.Id("cfg").Dot("maxHeaderBytes"),
		}),
		gen.Doc("No WriteTimeout: it would cut SSE streams. Each stream write has its",
			"own deadline (-write-timeout) and each body its own (-body-read-timeout)."),
		jen.Id("errc").Op(":=").Make(jen.Chan().Error(), jen.Lit(2)),
		jen.Go().Func().Params().Block(jen.Id("errc").Op("<-").Id("srv").Dot("Serve").Call(limitsQ("Listener").Call(jen.Id("ln"), jen.Id("cfg").Dot("maxConns")))).Call(),
		jen.List(jen.Id("hostRule"), jen.Id("originRule"), jen.Id("exposed")).Op(":=").Add(streamableQ("AccessPolicy")).Call(jen.Id("ln").Dot("Addr").Call(), jen.Id("cfg").Dot("opts").Dot("AllowedHosts"), jen.Id("cfg").Dot("opts").Dot("AllowedOrigins")),
		jen.Id("logger").Dot("Info").Call(jen.Lit("serving MCP"), jen.Lit("url"), jen.Lit("http://").Op("+").Id("ln").Dot("Addr").Call().Dot("String").Call().Op("+").Lit("/mcp"), jen.Lit("hosts"), jen.Id("hostRule"), jen.Lit("origins"), jen.Id("originRule")),
		jen.If(jen.Id("exposed")).Block(
			jen.Id("logger").Dot("Warn").Call(jen.Lit("not a loopback address and no -allowed-hosts: every Host name is served; set -allowed-hosts to the names clients use")),
		),
		jen.Line(),
		jen.If(jen.Id("cfg").Dot("debugAddr").Op("!=").Lit("")).Block(
			jen.Qual("expvar", "Publish").Call(jen.Lit("mcp"), jen.Qual("expvar", "Func").Call(jen.Func().Params().Any().Block(jen.Return(jen.Id("handler").Dot("Stats").Call())))),
			jen.Id("debugMux").Op(":=").Qual("net/http", "NewServeMux").Call(),
			jen.Id("debugMux").Dot("Handle").Call(jen.Lit("/debug/vars"), jen.Qual("expvar", "Handler").Call()),
			jen.List(jen.Id("dln"), jen.Err()).Op(":=").Qual("net", "Listen").Call(jen.Lit("tcp"), jen.Id("cfg").Dot("debugAddr")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.Id("debug").Op(":=").Op("&").Qual("net/http", "Server").Values(jen.Dict{
				jen.Id("Handler"):           jen.Id("debugMux"),
				jen.Id("ReadHeaderTimeout"): sec(10),
			}),
			jen.Defer().Id("debug").Dot("Close").Call(),
			jen.Go().Func().Params().Block(jen.Id("errc").Op("<-").Id("debug").Dot("Serve").Call(jen.Id("dln"))).Call(),
			jen.Id("logger").Dot("Info").Call(jen.Lit("serving counters"), jen.Lit("url"), jen.Lit("http://").Op("+").Id("dln").Dot("Addr").Call().Dot("String").Call().Op("+").Lit("/debug/vars")),
		),
		jen.Line(),
		jen.Select().Block(
			jen.Case(jen.Err().Op(":=").Op("<-").Id("errc")).Block(jen.Return(jen.Err())),
			jen.Case(jen.Op("<-").Id("ctx").Dot("Done").Call()).Block(),
		),
		jen.Id("logger").Dot("Info").Call(jen.Lit("shutting down")),
		jen.List(jen.Id("shutdownCtx"), jen.Id("cancel")).Op(":=").Qual("context", "WithTimeout").Call(jen.Qual("context", "Background").Call(), jen.Id("cfg").Dot("shutdownTimeout")),
		jen.Defer().Id("cancel").Call(),
		gen.Doc("Drain the sessions first (their calls in flight finish, their GET",
			"streams end): open SSE streams would keep srv.Shutdown waiting until the",
			"timeout."),
		jen.Return(jen.Qual("errors", "Join").Call(
			jen.Id("handler").Dot("Shutdown").Call(jen.Id("shutdownCtx")),
			jen.Id("srv").Dot("Shutdown").Call(jen.Id("shutdownCtx")),
		)),
	)...)
	return render(f)
}

// serveMCP is run's registration of the MCP endpoint: the handler itself,
// or, with --auth=bearer, behind the bearer-token check auth.go wires.
func serveMCP(bearer bool) jen.Code {
	if !bearer {
		return jen.Id("mux").Dot("Handle").Call(jen.Lit("/mcp"), jen.Id("handler"))
	}
	return jen.If(jen.Err().Op(":=").Id("handleAuthorized").Call(jen.Id("mux"), jen.Id("handler"), jen.Id("cfg").Dot("auth")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
}

// openStore is the start of run for a sessionful handler: its session
// store. Without redis it is a bounded store in the process, and main.go has
// no -session-store flag, so a Redis URL meant for it is refused by the flag
// package rather than ignored; with redis, -session-store names the store
// (memory or a redis:// URL), closed when run returns.
func openStore(cfg gen.Config, redis bool) []jen.Code {
	if !cfg.Mode.Sessions() {
		return nil
	}
	if !redis {
		return []jen.Code{
			gen.Doc("Sessions are kept in this process, at most",
				"sessionstore.DefaultMaxEntries records. To share them between nodes",
				"through Redis, scaffold with mcpgen new --session-store=redis (README,",
				"\"Sessions\")."),
			jen.Id("cfg").Dot("opts").Dot("SessionStore").Op("=").Qual(pkgStore, "NewMemory").Call(jen.Lit(0)),
		}
	}
	return []jen.Code{
		jen.List(jen.Id("store"), jen.Id("closeStore"), jen.Err()).Op(":=").Qual(pkgRedisStore, "FromFlag").Call(jen.Id("ctx"), jen.Id("cfg").Dot("sessionStore")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Defer().Id("closeStore").Call(),
		jen.Id("cfg").Dot("opts").Dot("SessionStore").Op("=").Id("store"),
	}
}

// ServerGo is the user-owned server.go: NewServer with one example tool.
func ServerGo(name string, mode gen.Mode) ([]byte, error) {
	f := jen.NewFile("main")
	f.ImportName(pkgMCP, "mcp")
	doc := []string{
		"NewServer returns the MCP server: its tools, resources and prompts. It must",
		"build a new server on every call: the handler calls it once up front, and",
		"once per session unless HandlerOptions.SharedServer is set (main.go sets it,",
		"so one server serves every session: keep per-client state in the request's",
		"session, not in the server or variables it closes over).",
	}
	if !mode.Sessions() {
		doc = []string{
			"NewServer returns the MCP server: its tools, resources and prompts. The",
			"handler calls it once and serves every request with it, statelessly.",
		}
	}
	f.Add(gen.Doc(doc...))
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
