// Package good is a correct session-map handler: every failure is answered
// with the status and code of its cause. errclass reports nothing here.
package good

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/protocol"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const maxBody = 1 << 20

type sessionStore interface {
	Put(ctx context.Context, id string) error
}

type handler struct {
	server             *mcp.Server
	store              sessionStore
	SessionIDGenerator func() (string, error)
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			protocol.WriteError(w, nil, protocol.Internal(fmt.Errorf("panic: %v", p)))
		}
	}()
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			protocol.WriteError(w, nil, protocol.BodyTooLarge(tooLarge.Limit))
			return
		}
		protocol.WriteError(w, nil, protocol.BadRequest("Bad Request: unreadable body"))
		return
	}
	msg, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		protocol.WriteError(w, nil, protocol.ParseError(err))
		return
	}
	var probe any
	if err := json.Unmarshal(body, &probe); err != nil {
		protocol.WriteError(w, nil, protocol.ParseError(err))
		return
	}
	if _, ok := msg.(*jsonrpc.Request); !ok {
		protocol.WriteError(w, nil, protocol.InvalidRequest("Invalid Request: not a request"))
		return
	}
	id, err := h.SessionIDGenerator()
	if err != nil {
		protocol.WriteError(w, nil, protocol.Internal(err))
		return
	}
	if err := h.store.Put(r.Context(), id); err != nil {
		// Any error not already a *protocol.Error is answered 500/-32603.
		protocol.WriteError(w, nil, err)
		return
	}
	if _, err := h.server.Connect(r.Context(), &mcp.StreamableServerTransport{SessionID: id}, nil); err != nil {
		http.Error(w, "failed connection", http.StatusInternalServerError)
		return
	}
}
