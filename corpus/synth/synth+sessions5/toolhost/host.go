// Command toolhost hosts the team's internal tools on an mcp-go server
// behind a chi router.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type host struct {
	srv   *server.MCPServer
	conns conns
	log   *slog.Logger
}

func writeJSONRPCError(w http.ResponseWriter, status int, id any, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": mcp.JSONRPC_VERSION,
		"id":      id,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

func (h *host) post(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 2<<20))
	if err != nil {
		writeJSONRPCError(w, http.StatusRequestEntityTooLarge, nil, -32000, "Request body larger than 2 MiB")
		return
	}
	var env struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		writeJSONRPCError(w, http.StatusBadRequest, nil, mcp.PARSE_ERROR, "Parse error")
		return
	}

	if env.Method == string(mcp.MethodInitialize) {
		h.handshake(w, r, raw, env.ID)
		return
	}

	sid := r.Header.Get(server.HeaderKeySessionID)
	if sid == "" {
		writeJSONRPCError(w, http.StatusBadRequest, env.ID, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	conn := h.conns.lookup(sid)
	if conn == nil {
		writeJSONRPCError(w, http.StatusNotFound, env.ID, -32001, "Session not found")
		return
	}
	resp := h.srv.HandleMessage(h.srv.WithContext(r.Context(), conn), raw)
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

func (h *host) handshake(w http.ResponseWriter, r *http.Request, raw []byte, id any) {
	conn := &clientConn{id: uuid.NewString(), out: make(chan mcp.JSONRPCNotification, 32)}
	if err := h.srv.RegisterSession(r.Context(), conn); err != nil {
		h.log.Error("register session", "err", err)
		writeJSONRPCError(w, http.StatusInternalServerError, id, mcp.INTERNAL_ERROR, "Internal error")
		return
	}
	established := false
	defer func() {
		if !established {
			h.srv.UnregisterSession(context.WithoutCancel(r.Context()), conn.id)
		}
	}()

	resp := h.srv.HandleMessage(h.srv.WithContext(r.Context(), conn), raw)
	if e, isErr := resp.(mcp.JSONRPCError); isErr {
		writeJSONRPCError(w, http.StatusBadRequest, id, e.Error.Code, e.Error.Message)
		return
	}
	body, err := json.Marshal(resp)
	if err != nil {
		writeJSONRPCError(w, http.StatusInternalServerError, id, mcp.INTERNAL_ERROR, "Internal error")
		return
	}
	h.conns.Store(conn.id, conn)
	established = true
	w.Header().Set(server.HeaderKeySessionID, conn.id)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func (h *host) events(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(server.HeaderKeySessionID)
	if sid == "" {
		w.Header().Set("Allow", "POST, DELETE")
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	conn := h.conns.lookup(sid)
	if conn == nil {
		writeJSONRPCError(w, http.StatusNotFound, nil, -32001, "Session not found")
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeJSONRPCError(w, http.StatusInternalServerError, nil, mcp.INTERNAL_ERROR, "Internal error")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case n := <-conn.out:
			b, _ := json.Marshal(n)
			fmt.Fprintf(w, "event: message\ndata: %s\n\n", b)
			fl.Flush()
		}
	}
}

func (h *host) terminate(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(server.HeaderKeySessionID)
	if sid == "" {
		writeJSONRPCError(w, http.StatusBadRequest, nil, -32000, "Bad Request: Mcp-Session-Id header is required")
		return
	}
	if _, loaded := h.conns.LoadAndDelete(sid); !loaded {
		writeJSONRPCError(w, http.StatusNotFound, nil, -32001, "Session not found")
		return
	}
	h.srv.UnregisterSession(r.Context(), sid)
	w.WriteHeader(http.StatusNoContent)
}

func main() {
	srv := server.NewMCPServer("toolhost", "1.3.0", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("uptime", mcp.WithDescription("host uptime")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("up"), nil
		})
	h := &host{srv: srv, log: slog.New(slog.NewTextHandler(os.Stderr, nil))}

	r := chi.NewRouter()
	r.Post("/mcp", h.post)
	r.Get("/mcp", h.events)
	r.Delete("/mcp", h.terminate)
	if err := http.ListenAndServe(":8282", r); err != nil {
		h.log.Error("serve", "err", err)
	}
}
