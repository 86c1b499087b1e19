package stateless

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// toolIndex knows which of the server's tools declare no x-mcp-header
// annotation, learnt once: go-sdk's transport checks such a tool's
// Mcp-Param-* headers against its schema, and it keeps the server's tools
// unexported, so a tools/call of a tool not known to be plain goes to the
// fallback.
type toolIndex struct {
	// plainOf maps the server's tool names to whether they declare no
	// x-mcp-header, once learnt; an empty map when the server refused to
	// list them, so that every tools/call goes to the fallback. Read
	// without a lock on every tools/call.
	plainOf  atomic.Pointer[map[string]bool]
	learning sync.Mutex // one learner at a time
}

// maxToolPages bounds the tools/list pages followed, against a server whose
// cursors never end.
const maxToolPages = 1000

// plain reports whether the tool name is known to declare no x-mcp-header
// annotation, learning the server's tools first if nobody has.
func (x *toolIndex) plain(ctx context.Context, h *Handler, name string) bool {
	if m := x.plainOf.Load(); m != nil {
		return (*m)[name]
	}
	x.learning.Lock()
	defer x.learning.Unlock()
	if m := x.plainOf.Load(); m != nil {
		return (*m)[name] // learnt while this request waited
	}
	plainOf, err := h.listTools(ctx)
	if err != nil {
		if ctx.Err() != nil {
			// The request ended while it was learning: the next one learns.
			return false
		}
		// The server (or its middleware) refused: its tools/calls go to
		// the fallback from now on.
		h.opts.Logger.Warn("mcp: stateless leg: tools/list failed; every tools/call goes through go-sdk's handler", "err", err)
		plainOf = map[string]bool{}
	}
	x.plainOf.Store(&plainOf)
	return plainOf[name]
}

// listPage is the part of a tools/list result the index reads.
type listPage struct {
	Tools []struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	} `json:"tools"`
	NextCursor string `json:"nextCursor"`
}

// listTools asks the server for its tools, as a 2026-07-28 client would,
// with the TokenInfo of the request that made it necessary, so that an
// authorising middleware lets it through.
func (h *Handler) listTools(ctx context.Context) (map[string]bool, error) {
	hdr := http.Header{}
	hdr.Set(protocol.HeaderProtocolVersion, protocol.Version20260728)
	hdr.Set(protocol.HeaderMethod, "tools/list")
	plainOf := map[string]bool{}
	cursor := ""
	for range maxToolPages {
		params := map[string]any{"_meta": map[string]any{
			protocol.MetaProtocolVersion:                 protocol.Version20260728,
			"io.modelcontextprotocol/clientInfo":         map[string]string{"name": "mcpwire-stateless", "version": "0"},
			"io.modelcontextprotocol/clientCapabilities": map[string]any{},
		}}
		if cursor != "" {
			params["cursor"] = cursor
		}
		raw, err := json.Marshal(params)
		if err != nil {
			return nil, err
		}
		id, _ := jsonrpc.MakeID("mcpwire-tools")
		msg := &jsonrpc.Request{ID: id, Method: "tools/list", Params: raw, Extra: &mcp.RequestExtra{
			TokenInfo:      auth.TokenInfoFromContext(ctx),
			Header:         hdr,
			CloseSSEStream: func(mcp.CloseSSEStreamArgs) {},
		}}
		resp, err := h.call(ctx, msg)
		if err != nil {
			return nil, err
		}
		if resp == nil {
			return nil, ctx.Err()
		}
		if resp.Error != nil {
			return nil, resp.Error
		}
		var page listPage
		if err := json.Unmarshal(resp.Result, &page); err != nil {
			return nil, err
		}
		for _, t := range page.Tools {
			plainOf[t.Name] = !declaresHeader(t.InputSchema)
		}
		if page.NextCursor == "" {
			return plainOf, nil
		}
		cursor = page.NextCursor
	}
	return nil, errTooManyPages
}

var errTooManyPages = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "tools/list: more than 1000 pages"}

// declaresHeader reports whether a schema holds an "x-mcp-header" key at
// any depth. go-sdk reads it only under nested "properties"; anywhere else
// is a false alarm, which sends the tool's calls to the fallback and costs
// nothing but speed. A schema that does not decode counts as declaring one.
func declaresHeader(schema json.RawMessage) bool {
	if len(schema) == 0 {
		return false
	}
	var v any
	if err := json.Unmarshal(schema, &v); err != nil {
		return true
	}
	return holdsKey(v, "x-mcp-header")
}

func holdsKey(v any, key string) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if k == key || holdsKey(e, key) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if holdsKey(e, key) {
				return true
			}
		}
	}
	return false
}
