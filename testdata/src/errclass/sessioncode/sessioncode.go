// Package sessioncode: -32700 (Parse error) answered for a session-id
// refusal, where the body was fine.
package sessioncode

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"fixtures/errclass/rpcutil"
)

var sessions = map[string]*struct{}{}

func serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "missing session") // want `answers -32700 \(Parse error\) to a request without Mcp-Session-Id, but the body parsed: answer 400 with -32000`
		return
	}
	if _, ok := sessions[id]; !ok {
		rpcutil.WriteError(w, http.StatusNotFound, -32700, "unknown session") // want `answers -32700 \(Parse error\) to an unknown or expired Mcp-Session-Id \(sessions\[id\]\), but the body parsed: answer 404 with -32001 \(Session not found\)`
		return
	}
}

// The right codes are not reported.
func right(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		rpcutil.WriteError(w, http.StatusBadRequest, protocol.CodeServerError, "missing session")
		return
	}
	if _, ok := sessions[id]; !ok {
		rpcutil.WriteError(w, http.StatusNotFound, protocol.CodeSessionNotFound, "Session not found")
		return
	}
}
