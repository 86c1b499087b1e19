package mcpgofront

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// SessionRegistry remembers which session ids we handed out.
type SessionRegistry interface {
	Add(ctx context.Context, id string) error
	Exists(ctx context.Context, id string) (bool, error)
}

// Front is a small hand-written Streamable HTTP front end for an
// mcp-go MCPServer; we need our own session bookkeeping so it lives here
// rather than in server.StreamableHTTPServer.
type Front struct {
	srv      *server.MCPServer
	sessions SessionRegistry
	newID    func() (string, error)
}

func NewFront(srv *server.MCPServer, reg SessionRegistry, newID func() (string, error)) *Front {
	return &Front{srv: srv, sessions: reg, newID: newID}
}

func writeMsg(w http.ResponseWriter, status int, msg any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(msg)
}

func (f *Front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(mcp.NewRequestId(nil), -32000, "Bad Request: the request body could not be read", nil))
		return
	}
	if !json.Valid(body) {
		writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.PARSE_ERROR, "Parse error", nil))
		return
	}
	var head struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
	}
	_ = json.Unmarshal(body, &head)
	reqID := mcp.NewRequestId(head.ID)
	ctx := r.Context()

	if head.Method == "initialize" {
		sid, err := f.newID()
		if err != nil {
			writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(reqID, mcp.INTERNAL_ERROR, "could not allocate session", nil))
			return
		}
		if err := f.sessions.Add(ctx, sid); err != nil {
			writeMsg(w, http.StatusInternalServerError, mcp.NewJSONRPCError(reqID, mcp.INTERNAL_ERROR, "could not store session", nil))
			return
		}
		w.Header().Set(server.HeaderKeySessionID, sid)
	} else {
		sid := r.Header.Get(server.HeaderKeySessionID)
		if sid == "" {
			writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(reqID, mcp.INVALID_REQUEST, "Bad Request: Mcp-Session-Id header is required", nil))
			return
		}
		ok, err := f.sessions.Exists(ctx, sid)
		if err != nil {
			writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(reqID, mcp.INVALID_REQUEST, "invalid session", nil))
			return
		}
		if !ok {
			writeMsg(w, http.StatusNotFound, mcp.NewJSONRPCError(reqID, -32001, "Session not found", nil))
			return
		}
	}

	reply := f.srv.HandleMessage(ctx, body)
	if reply == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out, err := json.Marshal(reply)
	if err != nil {
		writeMsg(w, http.StatusBadRequest, mcp.NewJSONRPCError(reqID, mcp.PARSE_ERROR, "Parse error", nil))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}
