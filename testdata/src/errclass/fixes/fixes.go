// Package fixes: the suggested fixes of errclass, checked against
// fixes.go.golden.
package fixes

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"fixtures/errclass/rpcutil"
)

type hooks struct {
	store rpcutil.Store
}

func (h *hooks) constructor(ctx context.Context) error {
	if err := h.store.Put(ctx, "id"); err != nil {
		return protocol.ParseError(err) // want `answers 400 with -32700 \(Parse error\) for an error from h.store.Put`
	}
	return nil
}

func (h *hooks) named(w http.ResponseWriter, r *http.Request) {
	if err := h.store.Put(r.Context(), "id"); err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error") // want `answers 400 with -32700 \(Parse error\) for an error from h.store.Put`
	}
}

func (h *hooks) literal(w http.ResponseWriter, r *http.Request) {
	if err := h.store.Put(r.Context(), "id"); err != nil {
		rpcutil.WriteError(w, 400, -32700, "Parse error") // want `answers 400 with -32700 \(Parse error\) for an error from h.store.Put`
	}
}

func (h *hooks) plain(w http.ResponseWriter, r *http.Request) {
	if err := h.store.Put(r.Context(), "id"); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from h.store.Put`
	}
}

func tooLarge(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1024)
	if _, err := io.ReadAll(r.Body); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "body too large", http.StatusBadRequest) // want `answers 400 to a body over the http.MaxBytesReader limit`
			return
		}
		http.Error(w, "failed to read body", http.StatusBadRequest)
	}
}

var sessions = map[string]bool{}

// A session-id refusal's code: -32001 for an unknown session, -32000 for a
// missing one, in the spelling the code used (go-sdk's jsonrpc has neither
// name, so a literal). Its status is sessionstatus's fix.
func session(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		rpcutil.WriteError(w, http.StatusBadRequest, protocol.CodeParseError, "missing session") // want `answers -32700 \(Parse error\) to a request without Mcp-Session-Id: answer 400 with -32000`
		return
	}
	if !sessions[id] {
		rpcutil.WriteError(w, http.StatusNotFound, jsonrpc.CodeParseError, "unknown session") // want `answers -32700 \(Parse error\) to an unknown or expired Mcp-Session-Id`
		return
	}
}

func sessionLiteral(w http.ResponseWriter, r *http.Request) {
	if !sessions[r.Header.Get(protocol.HeaderSessionID)] {
		rpcutil.WriteError(w, http.StatusNotFound, -32700, "unknown session") // want `answers -32700 \(Parse error\) to an unknown or expired Mcp-Session-Id`
	}
}

// routes serves these handlers at MCP's endpoint, where the protocol's
// table says what they answer.
func (h *hooks) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /mcp", h.plain)
	mux.HandleFunc("POST /read/mcp", unread)
}

// unread: a body that cannot be read is the client's, 400.
func unread(w http.ResponseWriter, r *http.Request) {
	if _, err := io.ReadAll(r.Body); err != nil {
		http.Error(w, "cannot read the body", http.StatusInternalServerError) // want `answers HTTP 500 when reading the request body fails`
		return
	}
}
