// Command mcpgoreg serves an mcp-go MCPServer over a minimal Streamable HTTP
// endpoint of its own (JSON responses only, no SSE).
package main

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type endpoint struct {
	mcp   *server.MCPServer
	index *sessionIndex
}

func writeRPCError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(mcp.JSONRPCError{
		JSONRPC: mcp.JSONRPC_VERSION,
		Error:   mcp.NewJSONRPCErrorDetails(code, msg, nil),
	})
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		e.post(w, r)
	case http.MethodDelete:
		e.delete(w, r)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		writeRPCError(w, http.StatusMethodNotAllowed, -32000, "Method not allowed")
	}
}

func (e *endpoint) post(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		writeRPCError(w, http.StatusRequestEntityTooLarge, -32000, "Request body larger than 1 MiB")
		return
	}
	var head struct {
		Method string `json:"method"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		writeRPCError(w, http.StatusBadRequest, mcp.PARSE_ERROR, "Parse error")
		return
	}

	if head.Method == string(mcp.MethodInitialize) {
		e.initialize(w, r, raw)
		return
	}

	sess, err := e.index.fromRequest(r)
	if err != nil {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: "+err.Error())
		return
	}
	ctx := e.mcp.WithContext(r.Context(), sess)
	resp := e.mcp.HandleMessage(ctx, raw)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func (e *endpoint) initialize(w http.ResponseWriter, r *http.Request, raw []byte) {
	sess := &httpSession{id: uuid.NewString(), notify: make(chan mcp.JSONRPCNotification, 16)}
	if err := e.mcp.RegisterSession(r.Context(), sess); err != nil {
		log.Printf("register session: %v", err)
		writeRPCError(w, http.StatusInternalServerError, mcp.INTERNAL_ERROR, "Internal error")
		return
	}
	e.index.put(sess)

	resp := e.mcp.HandleMessage(e.mcp.WithContext(r.Context(), sess), raw)
	w.Header().Set("Content-Type", "application/json")
	if rpcErr, isErr := resp.(mcp.JSONRPCError); isErr {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(rpcErr)
		return
	}
	w.Header().Set("Mcp-Session-Id", sess.id)
	json.NewEncoder(w).Encode(resp)
}

func (e *endpoint) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		writeRPCError(w, http.StatusBadRequest, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if _, ok := e.index.take(id); !ok {
		writeRPCError(w, http.StatusNotFound, -32001, "Session not found")
		return
	}
	e.mcp.UnregisterSession(context.Background(), id)
	w.WriteHeader(http.StatusNoContent)
}

func main() {
	s := server.NewMCPServer("mcpgoreg", "0.2.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("whoami", mcp.WithDescription("report the session id")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			cs := server.ClientSessionFromContext(ctx)
			return mcp.NewToolResultText(cs.SessionID()), nil
		})

	http.Handle("/mcp", &endpoint{mcp: s, index: &sessionIndex{m: map[string]*httpSession{}}})
	log.Fatal(http.ListenAndServe(":8181", nil))
}
