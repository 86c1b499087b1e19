// Package sessioncode: -32700 (Parse error) answered for a session-id
// refusal, where the body was fine.
package sessioncode

import (
	"context"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"fixtures/errclass/rpcutil"
)

var sessions = map[string]*struct{}{}

func serve(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		rpcutil.WriteError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "missing session") // want `answers -32700 \(Parse error\) to a request without Mcp-Session-Id: answer 400 with -32000`
		return
	}
	if _, ok := sessions[id]; !ok {
		rpcutil.WriteError(w, http.StatusNotFound, -32700, "unknown session") // want `answers -32700 \(Parse error\) to an unknown or expired Mcp-Session-Id \(sessions\[id\]\): answer 404 with -32001`
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

type store interface {
	Get(ctx context.Context, id string) (*struct{}, error)
}

// A failed store lookup of the session id is sessionstatus's to judge (404
// or, for an outage, 500): errclass does not also call it a server-side 400.
func storeLookup(w http.ResponseWriter, r *http.Request, s store) {
	sess, err := s.Get(r.Context(), r.Header.Get("Mcp-Session-Id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_ = sess
	if _, err := s.Get(r.Context(), r.Header.Get("Mcp-Session-Id")); err != nil {
		rpcutil.WriteError(w, http.StatusNotFound, -32700, err.Error()) // want `answers -32700 \(Parse error\) to an unknown or expired Mcp-Session-Id \(s.Get\(...\)\)`
	}
}
