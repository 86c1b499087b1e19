package stateless

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// Options configures a [Handler].
type Options struct {
	// JSONResponse must be the fallback's StreamableHTTPOptions.JSONResponse.
	// Only JSON answers are written directly: with SSE every request goes to
	// the fallback.
	JSONResponse bool
	// Logger receives failures to connect the server and to learn its
	// tools. nil discards.
	Logger *slog.Logger
}

// Handler serves the 2026-07-28 leg of an endpoint (see the package
// documentation). It is safe for concurrent use.
type Handler struct {
	server   *mcp.Server
	fallback http.Handler
	opts     Options
	tools    toolIndex

	direct, delegated atomic.Int64
}

// New returns a Handler that serves requests from server directly when it
// can and hands the rest to fallback, which must be go-sdk's stateless
// StreamableHTTPHandler for the same server (Stateless: true, the same
// JSONResponse).
func New(server *mcp.Server, fallback http.Handler, opts Options) *Handler {
	if server == nil || fallback == nil {
		panic("stateless.New: nil server or fallback")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Handler{server: server, fallback: fallback, opts: opts}
}

// Stats counts the requests served directly and those handed to the
// fallback.
type Stats struct {
	Direct    int64 `json:"direct"`
	Delegated int64 `json:"delegated"`
}

// Stats returns the counts so far.
func (h *Handler) Stats() Stats {
	return Stats{Direct: h.direct.Load(), Delegated: h.delegated.Load()}
}

// ServeHTTP implements [http.Handler].
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	msg, ok := h.takes(r)
	if !ok {
		h.delegated.Add(1)
		h.fallback.ServeHTTP(w, r)
		return
	}
	h.direct.Add(1)
	h.serve(w, r, msg)
}

// directMethods are the methods served directly, each with whether go-sdk
// lets its params be absent. Every other method, custom ones included, is
// the fallback's: its transport knows the server's method table.
var directMethods = map[string]bool{
	"tools/call":               false,
	"tools/list":               true,
	"prompts/get":              false,
	"prompts/list":             true,
	"resources/read":           false,
	"resources/list":           true,
	"resources/templates/list": true,
	"completion/complete":      false,
	"server/discover":          true,
}

// takes returns the request to serve directly, or false when go-sdk's
// transport is to serve r: each condition is one of its checks that is
// made here exactly as it makes it, or a path it alone takes.
func (h *Handler) takes(r *http.Request) (*jsonrpc.Request, bool) {
	if !h.opts.JSONResponse || r.Method != http.MethodPost {
		return nil, false
	}
	p, ok := edge.Carried(r)
	if !ok || p.Batch || len(p.Messages) != 1 {
		return nil, false
	}
	m := &p.Messages[0]
	msg := m.Request
	if msg == nil || !msg.IsCall() {
		return nil, false
	}
	// The envelope as the classifier checked it, checked again: a Handler
	// may be given a request another route decoded.
	version := r.Header.Get(protocol.HeaderProtocolVersion)
	if !m.Meta.Claimed || m.Meta.Problem != "" || !protocol.IsModernVersion(m.Meta.Claim) || version != m.Meta.Claim {
		return nil, false
	}
	emptyOK, known := directMethods[msg.Method]
	if !known || (!emptyOK && len(msg.Params) == 0) {
		return nil, false
	}
	if protocol.CheckPOSTHeaders(r) != nil || len(r.Header.Values(protocol.HeaderLastEventID)) > 0 {
		return nil, false
	}
	if r.Header.Get(protocol.HeaderMethod) != msg.Method {
		return nil, false
	}
	switch msg.Method {
	case "tools/call", "prompts/get", "resources/read":
		name, ok := edge.NameParam(msg.Method, msg.Params)
		if !ok || name == "" || r.Header.Get(protocol.HeaderName) != name {
			return nil, false
		}
		if msg.Method == "tools/call" && (hasParamHeader(r.Header) || !h.tools.plain(r.Context(), h, name)) {
			return nil, false
		}
	}
	return msg, true
}

// hasParamHeader reports an Mcp-Param-* header, which only go-sdk's
// transport checks against the tool's schema.
func hasParamHeader(hdr http.Header) bool {
	const prefix = protocol.HeaderParamPrefix
	for k := range hdr {
		if len(k) >= len(prefix) && strings.EqualFold(k[:len(prefix)], prefix) {
			return true
		}
	}
	return false
}

// serve answers msg from the server, in go-sdk's JSON shape.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, msg *jsonrpc.Request) {
	// What go-sdk's transport gives a handler. CloseSSEStream is a no-op
	// on 2026-07-28, and must not be nil for a handler that calls it.
	msg.Extra = &mcp.RequestExtra{
		TokenInfo:      auth.TokenInfoFromContext(r.Context()),
		Header:         r.Header,
		CloseSSEStream: func(mcp.CloseSSEStreamArgs) {},
	}
	resp, err := h.call(r.Context(), msg)
	if err != nil {
		h.opts.Logger.Error("mcp: stateless leg: connecting the server", "err", err)
		protocol.WriteError(w, msg.ID.Raw(), protocol.Internal(err))
		return
	}
	if resp == nil {
		return // the client went away
	}
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		protocol.WriteError(w, msg.ID.Raw(), protocol.Internal(err))
		return
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache, no-transform")
	hdr.Set("Content-Type", protocol.MediaTypeJSON)
	if status := errorStatus(resp); status != 0 {
		w.WriteHeader(status)
	}
	w.Write(data)
}

// call serves msg on a connection of its own and returns the server's
// answer, or nil when ctx ends first.
func (h *Handler) call(ctx context.Context, msg *jsonrpc.Request) (*jsonrpc.Response, error) {
	c := newConn(msg)
	// No InitializeParams: the request's envelope initialises the session,
	// as on go-sdk's stateless transport.
	ss, err := h.server.Connect(ctx, c, &mcp.ServerSessionOptions{State: new(mcp.ServerSessionState)})
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	select {
	case resp := <-c.answer:
		return resp, nil
	case <-ctx.Done():
		return nil, nil
	}
}

// errorStatus is the HTTP status of resp as go-sdk's transport gives it
// on 2026-07-28; 0 for 200.
func errorStatus(resp *jsonrpc.Response) int {
	var e *jsonrpc.Error
	if resp.Error == nil || !errors.As(resp.Error, &e) {
		return 0
	}
	return protocol.ModernStatusForCode(e.Code)
}
