package bench

import (
	"context"
	"net/http"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/mcpwire/mcpwire/runtime/mcphttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoIn struct {
	Text string `json:"text"`
}

// echoServer is the go-sdk server every go-sdk based case serves: one echo
// tool whose arguments decode into a struct.
func echoServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
	})
	return s
}

// note is a small declared per-session state, as mcpgen wires one: built
// when a handshake is accepted, handed to tools.
type note struct {
	Text string `json:"text"`
}

var noteState = &mcphttp.State[note]{
	New: func(*http.Request, string, *mcp.InitializeParams) (*note, error) { return new(note), nil },
}

// A case is one server behind an http.Handler; done ends it.
type serverCase struct {
	name string
	make func() (h http.Handler, done func())
}

var (
	// gosdkCase is go-sdk's sessionful StreamableHTTPHandler, one server for
	// every session: the reference every ratio is taken against.
	gosdkCase = serverCase{"gosdk", func() (http.Handler, func()) {
		s := echoServer()
		return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{JSONResponse: true}), func() {}
	}}
	floorCase = serverCase{"floor", func() (http.Handler, func()) {
		h := newFloor(echoServer())
		return h, h.closeAll
	}}
	// mcpwireCase is mcpwire's hybrid handler, all sessions on one server
	// (SharedServer), as go-sdk's handler is given one.
	mcpwireCase = serverCase{"mcpwire", func() (http.Handler, func()) {
		return mcpwire(mcphttp.Options{})
	}}
	mcpwireStateCase = serverCase{"mcpwire-state", func() (http.Handler, func()) {
		return mcpwire(mcphttp.Options{State: noteState})
	}}
	// mcpgoCase is mcp-go's StreamableHTTPServer with its defaults, the same
	// echo tool taking its arguments as a struct.
	mcpgoCase = serverCase{"mcpgo", func() (http.Handler, func()) {
		s := mcpgoserver.NewMCPServer("bench", "0", mcpgoserver.WithToolCapabilities(false))
		s.AddTool(mcpgo.NewTool("echo", mcpgo.WithString("text")),
			mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcpgo.CallToolRequest, in echoIn) (*mcpgo.CallToolResult, error) {
				return mcpgo.NewToolResultText(in.Text), nil
			}))
		h := mcpgoserver.NewStreamableHTTPServer(s)
		return h, func() { h.Shutdown(context.Background()) }
	}}
	clientCase = serverCase{"client", func() (http.Handler, func()) { return clientOnly(), func() {} }}
)

func mcpwire(opts mcphttp.Options) (http.Handler, func()) {
	opts.Mode = mcphttp.Hybrid
	opts.JSONResponse = true
	opts.SharedServer = true
	opts.MaxSessions = -1
	h := mcphttp.NewHandler(echoServer, opts)
	return h, func() { h.Shutdown(context.Background()) }
}
